/** What `jobs submit` and `batch submit` do with the 202 answer: print it, or follow what it accepted. */
import type { ConnectionOptions } from '../api/connection';
import { printJsonLine } from '../output';

export interface SubmitOptions extends ConnectionOptions {
  modes?: string;
  language?: string;
  wait?: boolean;
}

/** Prints the answer as one JSON line; with --wait, shows it in the view and follows it until it ends instead. */
export async function printOrFollow<Answer, View extends { submitted(answer: Answer): void }>(
  answer: Answer,
  options: SubmitOptions,
  viewFor: (terminal: boolean) => View,
  follow: (view: View) => Promise<number>,
): Promise<void> {
  if (!options.wait) {
    printJsonLine(answer);
    return;
  }
  const view = viewFor(Boolean(process.stdout.isTTY));
  view.submitted(answer);
  process.exitCode = await follow(view);
}

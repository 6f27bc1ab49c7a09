/** What following a job and following a batch share: polite polling, and Ctrl-C as the way to stop waiting. */
import type { Connection } from '../api/connection';
import { EXIT } from '../exit-codes';
import { printNote } from '../output';
import { interruptOnSigint } from './interrupt';
import { PollPacer } from './pacing';
import { WaitInterrupted } from './retry';

export interface Followed {
  /** `jobs` or `batch`: the command that follows it again. */
  command: 'jobs' | 'batch';
  id: string;
  view: { close(): void };
}

/**
 * Runs `follow` with a pacer fed by every answer the client receives and a signal that Ctrl-C
 * aborts; on Ctrl-C it closes the view, prints how to follow again and resolves to EXIT.INTERRUPTED.
 */
export async function followUntilInterrupted(
  connection: Connection,
  followed: Followed,
  follow: (pacer: PollPacer, signal: AbortSignal) => Promise<number>,
): Promise<number> {
  const pacer = new PollPacer();
  connection.client.http.use({ onResponse: ({ response }) => void pacer.observe(response.headers) });
  const interrupt = interruptOnSigint();
  const { command, id, view } = followed;
  try {
    return await follow(pacer, interrupt.signal);
  } catch (error) {
    if (!(error instanceof WaitInterrupted)) throw error;
    view.close();
    printNote(`interrupted: stopped waiting for ${id}, which keeps running; follow it again with: cli ${command} status ${id} --wait`);
    return EXIT.INTERRUPTED;
  } finally {
    interrupt.dispose();
    view.close();
  }
}

/** What the job and batch views share: JSON lines for scripts, live bars for a person. */
import type { MultiBar, SingleBar } from 'cli-progress';
import { printJsonLine, printNote } from '../output';
import { createBars, formatSeconds } from './progress-bars';

const waitingNote = (reason: string, delaySeconds: number) => `waiting ${formatSeconds(delaySeconds)} before asking again: ${reason}`;

/** Without a terminal: every record as one JSON line, notes on stderr. */
export class JsonLinesView<Submission, Status> {
  submitted(submission: Submission) {
    printJsonLine(submission);
  }
  changed(status: Status) {
    printJsonLine(status);
  }
  retrying(reason: string, delaySeconds: number) {
    printNote(waitingNote(reason, delaySeconds));
  }
  close() {}
}

/** On a terminal: bars drawn at the first status, taken down by close. */
export abstract class LiveBarsView {
  protected readonly bars: MultiBar;
  /** The first bar drawn (the job's, or the batch's total): null until the first status, and once taken down. */
  protected lead: SingleBar | null = null;

  protected constructor(format: string) {
    this.bars = createBars(format);
  }

  retrying(reason: string, delaySeconds: number) {
    // The bars print logged lines when they next draw, which they do only once they exist.
    const line = waitingNote(reason, delaySeconds);
    if (this.lead) this.bars.log(` ${line}\n`);
    else printNote(line);
  }

  close() {
    if (this.lead) this.bars.stop();
    this.lead = null;
  }
}

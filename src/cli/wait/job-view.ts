/**
 * What a person or a script sees while a job is waited for: live bars on a terminal (the job's
 * progress, the step it is in, and a line for each step it finishes), JSON lines otherwise (the
 * status record at every change, then the result record).
 */
import type { SingleBar } from 'cli-progress';
import type { JobResult, JobStatus, JobSubmission } from '../../../client';
import { printJsonLine, printNote } from '../output';
import { createBars, formatSeconds } from './progress-bars';

export interface JobView {
  submitted(submission: JobSubmission): void;
  changed(status: JobStatus): void;
  retrying(reason: string, delaySeconds: number): void;
  completed(result: JobResult): void;
  failed(status: JobStatus): void;
  /** Takes the display down (bars stopped, cursor back) before anything else is printed. */
  close(): void;
}

export function jobViewFor(terminal: boolean): JobView {
  return terminal ? new JobBars() : new JobLines();
}

class JobLines implements JobView {
  submitted(submission: JobSubmission) {
    printJsonLine(submission);
  }
  changed(status: JobStatus) {
    printJsonLine(status);
  }
  retrying(reason: string, delaySeconds: number) {
    printNote(`waiting ${formatSeconds(delaySeconds)} before asking again: ${reason}`);
  }
  completed(result: JobResult) {
    printJsonLine(result);
  }
  failed() {
    // The last status line already says failed, with the job's error.
  }
  close() {}
}

class JobBars implements JobView {
  private readonly bars = createBars(' {bar} {percentage}% | {step}{remaining}');
  private bar: SingleBar | null = null;
  private step: { name: string; since: number } | null = null;

  submitted(submission: JobSubmission) {
    process.stdout.write(`submitted ${submission.job_id}\n`);
  }

  changed(status: JobStatus) {
    const remaining = status.estimated_time_remaining ? `, about ${formatSeconds(status.estimated_time_remaining)} left` : '';
    if (this.step && this.step.name !== status.current_step) {
      this.bars.log(` ✓ ${this.step.name} (${formatSeconds((Date.now() - this.step.since) / 1000)})\n`);
    }
    if (this.step?.name !== status.current_step) this.step = { name: status.current_step, since: Date.now() };
    const payload = { step: status.current_step, remaining };
    if (!this.bar) this.bar = this.bars.create(100, status.progress_percentage, payload);
    else this.bar.update(status.progress_percentage, payload);
  }

  retrying(reason: string, delaySeconds: number) {
    // The bars print logged lines when they next draw, which they do only once they exist.
    const line = `waiting ${formatSeconds(delaySeconds)} before asking again: ${reason}`;
    if (this.bar) this.bars.log(` ${line}\n`);
    else printNote(line);
  }

  completed(result: JobResult) {
    this.close();
    const took = result.processing_time === null ? '' : ` in ${formatSeconds(result.processing_time)}`;
    process.stdout.write(`✔ ${result.job_id} completed${took}; its result: cli jobs result ${result.job_id}\n`);
  }

  failed(status: JobStatus) {
    this.close();
    const reason = status.error ? `: ${status.error.code}: ${status.error.message}` : '';
    process.stdout.write(`✖ ${status.job_id} failed${reason}\n`);
  }

  close() {
    if (this.bar) this.bars.stop();
    this.bar = null;
  }
}

/**
 * What a person or a script sees while a job is waited for: live bars on a terminal (the job's
 * progress, the step it is in, and a line for each step it finishes), JSON lines otherwise (the
 * status record at every change, then the result record).
 */
import type { JobResult, JobStatus, JobSubmission } from '../../../client';
import { printJsonLine } from '../output';
import { formatSeconds } from './progress-bars';
import { JsonLinesView, LiveBarsView } from './view-bases';

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

class JobLines extends JsonLinesView<JobSubmission, JobStatus> implements JobView {
  completed(result: JobResult) {
    printJsonLine(result);
  }
  failed() {
    // The last status line already says failed, with the job's error.
  }
}

class JobBars extends LiveBarsView implements JobView {
  private step: { name: string; since: number } | null = null;

  constructor() {
    super(' {bar} {percentage}% | {step}{remaining}');
  }

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
    if (!this.lead) this.lead = this.bars.create(100, status.progress_percentage, payload);
    else this.lead.update(status.progress_percentage, payload);
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
}

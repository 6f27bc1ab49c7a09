/**
 * What a person or a script sees while a batch is waited for: on a terminal, a bar for the batch
 * as a whole and one for each video; otherwise JSON lines, the batch status record at every change.
 */
import type { SingleBar } from 'cli-progress';
import type { BatchStatus, BatchSubmission } from '../../../client';
import { printJsonLine, printNote } from '../output';
import { createBars, formatSeconds } from './progress-bars';

export interface BatchView {
  submitted(submission: BatchSubmission): void;
  changed(status: BatchStatus): void;
  retrying(reason: string, delaySeconds: number): void;
  finished(status: BatchStatus): void;
  close(): void;
}

export function batchViewFor(terminal: boolean): BatchView {
  return terminal ? new BatchBars() : new BatchLines();
}

class BatchLines implements BatchView {
  submitted(submission: BatchSubmission) {
    printJsonLine(submission);
  }
  changed(status: BatchStatus) {
    printJsonLine(status);
  }
  retrying(reason: string, delaySeconds: number) {
    printNote(`waiting ${formatSeconds(delaySeconds)} before asking again: ${reason}`);
  }
  finished() {
    // The last status line is the batch's final state.
  }
  close() {}
}

const MAX_LABEL_WIDTH = 24;
const TOTAL_LABEL = 'all videos';

/** A video as a person recognises it in a column: its id, or its address without the scheme, cut to fit. */
function videoLabel(url: string): string {
  const label = /[?&]v=([\w-]{11})(&|$)/.exec(url)?.[1] ?? url.replace(/^https?:\/\/(www\.)?/, '');
  return label.length > MAX_LABEL_WIDTH ? `${label.slice(0, MAX_LABEL_WIDTH - 1)}…` : label;
}

function jobState(job: BatchStatus['jobs'][number]): string {
  if (job.status === 'failed') return `failed: ${job.error?.code ?? 'unknown error'}`;
  return job.status === 'processing' ? job.current_step : job.status;
}

class BatchBars implements BatchView {
  private readonly bars = createBars(' {label} {bar} {percentage}% | {state}');
  private total: SingleBar | null = null;
  private readonly videos = new Map<string, SingleBar>();

  submitted(submission: BatchSubmission) {
    process.stdout.write(`submitted ${submission.batch_id}: ${submission.total_jobs} videos\n`);
  }

  changed(status: BatchStatus) {
    const labels = new Map(status.jobs.map((job) => [job.job_id, videoLabel(job.video_url)]));
    const width = Math.max(TOTAL_LABEL.length, ...[...labels.values()].map((label) => label.length));
    const ended = status.completed_jobs + status.failed_jobs;
    const totalPayload = {
      label: TOTAL_LABEL.padEnd(width),
      state: `${ended}/${status.total_jobs} ended (${status.completed_jobs} completed, ${status.failed_jobs} failed)`,
    };
    if (!this.total) this.total = this.bars.create(100, status.progress_percentage, totalPayload);
    else this.total.update(status.progress_percentage, totalPayload);
    for (const job of status.jobs) {
      const payload = { label: (labels.get(job.job_id) ?? '').padEnd(width), state: jobState(job) };
      const bar = this.videos.get(job.job_id);
      if (bar) bar.update(job.progress_percentage, payload);
      else this.videos.set(job.job_id, this.bars.create(100, job.progress_percentage, payload));
    }
  }

  retrying(reason: string, delaySeconds: number) {
    // The bars print logged lines when they next draw, which they do only once they exist.
    const line = `waiting ${formatSeconds(delaySeconds)} before asking again: ${reason}`;
    if (this.total) this.bars.log(` ${line}\n`);
    else printNote(line);
  }

  finished(status: BatchStatus) {
    this.close();
    const mark = status.status === 'completed' ? '✔' : '✖';
    process.stdout.write(
      `${mark} ${status.batch_id} ${status.status}: ${status.completed_jobs} completed, ${status.failed_jobs} failed; results: cli batch results ${status.batch_id}\n`,
    );
  }

  close() {
    if (this.total) this.bars.stop();
    this.total = null;
  }
}

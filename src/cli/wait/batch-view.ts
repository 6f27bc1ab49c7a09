/**
 * What a person or a script sees while a batch is waited for: on a terminal, a bar for the batch
 * as a whole and one for each video; otherwise JSON lines, the batch status record at every change.
 */
import type { SingleBar } from 'cli-progress';
import type { BatchStatus, BatchSubmission } from '../../../client';
import { JsonLinesView, LiveBarsView } from './view-bases';

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

class BatchLines extends JsonLinesView<BatchSubmission, BatchStatus> implements BatchView {
  finished() {
    // The last status line is the batch's final state.
  }
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

class BatchBars extends LiveBarsView implements BatchView {
  private readonly videos = new Map<string, SingleBar>();

  constructor() {
    super(' {label} {bar} {percentage}% | {state}');
  }

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
    if (!this.lead) this.lead = this.bars.create(100, status.progress_percentage, totalPayload);
    else this.lead.update(status.progress_percentage, totalPayload);
    for (const job of status.jobs) {
      const payload = { label: (labels.get(job.job_id) ?? '').padEnd(width), state: jobState(job) };
      const bar = this.videos.get(job.job_id);
      if (bar) bar.update(job.progress_percentage, payload);
      else this.videos.set(job.job_id, this.bars.create(100, job.progress_percentage, payload));
    }
  }

  finished(status: BatchStatus) {
    this.close();
    const mark = status.status === 'completed' ? '✔' : '✖';
    process.stdout.write(
      `${mark} ${status.batch_id} ${status.status}: ${status.completed_jobs} completed, ${status.failed_jobs} failed; results: cli batch results ${status.batch_id}\n`,
    );
  }
}

/** The status record's estimated_time_remaining: seconds left, 0 only once the job is done. */
import { statusRecord } from '../../src/jobs/api-views';
import type { JobRow } from '../../src/storage/schema';

const startedAt = new Date('2026-11-26T12:00:00.000Z');

/** The fields statusRecord reads; the rest of a row does not enter the estimate. */
function job(status: JobRow['status'], progress: number): JobRow {
  return {
    id: 'job_estimate',
    status,
    progress_percentage: progress,
    current_step: status === 'completed' ? 'completed' : 'summarizing',
    started_at: startedAt,
    created_at: startedAt,
    updated_at: startedAt,
    completed_at: status === 'completed' ? startedAt : null,
    request: {},
  } as unknown as JobRow;
}

test('extrapolates the time so far over the progress still to make', () => {
  expect(statusRecord(job('processing', 40), null, startedAt.getTime() + 20_000).estimated_time_remaining).toBe(30);
});

test('never says 0 while the job runs, however fast it has gone so far', () => {
  for (const progress of [40, 95, 99]) {
    expect(statusRecord(job('processing', progress), null, startedAt.getTime() + 100).estimated_time_remaining).toBe(1);
  }
});

test('is 0 once completed, and null before there is anything to extrapolate from', () => {
  expect(statusRecord(job('completed', 100), null, startedAt.getTime() + 100).estimated_time_remaining).toBe(0);
  expect(statusRecord(job('queued', 0), null, startedAt.getTime()).estimated_time_remaining).toBeNull();
});

/** Why a job failed (docs/api-behaviour.md#job-failure-codes). */
export const JOB_FAILURE_CODES = [
  'VIDEO_UNAVAILABLE',
  'TRANSCRIPT_UNAVAILABLE',
  'SOURCE_BLOCKED',
  'SOURCE_UNREACHABLE',
  'SUMMARIZATION_FAILED',
  'INTERNAL_ERROR',
] as const;
export type JobFailureCode = (typeof JOB_FAILURE_CODES)[number];

export interface JobFailure {
  code: JobFailureCode;
  message: string;
}

export function isJobFailureCode(value: unknown): value is JobFailureCode {
  return typeof value === 'string' && (JOB_FAILURE_CODES as readonly string[]).includes(value);
}

/** Why a job failed (contract section 2, "Failure codes of a job"). */
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

/**
 * What a client command says when the service refuses or cannot be reached: the envelope's code
 * and message (and what details help a person act) on stderr, and the exit code for it.
 */
import { ServiceUnreachableError, UnexpectedResponseError, VideoDigestApiError } from '../../../client';
import { EXIT } from '../exit-codes';

export interface FailureReport {
  lines: string[];
  exitCode: number;
}

/** Validation issues as `path: message`, one per line, as a person fixes them. */
function issueLines(details: Record<string, unknown> | undefined): string[] {
  const issues = details?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.map((issue: { path?: unknown; message?: unknown }) => `  ${String(issue.path ?? '') || '(body)'}: ${String(issue.message ?? '')}`);
}

export function describeApiFailure(error: unknown): FailureReport | null {
  if (error instanceof VideoDigestApiError) {
    const lines = [`error: ${error.code}: ${error.message}`, ...issueLines(error.details)];
    if (error.retryAfterSeconds !== null) lines.push(`  retry after ${error.retryAfterSeconds} s`);
    lines.push(`  (HTTP ${error.status}, request ${error.requestId})`);
    return { lines, exitCode: EXIT.FAILED };
  }
  if (error instanceof UnexpectedResponseError) return { lines: [`error: ${error.message}`], exitCode: EXIT.FAILED };
  if (error instanceof ServiceUnreachableError) return { lines: [`error: ${error.message}`], exitCode: EXIT.UNAVAILABLE };
  return null;
}

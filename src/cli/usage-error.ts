import type { z } from 'zod';

/** A command used wrongly: the CLI prints the message and the command's help, and exits 64. */
export class UsageError extends Error {}

/** A zod failure of command-line values, as one line naming every problem. */
export function usageErrorFrom(error: z.ZodError): UsageError {
  return new UsageError(error.issues.map((issue) => issue.message).join('; '));
}

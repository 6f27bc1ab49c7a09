import type { ZodError, ZodType, z } from 'zod';
import { AppError } from '../domain/errors';

export interface ValidationIssue {
  path: string;
  message: string;
}

export function validationIssues(error: ZodError, prefix: string[] = []): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: [...prefix, ...issue.path.map(String)].join('.') || '(root)',
    message: issue.message,
  }));
}

export function parseOrThrow<S extends ZodType>(schema: S, value: unknown, where: 'body' | 'query'): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = validationIssues(result.error);
  const first = issues[0];
  throw new AppError(
    'VALIDATION_ERROR',
    first ? `Invalid ${where}: ${first.path}: ${first.message}` : `Invalid ${where}`,
    { issues },
  );
}

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

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be stored as text, or null: Postgres refuses NUL, and half a surrogate pair is not Unicode. */
function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(text)) return 'must not contain unpaired surrogates (invalid Unicode)';
  return null;
}

/** A key that is itself unstorable is shown escaped, so the issue list can be stored and logged. */
const pathSegment = (key: string) => (unstorableText(key) ? JSON.stringify(key).slice(1, -1) : key);

/** Enough to fix a request by; a body of a million bad strings must not become a response of a million issues. */
const MAX_TEXT_ISSUES = 100;
/** Past this depth a path is shown abbreviated, for the same reason. */
const MAX_PATH_SEGMENTS = 16;

/**
 * Every string in a request, object keys included, checked once here rather than field by field in
 * each schema (docs/api-behaviour.md#text-rules), so no route can forget a field. Iterative, and
 * each node knows only its parent: a parsed body may nest far deeper than the call stack, and
 * copying paths down a deep nesting would cost its depth squared.
 */
export function unstorableTextIssues(value: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const nodes: Array<{ value: unknown; parent: number; key: string }> = [{ value, parent: -1, key: '' }];
  const pathOf = (index: number, key?: string) => {
    const segments = key === undefined ? [] : [pathSegment(key)];
    for (let at = index; at > 0; at = nodes[at]!.parent) segments.push(pathSegment(nodes[at]!.key));
    segments.reverse();
    const shown = segments.length > MAX_PATH_SEGMENTS ? [...segments.slice(0, 8), '…', ...segments.slice(-7)] : segments;
    return shown.join('.') || '(root)';
  };
  for (let index = 0; index < nodes.length && issues.length < MAX_TEXT_ISSUES; index++) {
    const current = nodes[index]!.value;
    if (typeof current === 'string') {
      const problem = unstorableText(current);
      if (problem) issues.push({ path: pathOf(index), message: problem });
    } else if (Array.isArray(current)) {
      current.forEach((item, position) => nodes.push({ value: item, parent: index, key: String(position) }));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const keyProblem = unstorableText(key);
        if (keyProblem) issues.push({ path: pathOf(index, key), message: `key ${keyProblem}` });
        nodes.push({ value: item, parent: index, key });
      }
    }
  }
  return issues.slice(0, MAX_TEXT_ISSUES);
}

export function parseOrThrow<S extends ZodType>(schema: S, value: unknown, where: 'body' | 'query'): z.output<S> {
  const textIssues = unstorableTextIssues(value);
  const result = schema.safeParse(value);
  if (result.success && textIssues.length === 0) return result.data;
  const issues = [...textIssues, ...(result.success ? [] : validationIssues(result.error))];
  const first = issues[0];
  throw new AppError(
    'VALIDATION_ERROR',
    first ? `Invalid ${where}: ${first.path}: ${first.message}` : `Invalid ${where}`,
    { issues },
  );
}

/**
 * The marks of a monthly quota that are announced: 80% and 100% of the videos it allows. One
 * judgement for the usage report's warnings and the email notices, on the counts themselves (a
 * percent rounded for display would reach 100 with a video left).
 */
export type QuotaMark = 80 | 100;

/** The highest mark `used` of `limit` has reached; null below 80% or without a cap. */
export function quotaMarkReached(used: number, limit: number | null): QuotaMark | null {
  if (limit === null || limit <= 0) return null;
  if (used >= limit) return 100;
  if (used * 100 >= 80 * limit) return 80;
  return null;
}

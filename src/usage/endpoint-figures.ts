/** Requests by route, as the current and analytics reports list them. */
import type { Db } from '../storage/database';
import { endpointBreakdown, type EndpointFigures } from '../storage/repositories/usage-reports';
import { percent, round } from './rounding';

export function endpointEntry(e: EndpointFigures) {
  return {
    method: e.method,
    endpoint: e.endpoint,
    requests: e.requests,
    errors: e.errors,
    error_rate_percent: percent(e.errors, e.requests) ?? 0,
    average_duration_seconds: round(e.averageDurationMs / 1000, 4),
  };
}

/** Requests refused with 429 (throttle or quota) between the two instants. */
export async function refusedWith429(db: Db, userId: string, from: Date, to: Date): Promise<number> {
  const rows = await endpointBreakdown(db, userId, from, to);
  return rows.reduce((sum, r) => sum + r.throttled, 0);
}

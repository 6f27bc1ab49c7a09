import { sql } from 'kysely';
import { defineRoute } from '../route';
import type { Db } from '../../storage/database';
import type { SharedCache } from '../../storage/shared-cache';
import type { TemporalHandle } from '../../temporal/client';
import { HealthSchema } from './schemas';
import type { Drain } from '../drain';
import { RETRY_AFTER_SECONDS } from '../request-deadline';
import { errorBody } from '../middleware/errors';
import { AppError } from '../../domain/errors';

interface HealthDeps {
  db: Db;
  store: SharedCache;
  temporal: TemporalHandle;
  drain?: Drain;
}

type Check = { status: 'ok' | 'error'; detail?: string };

/** How long each dependency has to answer a health check. */
export const CHECK_TIMEOUT_MS = 3_000;

/** Each dependency answers within a bound, so /health itself never hangs. */
async function probe(name: string, run: () => Promise<unknown>): Promise<[string, Check]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS))),
    ]);
    return [name, { status: 'ok' }];
  } catch (error) {
    // The reason only: no hostnames or connection strings.
    const detail = (error as Error).message === 'timed out' ? 'timed out' : 'unreachable';
    return [name, { status: 'error', detail }];
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoute = (deps: HealthDeps) =>
  defineRoute({
    method: 'get',
    path: '/health',
    summary: 'Service health',
    description:
      'No key needed. 200 with status "ok" when the database, Redis (if configured) and Temporal answer; ' +
      '200 with status "degraded" when only Redis does not (the service keeps serving, throttling per process); ' +
      '503 when the database or Temporal does not, and 503 with status "draining" while the process shuts down.',
    auth: { kind: 'none' },
    responses: {
      200: { description: 'Serving: every dependency answers ("ok"), or all but Redis ("degraded")', schema: HealthSchema },
      503: { description: 'The database or Temporal is down, or the process is shutting down', schema: HealthSchema },
    },
    async handler({ ctx }) {
      // A 503 is an error like any other: the envelope (success false, error, request_id) beside the checks.
      const unavailable = (message: string) => errorBody(new AppError('SERVICE_UNAVAILABLE', message), ctx.state.requestId);
      if (deps.drain?.draining) {
        return {
          status: 503,
          headers: { 'Retry-After': RETRY_AFTER_SECONDS },
          body: {
            status: 'draining',
            checks: { api: { status: 'error', detail: 'shutting down' } },
            ...unavailable('The service is shutting down'),
          },
        };
      }
      const checks = await Promise.all([
        probe('database', () => sql`SELECT 1`.execute(deps.db)),
        probe('redis', () => deps.store.ping()),
        // The API's Temporal client gives GetSystemInfo a CHECK_TIMEOUT_MS deadline itself.
        probe('temporal', () => deps.temporal.connection.workflowService.getSystemInfo({})),
      ]);
      const checkRecord = Object.fromEntries(checks) as Record<string, Check>;
      if (deps.store.kind === 'memory') checkRecord.redis = { status: 'ok', detail: 'in-process store (no REDIS_URL)' };
      const failing = checks.filter(([, check]) => check.status === 'error').map(([name]) => name);
      if (failing.length === 0) return { body: { success: true, status: 'ok', checks: checkRecord } };
      // Redis is not needed to serve: without it, throttling counts per process and shared-cache
      // reads miss, so the service is degraded, not down.
      if (failing.every((name) => name === 'redis')) return { body: { success: true, status: 'degraded', checks: checkRecord } };
      return {
        status: 503,
        headers: { 'Retry-After': RETRY_AFTER_SECONDS },
        body: { status: 'degraded', checks: checkRecord, ...unavailable(`Not answering: ${failing.join(', ')}`) },
      };
    },
  });

/**
 * The request observer that records every authenticated API request: user, key, method, the
 * declared route template (never the raw URL with ids), final HTTP status, duration and time. It
 * only hands a row to the recorder (a synchronous push): nothing here waits on the database.
 */
import type { RequestObserver } from './observe-requests';
import type { UsageRecorder } from '../../usage/recorder';

export function recordApiRequests(recorder: UsageRecorder): RequestObserver {
  return ({ ctx, startedAt, durationMs }) => {
    // The router names the declared route it dispatched to (aliases report the declared path)
    // and stores the caller once its key is valid, so requests the throttle or the permission
    // check refused are counted too; those with no valid key, and unknown paths, are not.
    const { route, principal } = ctx.state;
    if (route && route.auth.kind !== 'none' && principal?.userId) {
      recorder.record({
        userId: principal.userId,
        keyId: principal.keyId || null,
        method: ctx.method,
        endpoint: route.path,
        statusCode: ctx.status,
        durationMs: Math.round(durationMs * 1000) / 1000,
        at: startedAt,
      });
    }
  };
}

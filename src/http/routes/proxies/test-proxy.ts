import { notFound } from '../../../domain/errors';
import { proxyRecord, testProxy } from '../../../proxies';
import { defineRoute } from '../../route';
import { ADMIN, poolProxy, type ProxyRouteServices } from './route-basics';
import { ProxyTestSchema } from './schemas';

export const testProxyRoute = ({ db, config }: ProxyRouteServices) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/proxies/:proxy_id/test',
    summary: 'Test a proxy against YouTube',
    description:
      'Requests a YouTube watch page (at YOUTUBE_BASE_URL) through the proxy and records the outcome. ok brings a ' +
      'cooling-down proxy back at once; unreachable cools it down; blocked marks it failing. latency_seconds is the time ' +
      'to the answer, in seconds.',
    auth: ADMIN,
    resource: poolProxy(db),
    responses: { 200: { description: 'The outcome', schema: ProxyTestSchema } },
    async handler({ resource: row }) {
      const result = await testProxy(db, row, {
        youtubeBaseUrl: config.youtube.baseUrl,
        requestTimeoutMs: config.youtube.requestTimeoutMs,
      });
      // Removed while it was being tested.
      if (!result.row) throw notFound('Proxy');
      return {
        body: {
          proxy_id: row.id,
          ok: result.ok,
          outcome: result.outcome,
          latency_seconds: Math.round(result.latencyMs) / 1000,
          ...(result.error !== undefined ? { error: result.error } : {}),
          proxy: proxyRecord(result.row),
        },
      };
    },
  });

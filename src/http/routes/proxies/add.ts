import { AppError } from '../../../domain/errors';
import { DuplicateProxyError, insertProxy } from '../../../storage/repositories/proxies';
import { parseProxyUrl, proxyRecord } from '../../../proxies';
import { defineRoute } from '../../route';
import { refusal } from '../../standard-responses';
import { ADMIN, type ProxyRouteServices } from './route-basics';
import { AddProxyBody, ProxyResponseSchema } from './schemas';

export const addProxyRoute = ({ db }: ProxyRouteServices) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/proxies',
    aliases: ['/api/v1/proxies/'],
    summary: 'Add a proxy',
    description:
      'http:// or https:// (HTTP CONNECT) proxies, scheme://[user:password@]host[:port]. Enabled proxies are used by ' +
      'jobs with use_proxy true (always) or null (when YouTube blocks the direct request).',
    auth: ADMIN,
    request: { body: AddProxyBody },
    responses: {
      201: { description: 'The proxy', schema: ProxyResponseSchema },
      422: refusal('VALIDATION_ERROR (unsupported scheme, malformed URL, already in the pool)'),
    },
    async handler({ body }) {
      const verdict = parseProxyUrl(body.url);
      if (!verdict.ok) throw invalid('url', verdict.message);
      const username = body.username !== undefined ? body.username || null : verdict.value.username;
      const password = body.password !== undefined ? body.password || null : verdict.value.password;
      try {
        const row = await insertProxy(db, {
          url: verdict.value.url,
          username,
          password,
          label: body.label?.trim() || null,
          enabled: body.enabled ?? true,
        });
        return { status: 201, body: proxyRecord(row) };
      } catch (error) {
        if (error instanceof DuplicateProxyError) throw invalid('url', error.message);
        throw error;
      }
    },
  });

/** The same refusal a schema's own would be, for what only parsing the address can tell. */
function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', `Invalid body: ${path}: ${message}`, { issues: [{ path, message }] });
}

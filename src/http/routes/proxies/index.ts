/**
 * /api/v1/proxies: the proxy pool YouTube requests may go through (interface.md 4.5). Every
 * route needs a key with the admin permission. Passwords are never echoed.
 */
import { defineRoute, type AnyRoute } from '../../route';
import { AppError, notFound } from '../../../domain/errors';
import type { Config } from '../../../config';
import type { Db } from '../../../storage/database';
import {
  DuplicateProxyError,
  deleteProxy,
  findProxy,
  insertProxy,
  listProxies,
  updateProxy,
} from '../../../storage/repositories/proxies';
import { parseProxyUrl, proxyRecord, testProxy } from '../../../proxies';
import { ErrorEnvelopeSchema, authErrors } from '../schemas';
import {
  AddProxyBody,
  ProxyIdParams,
  ProxyListSchema,
  ProxyRemovedSchema,
  ProxyResponseSchema,
  ProxyTestSchema,
  UpdateProxyBody,
} from './schemas';

export interface ProxyRouteServices {
  db: Db;
  config: Pick<Config, 'YOUTUBE_BASE_URL' | 'YOUTUBE_REQUEST_TIMEOUT_MS'>;
}

const ADMIN = { kind: 'key', permission: 'admin' } as const;
const TAGS = ['proxies'];
const adminErrors = {
  ...authErrors,
  403: { description: 'INSUFFICIENT_PERMISSIONS (the key lacks admin)', schema: ErrorEnvelopeSchema },
};
const notFoundResponse = { 404: { description: 'NOT_FOUND', schema: ErrorEnvelopeSchema } };

export function proxyRoutes(services: ProxyRouteServices): AnyRoute[] {
  const { db } = services;
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/proxies',
      aliases: ['/api/v1/proxies/'],
      summary: 'The proxy pool',
      description: 'Every proxy, oldest first, with its health. Passwords are shown as ****.',
      tags: TAGS,
      auth: ADMIN,
      responses: { 200: { description: 'The proxies', schema: ProxyListSchema }, ...adminErrors },
      async handler() {
        const now = Date.now();
        return { body: { proxies: (await listProxies(db)).map((row) => proxyRecord(row, now)) } };
      },
    }),

    defineRoute({
      method: 'post',
      path: '/api/v1/proxies',
      aliases: ['/api/v1/proxies/'],
      summary: 'Add a proxy',
      description:
        'http:// or https:// (HTTP CONNECT) proxies, scheme://[user:password@]host[:port]. Enabled proxies are used by ' +
        'jobs with use_proxy true (always) or null (when YouTube blocks the direct request).',
      tags: TAGS,
      auth: ADMIN,
      request: { body: AddProxyBody },
      responses: {
        201: { description: 'The proxy', schema: ProxyResponseSchema },
        400: { description: 'INVALID_JSON', schema: ErrorEnvelopeSchema },
        ...adminErrors,
        422: { description: 'VALIDATION_ERROR (unsupported scheme, malformed URL, already in the pool)', schema: ErrorEnvelopeSchema },
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
    }),

    defineRoute({
      method: 'get',
      path: '/api/v1/proxies/:proxy_id',
      summary: 'One proxy',
      tags: TAGS,
      auth: ADMIN,
      request: { params: ProxyIdParams },
      responses: { 200: { description: 'The proxy', schema: ProxyResponseSchema }, ...adminErrors, ...notFoundResponse },
      async handler({ params }) {
        const row = await findProxy(db, params.proxy_id);
        if (!row) throw notFound('Proxy');
        return { body: proxyRecord(row) };
      },
    }),

    defineRoute({
      method: 'patch',
      path: '/api/v1/proxies/:proxy_id',
      summary: 'Rename, enable or disable a proxy',
      tags: TAGS,
      auth: ADMIN,
      request: { params: ProxyIdParams, body: UpdateProxyBody },
      responses: {
        200: { description: 'The proxy', schema: ProxyResponseSchema },
        ...adminErrors,
        ...notFoundResponse,
        422: { description: 'VALIDATION_ERROR', schema: ErrorEnvelopeSchema },
      },
      async handler({ params, body }) {
        const label = body.label === undefined ? undefined : body.label?.trim() || null;
        const row = await updateProxy(db, params.proxy_id, { label, enabled: body.enabled });
        if (!row) throw notFound('Proxy');
        return { body: proxyRecord(row) };
      },
    }),

    defineRoute({
      method: 'delete',
      path: '/api/v1/proxies/:proxy_id',
      summary: 'Remove a proxy',
      description: 'Calls already going through it finish; later calls no longer use it.',
      tags: TAGS,
      auth: ADMIN,
      request: { params: ProxyIdParams },
      responses: { 200: { description: 'Removed', schema: ProxyRemovedSchema }, ...adminErrors, ...notFoundResponse },
      async handler({ params }) {
        if (!(await deleteProxy(db, params.proxy_id))) throw notFound('Proxy');
        return { body: { proxy_id: params.proxy_id, removed: true } };
      },
    }),

    defineRoute({
      method: 'post',
      path: '/api/v1/proxies/:proxy_id/test',
      summary: 'Test a proxy against YouTube',
      description:
        'Requests a YouTube watch page (at YOUTUBE_BASE_URL) through the proxy and records the outcome. ok brings a ' +
        'cooling-down proxy back at once; unreachable cools it down; blocked marks it failing. latency_seconds is the time ' +
        'to the answer, in seconds.',
      tags: TAGS,
      auth: ADMIN,
      request: { params: ProxyIdParams },
      responses: { 200: { description: 'The outcome', schema: ProxyTestSchema }, ...adminErrors, ...notFoundResponse },
      async handler({ params }) {
        const row = await findProxy(db, params.proxy_id);
        if (!row) throw notFound('Proxy');
        const result = await testProxy(db, row, {
          youtubeBaseUrl: services.config.YOUTUBE_BASE_URL,
          requestTimeoutMs: services.config.YOUTUBE_REQUEST_TIMEOUT_MS,
        });
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
    }),
  ];
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', `Invalid body: ${path}: ${message}`, { issues: [{ path, message }] });
}

import { notFound } from '../../../domain/errors';
import { updateProxy } from '../../../storage/repositories/proxies';
import { proxyRecord } from '../../../proxies';
import { defineRoute } from '../../route';
import { ADMIN, type ProxyRouteServices } from './route-basics';
import { ProxyIdParams, ProxyResponseSchema, UpdateProxyBody } from './schemas';

export const updateProxyRoute = ({ db }: ProxyRouteServices) =>
  defineRoute({
    method: 'patch',
    path: '/api/v1/proxies/:proxy_id',
    summary: 'Rename, enable or disable a proxy',
    auth: ADMIN,
    request: { params: ProxyIdParams, body: UpdateProxyBody },
    responses: { 200: { description: 'The proxy', schema: ProxyResponseSchema } },
    async handler({ params, body }) {
      const label = body.label === undefined ? undefined : body.label?.trim() || null;
      const row = await updateProxy(db, params.proxy_id, { label, enabled: body.enabled });
      if (!row) throw notFound('Proxy');
      return { body: proxyRecord(row) };
    },
  });

import { notFound } from '../../../domain/errors';
import { findProxy } from '../../../storage/repositories/proxies';
import { proxyRecord } from '../../../proxies';
import { defineRoute } from '../../route';
import { ADMIN, TAGS, type ProxyRouteServices } from './route-basics';
import { ProxyIdParams, ProxyResponseSchema } from './schemas';

export const getProxyRoute = ({ db }: ProxyRouteServices) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/proxies/:proxy_id',
    summary: 'One proxy',
    tags: TAGS,
    auth: ADMIN,
    request: { params: ProxyIdParams },
    responses: { 200: { description: 'The proxy', schema: ProxyResponseSchema } },
    async handler({ params }) {
      const row = await findProxy(db, params.proxy_id);
      if (!row) throw notFound('Proxy');
      return { body: proxyRecord(row) };
    },
  });

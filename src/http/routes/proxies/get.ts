import { proxyRecord } from '../../../proxies';
import { defineRoute } from '../../route';
import { ADMIN, poolProxy, type ProxyRouteServices } from './route-basics';
import { ProxyResponseSchema } from './schemas';

export const getProxyRoute = ({ db }: ProxyRouteServices) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/proxies/:proxy_id',
    summary: 'One proxy',
    auth: ADMIN,
    resource: poolProxy(db),
    responses: { 200: { description: 'The proxy', schema: ProxyResponseSchema } },
    async handler({ resource: row }) {
      return { body: proxyRecord(row) };
    },
  });

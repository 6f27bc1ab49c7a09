import { notFound } from '../../../domain/errors';
import { deleteProxy } from '../../../storage/repositories/proxies';
import { defineRoute } from '../../route';
import { ADMIN, type ProxyRouteServices } from './route-basics';
import { ProxyIdParams, ProxyRemovedSchema } from './schemas';

export const removeProxyRoute = ({ db }: ProxyRouteServices) =>
  defineRoute({
    method: 'delete',
    path: '/api/v1/proxies/:proxy_id',
    summary: 'Remove a proxy',
    description: 'Calls already going through it finish; later calls no longer use it.',
    auth: ADMIN,
    request: { params: ProxyIdParams },
    responses: { 200: { description: 'Removed', schema: ProxyRemovedSchema } },
    async handler({ params }) {
      if (!(await deleteProxy(db, params.proxy_id))) throw notFound('Proxy');
      return { body: { proxy_id: params.proxy_id, removed: true } };
    },
  });

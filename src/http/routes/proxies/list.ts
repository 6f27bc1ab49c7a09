import { listProxies } from '../../../storage/repositories/proxies';
import { proxyRecord } from '../../../proxies';
import { defineRoute } from '../../route';
import { ADMIN, type ProxyRouteServices } from './route-basics';
import { ProxyListSchema } from './schemas';

export const listProxiesRoute = ({ db }: ProxyRouteServices) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/proxies',
    aliases: ['/api/v1/proxies/'],
    summary: 'The proxy pool',
    description: 'Every proxy, oldest first, with its health. Passwords are shown as ****.',
    auth: ADMIN,
    responses: { 200: { description: 'The proxies', schema: ProxyListSchema } },
    async handler() {
      const now = Date.now();
      return { body: { proxies: (await listProxies(db)).map((row) => proxyRecord(row, now)) } };
    },
  });

/**
 * /api/v1/proxies: the proxy pool YouTube requests may go through
 * (docs/api-behaviour.md#outbound-requests). Every route needs a key with the admin permission.
 * Passwords are never echoed.
 */
import type { AnyRoute } from '../../route';
import { addProxyRoute } from './add';
import { getProxyRoute } from './get';
import { listProxiesRoute } from './list';
import { removeProxyRoute } from './remove';
import type { ProxyRouteServices } from './route-basics';
import { testProxyRoute } from './test-proxy';
import { updateProxyRoute } from './update';

export function proxyRoutes(services: ProxyRouteServices): AnyRoute[] {
  return [
    listProxiesRoute(services),
    addProxyRoute(services),
    getProxyRoute(services),
    updateProxyRoute(services),
    removeProxyRoute(services),
    testProxyRoute(services),
  ];
}

/** What every /api/v1/proxies route shares: its services, its tag, the admin key it needs, and the proxy its path names. */
import type { Config } from '../../../config';
import type { Db } from '../../../storage/database';
import type { ProxyRow } from '../../../storage/schema';
import { findProxy } from '../../../storage/repositories/proxies';
import { keyWith, type RouteResource } from '../../route';
import { ProxyIdParams } from './schemas';

export interface ProxyRouteServices {
  db: Db;
  config: Pick<Config, 'youtube'>;
}

/** The pool decides where every YouTube request of every user goes, so only admin keys touch it. */
export const ADMIN = keyWith('admin');

/** The pool is the service's, not a user's: any proxy of it, for an admin key. */
export function poolProxy(db: Db): RouteResource<typeof ProxyIdParams, ProxyRow> {
  return { name: 'Proxy', params: ProxyIdParams, notFound: 'NOT_FOUND: no proxy with this id', find: ({ params }) => findProxy(db, params.proxy_id) };
}

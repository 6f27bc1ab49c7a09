/** What every /api/v1/proxies route shares: its services, its tag, and the admin key it needs. */
import type { Config } from '../../../config';
import type { Db } from '../../../storage/database';

export interface ProxyRouteServices {
  db: Db;
  config: Pick<Config, 'youtube'>;
}

/** The pool decides where every YouTube request of every user goes, so only admin keys touch it. */
export const ADMIN = { kind: 'key', permission: 'admin' } as const;

export const TAGS = ['proxies'];

/** Every route under /api/v1/account: the caller's own account settings. */
import type { AnyRoute } from '../../route';
import { getNotificationSettingsRoute, updateNotificationSettingsRoute, type AccountRouteDeps } from './notifications';

export type { AccountRouteDeps } from './notifications';

export function accountRoutes(deps: AccountRouteDeps): AnyRoute[] {
  return [getNotificationSettingsRoute(deps), updateNotificationSettingsRoute(deps)];
}

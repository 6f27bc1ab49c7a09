/**
 * Email notices opt-in (src/notifications): job failures, finished batches and the 80% / 100%
 * monthly quota warnings go to the account's email address when this is on. Off by default.
 */
import { z } from 'zod';
import type { Db } from '../../../storage/database';
import { notificationSettings, setEmailNotifications } from '../../../notifications/outbox';
import { defineRoute, keyWith } from '../../route';
import { ofExistingUser } from '../resources';

export interface AccountRouteDeps {
  db: Db;
}

/** Reading needs `read`, as every GET does; changing needs `process`, as every change to the account does. */
const READ_AUTH = keyWith('read');
const CHANGE_AUTH = keyWith('process');

const WHAT_IS_SENT =
  'When on, an email goes to the account\'s address when a job fails, when a batch has finished, and when the month\'s accepted videos ' +
  'reach 80% and then 100% of the plan\'s monthly quota (each warning once per month). Notices are queued when the event happens, ' +
  'so turning this on does not send earlier ones; turning it off stops new ones from being queued.';

export const NotificationSettingsSchema = z
  .object({
    success: z.literal(true),
    email: z.string().describe('Where notices are sent: the account\'s email address'),
    email_notifications: z.boolean().describe('Email notices on or off (default off)'),
  })
  .meta({ id: 'NotificationSettings' });

export const UpdateNotificationSettingsBody = z
  .strictObject({ email_notifications: z.boolean().describe('true: send email notices; false: stop') })
  .meta({ id: 'UpdateNotificationSettingsRequest' });

/** The settings as answered. */
function settingsAnswer(settings: { email: string; email_notifications: boolean } | null | undefined) {
  const { email, email_notifications } = ofExistingUser(settings);
  return { body: { email, email_notifications } };
}

export const getNotificationSettingsRoute = (deps: AccountRouteDeps) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/account/notifications',
    summary: 'Your email notice settings',
    description: WHAT_IS_SENT,
    auth: READ_AUTH,
    responses: { 200: { description: 'The settings', schema: NotificationSettingsSchema } },
    async handler({ principal }) {
      return settingsAnswer(await notificationSettings(deps.db, principal.userId));
    },
  });

export const updateNotificationSettingsRoute = (deps: AccountRouteDeps) =>
  defineRoute({
    method: 'patch',
    path: '/api/v1/account/notifications',
    summary: 'Turn email notices on or off',
    description: `${WHAT_IS_SENT} Needs a key with the process permission.`,
    auth: CHANGE_AUTH,
    request: { body: UpdateNotificationSettingsBody },
    responses: { 200: { description: 'The settings, as changed', schema: NotificationSettingsSchema } },
    async handler({ body, principal }) {
      return settingsAnswer(await setEmailNotifications(deps.db, principal.userId, body.email_notifications));
    },
  });

export { queueNotice, NOTICE_KINDS, type Notice, type NoticeKind } from './queue-notice';
export type { JobFailedNoticeData, BatchCompletedNoticeData, QuotaWarningNoticeData } from './views';
export { renderNotice, type RenderedNotice } from './render';
export { createEmailSender, startEmailSender, type EmailSender, type EmailSenderDeps, type SendReport } from './sender';
export { queueQuotaWarning, quotaWarningDue, type QuotaUsage } from './quota-warnings';
export { notificationSettings, requeueNotices, setEmailNotifications } from './outbox';

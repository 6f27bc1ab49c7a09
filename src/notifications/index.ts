export { queueNotice, NOTICE_KINDS, type Notice, type NoticeKind } from './queue-notice';

/** `cli emails resend-recorded`: email notices recorded while no SMTP_URL was set, back in the outbox. */
import { requeueNotices } from '../../notifications/outbox';
import { NOTICE_KINDS } from '../../notifications/queue-notice';
import { withCliDatabase } from '../database';
import { printJsonLine, printNote } from '../output';
import { UsageError } from '../usage-error';

export async function resendRecorded(options: { includeFailed?: boolean; kind?: string }): Promise<void> {
  const { kind } = options;
  if (kind !== undefined && !(NOTICE_KINDS as readonly string[]).includes(kind)) {
    throw new UsageError(`--kind must be one of ${NOTICE_KINDS.join(', ')}`);
  }
  await withCliDatabase(async (db, config) => {
    const requeued = await requeueNotices(db, { includeFailed: options.includeFailed === true, kind });
    if (!config.email.smtpUrl) printNote('note: SMTP_URL is not set for this command; workers without it record the notices again');
    printJsonLine({ requeued });
  });
}


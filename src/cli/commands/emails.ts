/** `cli emails resend-recorded`: email notices recorded while no SMTP_URL was set, back in the outbox. */
import { Command } from 'commander';

export function emailsCommand(): Command {
  const emails = new Command('emails').description('email notices (works on the configured database)');
  emails
    .command('resend-recorded')
    .description(
      'puts the email notices recorded while no SMTP_URL was set back in the outbox; workers with SMTP_URL set send them; prints {"requeued":N}',
    )
    .option('--include-failed', 'also those that failed')
    .option('--kind <kind>', 'one kind of notice only (the kinds are listed below)')
    // The list lives beside the database code, which loads on use: read it only when help is shown.
    .addHelpText('after', () => `\nKinds: ${(require('../../notifications/queue-notice') as typeof import('../../notifications/queue-notice')).NOTICE_KINDS.join(', ')}`)
    .action((options: { includeFailed?: boolean; kind?: string }) => {
      // Loaded on use, like every command's database code: --help and the client commands need none of it.
      const { resendRecorded } = require('../admin/resend-emails') as typeof import('../admin/resend-emails');
      return resendRecorded(options);
    });
  return emails;
}

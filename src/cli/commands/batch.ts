/** `cli batch ...`: batches of up to 100 videos through the API (Pro and Admin plans). */
import { Command } from 'commander';
import { batchResultsCommand } from './batch-results';
import { statusCommand } from './status-command';
import { batchSubmitCommand } from './batch-submit';

export function batchCommand(): Command {
  return new Command('batch')
    .description('batches of up to 100 videos through the API (Pro and Admin plans)')
    .addCommand(batchSubmitCommand())
    .addCommand(statusCommand('batch'))
    .addCommand(batchResultsCommand());
}

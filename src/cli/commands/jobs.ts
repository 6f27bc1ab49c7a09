/** `cli jobs ...`: jobs through the API (submit, status, result), and their workflows in Temporal (history, replay). */
import { Command } from 'commander';
import { jobsHistoryCommand } from './jobs-history';
import { jobsReplayCommand } from './jobs-replay';
import { jobsResultCommand } from './jobs-result';
import { statusCommand } from './status-command';
import { jobsSubmitCommand } from './jobs-submit';

export function jobsCommand(): Command {
  return new Command('jobs')
    .description('video jobs: submit, status and result through the API; history and replay of their workflows in Temporal')
    .addCommand(jobsSubmitCommand())
    .addCommand(statusCommand('job'))
    .addCommand(jobsResultCommand())
    .addCommand(jobsHistoryCommand())
    .addCommand(jobsReplayCommand());
}

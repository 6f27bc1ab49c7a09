/** `cli jobs replay JOB_ID | --file PATH... | --since 24h`: histories replayed against the current workflow code. */
import { Command } from 'commander';

export function jobsReplayCommand(): Command {
  return new Command('replay')
    .description(
      'replays histories against the current workflow code: one job or batch, history files, or every job and batch closed lately; prints {"replayed":N,"failed":[{"workflow_id","error"}]}; exit 1 if any failed',
    )
    .argument('[JOB_ID]', 'a job or batch id, its history read from Temporal')
    .option('--file <path>', 'a history file, or a directory of .json histories (repeatable)', (path: string, paths: string[] | undefined) => [...(paths ?? []), path])
    .option('--since <duration>', 'every job and batch closed in the last DURATION: 30m, 24h, 7d')
    .action((jobId: string | undefined, options: { file?: string[]; since?: string }) => {
      // Loaded on use: the replayer brings the whole Temporal worker, which --help and the client commands do without.
      const { replay } = require('../admin/replay') as typeof import('../admin/replay');
      return replay(jobId, options);
    });
}

/** `cli jobs history JOB_ID`: a job's (or batch's) workflow history. */
import { Command } from 'commander';

export function jobsHistoryCommand(): Command {
  return new Command('history')
    .description(
      "prints the job's workflow history as JSON (the format of temporal workflow show --output json); a batch id gives the batch's parent workflow. Reads Temporal (TEMPORAL_ADDRESS, or the embedded server under DATA_DIR)",
    )
    .argument('<JOB_ID>', 'a job or batch id')
    .action((jobId: string) => {
      // Loaded on use: the Temporal client takes a second to load, which --help and the client commands do without.
      const { printHistory } = require('../admin/workflow-history') as typeof import('../admin/workflow-history');
      return printHistory(jobId);
    });
}

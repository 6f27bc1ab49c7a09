/** `cli batch results BATCH_ID [--include-failed]`: what a batch has produced so far. */
import { Command } from 'commander';
import { addConnectionOptions, connect, type ConnectionOptions } from '../api/connection';
import { printJsonLine } from '../output';
import { workflowIdArgument } from '../workflow-id';

async function results(batchId: string, options: ConnectionOptions & { includeFailed?: boolean }): Promise<void> {
  const id = workflowIdArgument(batchId);
  printJsonLine(await connect(options).client.batchResults(id, { includeFailed: options.includeFailed === true }));
}

export function batchResultsCommand(): Command {
  const command = new Command('results')
    .description("prints the batch's results (successful_jobs, summary_stats, ...) as one JSON line; so far, while it runs")
    .argument('<BATCH_ID>', 'the batch_id that submit printed')
    .option('--include-failed', 'also list the failed jobs with their errors');
  return addConnectionOptions(command).action(results);
}

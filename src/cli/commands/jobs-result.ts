/** `cli jobs result JOB_ID`: a completed job's result record. */
import { Command } from 'commander';
import { addConnectionOptions, connect, type ConnectionOptions } from '../api/connection';
import { printJsonLine } from '../output';
import { workflowIdArgument } from '../workflow-id';

async function result(jobId: string, options: ConnectionOptions): Promise<void> {
  const id = workflowIdArgument(jobId);
  printJsonLine(await connect(options).client.jobResult(id));
}

export function jobsResultCommand(): Command {
  const command = new Command('result')
    .description(
      "prints the job's result record (video_info, transcript, summaries, ...) as one JSON line; JOB_NOT_COMPLETED or JOB_FAILED (exit 1) until it has completed",
    )
    .argument('<JOB_ID>', 'the job_id that submit printed');
  return addConnectionOptions(command).action(result);
}

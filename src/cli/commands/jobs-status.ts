/** `cli jobs status JOB_ID [--wait]`: a job's status record, or its progress until it ends. */
import { Command } from 'commander';
import { addConnectionOptions, connect, type ConnectionOptions } from '../api/connection';
import { printJsonLine } from '../output';
import { followJob } from '../wait/follow-job';
import { jobViewFor } from '../wait/job-view';
import { workflowIdArgument } from '../workflow-id';

async function status(jobId: string, options: ConnectionOptions & { wait?: boolean }): Promise<void> {
  const id = workflowIdArgument(jobId);
  const connection = connect(options);
  if (!options.wait) {
    printJsonLine(await connection.client.jobStatus(id));
    return;
  }
  process.exitCode = await followJob(connection, id, jobViewFor(Boolean(process.stdout.isTTY)));
}

export function jobsStatusCommand(): Command {
  const command = new Command('status')
    .description("prints the job's status record (status, progress_percentage, current_step, ...) as one JSON line")
    .argument('<JOB_ID>', 'the job_id that submit printed')
    .option('--wait', 'follow the job until it ends, as submit --wait does');
  return addConnectionOptions(command).action(status);
}

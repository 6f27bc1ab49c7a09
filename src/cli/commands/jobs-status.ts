/** `cli jobs status JOB_ID [--wait]`: a job's status record, or its progress until it ends. */
import type { Command } from 'commander';
import { followJob } from '../wait/follow-job';
import { jobViewFor } from '../wait/job-view';
import { statusCommand } from './status-command';

export function jobsStatusCommand(): Command {
  return statusCommand({
    noun: 'job',
    holds: 'status, progress_percentage, current_step, ...',
    endsWhen: 'it ends',
    read: (connection, id) => connection.client.jobStatus(id),
    follow: (connection, id, tty) => followJob(connection, id, jobViewFor(tty)),
  });
}

/** `cli jobs status JOB_ID [--wait]`: a job's status record, or its progress until it ends. */
import type { Command } from 'commander';
import { followJob } from '../wait/follow-job';
import { jobViewFor } from '../wait/job-view';
import { statusCommand } from './status-command';

export function jobsStatusCommand(): Command {
  return statusCommand({
    description: "prints the job's status record (status, progress_percentage, current_step, ...) as one JSON line",
    argument: { name: '<JOB_ID>', description: 'the job_id that submit printed' },
    waitDescription: 'follow the job until it ends, as submit --wait does',
    read: (connection, id) => connection.client.jobStatus(id),
    follow: (connection, id, tty) => followJob(connection, id, jobViewFor(tty)),
  });
}

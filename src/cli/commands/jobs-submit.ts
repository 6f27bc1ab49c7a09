/** `cli jobs submit URL [--modes ...] [--language xx] [--transcript-source ...] [--wait]`: a video job through the API. */
import { Command } from 'commander';
import { addConnectionOptions, connect } from '../api/connection';
import { addVideoOptions, videoOptionsFrom } from '../video-options';
import { followJob } from '../wait/follow-job';
import { jobViewFor } from '../wait/job-view';
import { printOrFollow, type SubmitOptions } from './submit-answer';

async function submit(url: string, options: SubmitOptions): Promise<void> {
  const videoOptions = videoOptionsFrom(options);
  const connection = connect(options);
  const submission = await connection.client.submitJob({ url, ...(videoOptions ? { options: videoOptions } : {}) });
  await printOrFollow(submission, options, jobViewFor, (view) => followJob(connection, submission.job_id, view));
}

export function jobsSubmitCommand(): Command {
  const command = new Command('submit')
    .description(
      'submits a video; prints the 202 answer (job_id, status_url, result_url, ...) as one JSON line. With --wait: progress bars on a terminal, else a JSON line per change (status records), ending with the result record',
    )
    .argument('<URL>', 'a YouTube address or an 11-character video id');
  addVideoOptions(command);
  command.option('--wait', 'follow the job until it ends (Ctrl-C stops waiting, not the job)');
  return addConnectionOptions(command).action(submit);
}

/** `cli batch submit FILE [--modes ...] [--language xx] [--wait]`: up to 100 videos as one batch. */
import fs from 'node:fs';
import { Command } from 'commander';
import { addConnectionOptions, connect } from '../api/connection';
import { batchRequestFrom } from '../batch-file';
import { UsageError } from '../usage-error';
import { addVideoOptions, videoOptionsFrom } from '../video-options';
import { batchViewFor } from '../wait/batch-view';
import { followBatch } from '../wait/follow-batch';
import { printOrFollow, type SubmitOptions } from './submit-answer';

function readBatchFile(file: string): string {
  try {
    return fs.readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

async function submit(file: string, options: SubmitOptions): Promise<void> {
  const request = batchRequestFrom(readBatchFile(file), file === '-' ? 'stdin' : file, videoOptionsFrom(options));
  const connection = connect(options);
  const submission = await connection.client.submitBatch(request);
  await printOrFollow(submission, options, batchViewFor, (view) => followBatch(connection, submission.batch_id, view));
}

export function batchSubmitCommand(): Command {
  const command = new Command('submit')
    .description(
      'submits the videos FILE names as one batch; prints the 202 answer (batch_id, job_ids, ...) as one JSON line. With --wait: a bar for the whole batch and one per video on a terminal, else a JSON line per change (batch status records)',
    )
    .argument(
      '<FILE>',
      'one video address per line (blank lines and # comments ignored), or JSON: an array of addresses or of {url, options}, or a batch request body; - reads stdin',
    );
  addVideoOptions(command);
  command.option('--wait', 'follow the batch until every video has ended (Ctrl-C stops waiting, not the batch)');
  return addConnectionOptions(command).action(submit);
}

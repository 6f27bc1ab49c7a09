/**
 * `cli batch submit FILE [--modes ...] [--language xx] [--wait]`: up to 100 videos as one batch;
 * or `--playlist URL` / `--channel URL` [--max-videos N] instead of FILE: a playlist's or
 * channel's videos, read by the service.
 */
import fs from 'node:fs';
import { Command } from 'commander';
import { addConnectionOptions, connect } from '../api/connection';
import { batchRequestFrom } from '../batch-file';
import { UsageError } from '../usage-error';
import type { BatchRequest } from '../../../client';
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

type BatchSubmitOptions = SubmitOptions & { playlist?: string; channel?: string; maxVideos?: string };

/** The request: the videos FILE names, or the playlist or channel the flags name. */
function requestFrom(file: string | undefined, options: BatchSubmitOptions): BatchRequest {
  const named = [file, options.playlist, options.channel].filter((given) => given !== undefined);
  if (named.length !== 1) throw new UsageError('give exactly one of FILE, --playlist URL and --channel URL');
  const videoOptions = videoOptionsFrom(options);
  if (file !== undefined) {
    if (options.maxVideos !== undefined) throw new UsageError('--max-videos goes with --playlist or --channel');
    return batchRequestFrom(readBatchFile(file), file === '-' ? 'stdin' : file, videoOptions);
  }
  const maxVideos = options.maxVideos === undefined ? undefined : Number(options.maxVideos);
  if (maxVideos !== undefined && (!Number.isInteger(maxVideos) || maxVideos < 1 || maxVideos > 100)) {
    throw new UsageError('--max-videos must be a whole number from 1 to 100');
  }
  const source = options.playlist !== undefined ? { playlist_url: options.playlist } : { channel_url: options.channel! };
  return { source: { ...source, ...(maxVideos !== undefined ? { max_videos: maxVideos } : {}) }, ...(videoOptions ? { options: videoOptions } : {}) };
}

async function submit(file: string | undefined, options: BatchSubmitOptions): Promise<void> {
  const request = requestFrom(file, options);
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
      '[FILE]',
      'one video address per line (blank lines and # comments ignored), or JSON: an array of addresses or of {url, options}, or a batch request body; - reads stdin',
    )
    .option('--playlist <URL>', 'instead of FILE: the videos of a playlist (youtube.com/playlist?list=...), in list order')
    .option('--channel <URL>', 'instead of FILE: the uploads of a channel (/@handle, /channel/UC..., /c/..., /user/...), newest first')
    .option('--max-videos <N>', 'with --playlist or --channel: how many videos at most (1..100, default 50)');
  addVideoOptions(command);
  command.option('--wait', 'follow the batch until every video has ended (Ctrl-C stops waiting, not the batch)');
  return addConnectionOptions(command).action(submit);
}

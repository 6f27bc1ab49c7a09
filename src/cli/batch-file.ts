/**
 * The videos of `cli batch submit FILE`: one address per line (blank lines and # comments
 * ignored), or JSON: an array of addresses or of {url, options}, or a whole batch request body.
 */
import type { BatchRequest } from '../../client';
import { MAX_BATCH_VIDEOS } from '../domain/batch';
import { UsageError } from './usage-error';
import type { VideoOptions } from './video-options';

type BatchVideo = NonNullable<BatchRequest['videos']>[number];

function videoFrom(item: unknown, index: number, source: string): BatchVideo {
  if (typeof item === 'string' && item.trim() !== '') return { url: item.trim() };
  if (typeof item === 'object' && item !== null && typeof (item as { url?: unknown }).url === 'string') return item as BatchVideo;
  throw new UsageError(`${source}: item ${index} is neither a video address nor an object with a url`);
}

function requestFromJson(text: string, source: string): BatchRequest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${source} is not valid JSON: ${(error as Error).message}`);
  }
  if (Array.isArray(parsed)) return { videos: parsed.map((item, index) => videoFrom(item, index, source)) };
  const videos = (parsed as { videos?: unknown }).videos;
  const named = (parsed as { source?: unknown }).source;
  if (videos === undefined && typeof named === 'object' && named !== null) return parsed as BatchRequest;
  if (!Array.isArray(videos)) throw new UsageError(`${source}: a JSON object must be a batch request, with a "videos" array or a "source"`);
  return { ...(parsed as BatchRequest), videos: videos.map((item, index) => videoFrom(item, index, source)) };
}

function requestFromLines(text: string): BatchRequest {
  const urls = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  return { videos: urls.map((url) => ({ url })) };
}

/** The batch request FILE describes, each video's options overlaid with those of the command line. */
export function batchRequestFrom(text: string, source: string, flagOptions: VideoOptions | undefined): BatchRequest {
  const trimmed = text.trim();
  const request = trimmed.startsWith('[') || trimmed.startsWith('{') ? requestFromJson(trimmed, source) : requestFromLines(text);
  // A whole request body may name a playlist or channel instead: the flags are its options.
  if (request.source) return flagOptions ? { ...request, options: { ...request.options, ...flagOptions } } : request;
  const videos = request.videos ?? [];
  const count = videos.length;
  if (count === 0) throw new UsageError(`${source} names no videos`);
  if (count > MAX_BATCH_VIDEOS) throw new UsageError(`${source} names ${count} videos; a batch takes at most ${MAX_BATCH_VIDEOS}: split it`);
  if (!flagOptions) return request;
  return { ...request, videos: videos.map((video) => ({ ...video, options: { ...video.options, ...flagOptions } })) };
}

/**
 * Downloads an audio stream in parts with HTTP range requests, on a session of the YouTube client
 * (the base URL, redirect checks and proxy route every YouTube request gets). Bytes go to
 * `<destination>.part` as they come, so a failed part, or a whole attempt that failed, resumes
 * from what is on disk; the total is checked against the stream's length before the file takes
 * its final name.
 */
import fs from 'node:fs/promises';
import { ProxyFailure, userAgentOf, YouTubeError, type HttpSession } from '../youtube';
import type { AudioStream } from './audio-stream';

export const DEFAULT_PART_BYTES = 2 * 1024 * 1024;
/** Tries of one part; the session already retries a momentary failure once within each. */
const PART_ATTEMPTS = 3;
const PART_RETRY_DELAY_MS = 500;

export interface RangedDownloadOptions {
  partBytes?: number;
  /** Called after each part with the bytes on disk so far (a heartbeat, say). */
  onProgress?: (bytes: number, total: number | null) => void;
  signal?: AbortSignal;
}

export async function downloadInParts(
  session: HttpSession,
  stream: AudioStream,
  destination: string,
  options: RangedDownloadOptions = {},
): Promise<void> {
  const url = session.base.rebase(stream.url);
  if (url === null) throw new YouTubeError('TRANSCRIPT_UNAVAILABLE', 'The audio stream is on a host that is not YouTube\u2019s');
  const partBytes = options.partBytes ?? DEFAULT_PART_BYTES;
  const partial = `${destination}.part`;

  let total = stream.contentLength;
  const handle = await fs.open(partial, 'a');
  try {
    let offset = (await handle.stat()).size;
    while (total === null || offset < total) {
      options.signal?.throwIfAborted();
      const last = total === null ? offset + partBytes - 1 : Math.min(offset + partBytes, total) - 1;
      const asked = last - offset + 1;
      const part = await fetchPart(session, url, offset, last, stream.client);
      if (total !== null && part.total !== null && part.total !== total) {
        throw new YouTubeError('TRANSIENT', `The audio stream's length changed during the download (${total} then ${part.total} bytes)`);
      }
      total ??= part.total;
      await handle.write(part.body);
      offset += part.body.length;
      // Without a length anywhere, a short part is the last one.
      if (total === null && part.body.length < asked) total = offset;
      options.onProgress?.(offset, total);
    }
    if (total !== null && offset !== total) {
      throw new YouTubeError('TRANSIENT', `The audio download ended at ${offset} of ${total} bytes`);
    }
  } finally {
    await handle.close();
  }
  await fs.rename(partial, destination);
}

interface Part {
  body: Buffer;
  /** The whole stream's length as Content-Range gives it. */
  total: number | null;
}

async function fetchPart(session: HttpSession, url: string, first: number, last: number, client: string): Promise<Part> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await requestPart(session, url, first, last, client);
    } catch (error) {
      // A proxy that stopped answering is the router's to replace, not ours to retry.
      const momentary = error instanceof YouTubeError && error.kind === 'TRANSIENT' && !(error instanceof ProxyFailure);
      if (!momentary || attempt >= PART_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, PART_RETRY_DELAY_MS * attempt));
    }
  }
}

async function requestPart(session: HttpSession, url: string, first: number, last: number, client: string): Promise<Part> {
  const response = await session.sendForBytes({
    method: 'GET',
    url,
    headers: { Range: `bytes=${first}-${last}`, 'User-Agent': userAgentOf(client), Accept: '*/*' },
    purpose: 'the audio download',
  });
  if (response.status === 403 || response.status === 401) {
    // Media servers answer 403 to URLs that lack a PO token or were issued to another address.
    throw new YouTubeError(
      'SOURCE_BLOCKED',
      `YouTube refused the audio stream (HTTP ${response.status}; it may want a PO token, which yt-dlp can supply: YTDLP_PATH)`,
    );
  }
  if (response.status === 200 && first === 0) return { body: response.body, total: response.body.length };
  // Asked past the end: what is on disk from an earlier attempt was already the whole stream.
  const unsatisfiable = response.status === 416 ? /^bytes \*\/(\d+)$/.exec(response.contentRange ?? '') : null;
  if (unsatisfiable && Number(unsatisfiable[1]) === first) return { body: Buffer.alloc(0), total: first };
  if (response.status !== 206) {
    throw new YouTubeError('TRANSIENT', `YouTube answered HTTP ${response.status} on the audio download`);
  }
  const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(response.contentRange ?? '');
  if (!range || Number(range[1]) !== first || Number(range[2]) - first + 1 !== response.body.length) {
    throw new YouTubeError('TRANSIENT', 'YouTube sent a part of the audio other than the one asked for');
  }
  return { body: response.body, total: range[3] === '*' ? null : Number(range[3]) };
}

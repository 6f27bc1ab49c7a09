/**
 * The audio through yt-dlp (YTDLP_PATH, `-f bestaudio`). yt-dlp follows YouTube's changes weekly
 * (signatures, PO tokens, new clients), which the built-in download cannot; in production it is
 * the robust choice. use_proxy is honoured the way the YouTube client honours it: true, through a
 * proxy of the pool; null, direct and then through the proxies when YouTube blocks us; false,
 * direct only. The proxy reaches yt-dlp in its environment, never on its command line.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { YouTubeError, type ProxyProvider } from '../youtube';
import type { AudioDownloader } from './audio-download';

const run = promisify(execFile);
const MAX_PROXIES = 3;

export interface YtDlpOptions {
  binary: string;
  /** YOUTUBE_BASE_URL: the watch page yt-dlp is given is on it. */
  baseUrl: string;
  proxies: ProxyProvider | null;
  /** Bound on one yt-dlp run. */
  timeoutMs?: number;
}

export function ytDlpAudioDownloader(options: YtDlpOptions): AudioDownloader {
  const timeoutMs = options.timeoutMs ?? 30 * 60_000;
  const watchUrl = (videoId: string) => `${options.baseUrl.replace(/\/+$/, '')}/watch?v=${videoId}`;

  const runOnce = async (videoId: string, directory: string, proxyUrl: string | null, signal?: AbortSignal): Promise<string> => {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy', 'ALL_PROXY', 'all_proxy']) delete env[name];
    if (proxyUrl) Object.assign(env, { HTTP_PROXY: proxyUrl, HTTPS_PROXY: proxyUrl, http_proxy: proxyUrl, https_proxy: proxyUrl });
    try {
      const { stdout } = await run(
        options.binary,
        [
          '-f', 'bestaudio',
          '--no-playlist', '--no-progress', '--no-warnings', '--no-cache-dir', '--quiet',
          '-o', path.join(directory, 'audio-ytdlp.%(ext)s'),
          '--print', 'after_move:filepath',
          '--', watchUrl(videoId),
        ],
        { env, signal, timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 },
      );
      const file = stdout.trim().split('\n').pop()?.trim();
      if (!file) throw new YouTubeError('TRANSIENT', 'yt-dlp finished without naming the file it wrote');
      return file;
    } catch (error) {
      if (error instanceof YouTubeError) throw error;
      throw ytDlpFailure(error);
    }
  };

  return {
    name: 'yt-dlp',
    async download({ videoId, useProxy, directory, signal }) {
      if (useProxy !== true) {
        try {
          return await runOnce(videoId, directory, null, signal);
        } catch (error) {
          if (useProxy === false || !(error instanceof YouTubeError) || error.kind !== 'SOURCE_BLOCKED') throw error;
        }
      }
      const candidates = (options.proxies ? await options.proxies.candidates() : []).filter((route) => route.proxyUrl);
      if (candidates.length === 0) {
        if (useProxy === true) throw new YouTubeError('TRANSIENT', 'use_proxy is true but no working proxy is available for yt-dlp', { unreachable: true });
        throw new YouTubeError('SOURCE_BLOCKED', 'YouTube refused the audio download through yt-dlp');
      }
      let last: unknown;
      for (const route of candidates.slice(0, MAX_PROXIES)) {
        try {
          return await runOnce(videoId, directory, route.proxyUrl!, signal);
        } catch (error) {
          last = error;
          if (!(error instanceof YouTubeError) || error.final) throw error;
        }
      }
      throw last;
    },
  };
}

/**
 * yt-dlp's "ERROR: ..." line as a YouTube failure: bot checks and rate limits are blocks, removed
 * or private videos are final, the rest is worth another attempt. Only the error text is kept,
 * without URLs.
 */
function ytDlpFailure(error: unknown): YouTubeError {
  const failed = error as NodeJS.ErrnoException & { stderr?: string; killed?: boolean };
  if (failed.code === 'ENOENT') return new YouTubeError('TRANSIENT', 'yt-dlp (YTDLP_PATH) was not found on this worker');
  if (failed.killed) return new YouTubeError('TRANSIENT', 'yt-dlp did not finish the audio download in time');
  const line = (failed.stderr ?? '').split('\n').find((text) => text.startsWith('ERROR:')) ?? '';
  const said = line.replace(/^ERROR:\s*(\[[^\]]*\]\s*)?([\w-]{11}:\s*)?/, '').replace(/https?:\/\/\S+/g, '').trim().slice(0, 300);
  const message = `yt-dlp could not download the audio${said ? `: ${said}` : ''}`;
  if (/not a bot|sign in to confirm|429|too many requests|rate.?limit|forbidden|403/i.test(said)) return new YouTubeError('SOURCE_BLOCKED', message);
  if (/private video|video unavailable|has been removed|members.only|age/i.test(said)) return new YouTubeError('VIDEO_UNAVAILABLE', message);
  return new YouTubeError('TRANSIENT', message);
}

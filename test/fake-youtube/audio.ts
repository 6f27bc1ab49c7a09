/**
 * Real audio for the fake's videos, made on first use with Debian's tools: speech synthesised by
 * espeak-ng, sine tones (test/fake-stt/wav.ts) or ffmpeg's sine source, padded to an exact length and
 * encoded by ffmpeg the way YouTube offers audio-only streams: AAC in MP4 (itag 140) and Opus in
 * WebM (itag 251). Files are cached under the system's temp directory by what they hold, so a
 * test run makes each one once, whichever test process asks first.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { toneSamples, writeWav } from '../fake-stt/wav';
import type { FakeAudioContent } from './model';

const run = promisify(execFile);

export interface FakeAudioStream {
  itag: number;
  mimeType: string;
  path: string;
  bytes: number;
  bitrate: number;
}

export interface FakeAudioFiles {
  seconds: number;
  streams: FakeAudioStream[];
}

/** How the two streams are encoded; part of the cache key, so a change here makes new files. */
const ENCODINGS = [
  { itag: 140, extension: 'm4a', mimeType: 'audio/mp4; codecs="mp4a.40.2"', bitrate: 64_000, codec: ['-c:a', 'aac', '-b:a', '64k'] },
  { itag: 251, extension: 'webm', mimeType: 'audio/webm; codecs="opus"', bitrate: 24_000, codec: ['-c:a', 'libopus', '-b:a', '24k'] },
] as const;

const CACHE_DIR = path.join(os.tmpdir(), 'video-digest-fake-audio');
const pending = new Map<string, Promise<FakeAudioFiles>>();

export function fakeAudioFiles(content: FakeAudioContent): Promise<FakeAudioFiles> {
  const key = createHash('sha256').update(JSON.stringify({ content, ENCODINGS })).digest('hex').slice(0, 24);
  let files = pending.get(key);
  if (!files) {
    files = makeFiles(key, content);
    files.catch(() => pending.delete(key));
    pending.set(key, files);
  }
  return files;
}

async function makeFiles(key: string, content: FakeAudioContent): Promise<FakeAudioFiles> {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const streams: FakeAudioStream[] = [];
  let raw: string | null = null;
  try {
    for (const encoding of ENCODINGS) {
      const file = path.join(CACHE_DIR, `${key}.${encoding.extension}`);
      if (!fs.existsSync(file)) {
        // A steady sine comes from ffmpeg's own source; the rest from a WAV made first.
        const input = content.kind === 'sine' ? ['-f', 'lavfi', '-i', `sine=frequency=${content.hertz}:sample_rate=48000`] : ['-i', (raw ??= await rawWav(key, content))];
        // Written beside and renamed: another test process may be making the same file.
        const partial = `${file}.${process.pid}.tmp.${encoding.extension}`;
        await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...input, '-af', 'apad', '-t', String(content.seconds), '-ac', '1', '-ar', '48000', ...encoding.codec, partial]);
        fs.renameSync(partial, file);
      }
      streams.push({ itag: encoding.itag, mimeType: encoding.mimeType, path: file, bytes: fs.statSync(file).size, bitrate: encoding.bitrate });
    }
  } finally {
    if (raw) fs.rmSync(raw, { force: true });
  }
  return { seconds: content.seconds, streams };
}

async function rawWav(key: string, content: Exclude<FakeAudioContent, { kind: 'sine' }>): Promise<string> {
  const file = path.join(CACHE_DIR, `${key}.${process.pid}.raw.wav`);
  if (content.kind === 'speech') {
    await run('espeak-ng', ['-v', 'en-us', '-s', String(content.wordsPerMinute ?? 160), '-w', file, content.text]);
  } else {
    writeWav(file, toneSamples(content.seconds, content.tones));
  }
  return file;
}

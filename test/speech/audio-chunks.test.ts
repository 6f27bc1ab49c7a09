/**
 * The audio cut into overlapping chunks by the system's ffmpeg: where the cuts fall, what the
 * chunks are (16 kHz mono 16-bit WAV of the planned length), the cap on the audio's length, and a
 * chunk made again from scratch when its file is gone (another worker, or a new one after a crash).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AudioTooLongError, ensureChunkFile, prepareAudioChunks, type AudioChunkerDeps } from '../../src/speech/audio-chunks';
import { innertubeAudioDownloader } from '../../src/speech/audio-download';
import { planChunks } from '../../src/speech/chunk-plan';
import { checkFfmpeg, FfmpegMissingError, ffmpegTools } from '../../src/speech/ffmpeg';
import { SpeechWorkspace } from '../../src/speech/workspace';
import { createYouTubeClient } from '../../src/youtube';
import { startFakeYouTube, VIDEO_SPOKEN_NO_CAPTIONS, type FakeYouTube } from '../fake-youtube';

let fake: FakeYouTube;
let root: string;
let deps: AudioChunkerDeps;
const job = { jobId: 'job_chunks01', videoId: VIDEO_SPOKEN_NO_CAPTIONS, useProxy: false };

beforeAll(async () => {
  fake = await startFakeYouTube();
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'vd-chunks-'));
  deps = {
    workspace: new SpeechWorkspace(root),
    downloader: innertubeAudioDownloader(createYouTubeClient({ baseUrl: fake.baseUrl, requestTimeoutMs: 5000 })),
    ffmpeg: ffmpegTools(undefined),
    chunkSeconds: 20,
    overlapSeconds: 5,
  };
  fake.requests.length = 0;
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** What ffprobe says of a WAV chunk. */
function probe(file: string): { sampleRate: number; channels: number; codec: string; seconds: number } {
  const out = JSON.parse(
    execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=sample_rate,channels,codec_name:format=duration', '-of', 'json', file], { encoding: 'utf8' }),
  );
  const stream = out.streams[0];
  return { sampleRate: Number(stream.sample_rate), channels: stream.channels, codec: stream.codec_name, seconds: Number(out.format.duration) };
}

describe('planChunks', () => {
  it('cuts every chunkSeconds, each after the first reaching back by the overlap', () => {
    expect(planChunks(60, 20, 5)).toEqual([
      { index: 0, startSeconds: 0, durationSeconds: 20, overlapSeconds: 0 },
      { index: 1, startSeconds: 15, durationSeconds: 25, overlapSeconds: 5 },
      { index: 2, startSeconds: 35, durationSeconds: 25, overlapSeconds: 5 },
    ]);
    expect(planChunks(12.5, 600, 5)).toEqual([{ index: 0, startSeconds: 0, durationSeconds: 12.5, overlapSeconds: 0 }]);
  });

  it('folds a tail too short to transcribe into the chunk before it', () => {
    expect(planChunks(1201.5, 600, 5).map((chunk) => [chunk.startSeconds, chunk.durationSeconds])).toEqual([
      [0, 600],
      [595, 606.5],
    ]);
    expect(planChunks(0, 600, 5)).toEqual([]);
    expect(() => planChunks(60, 10, 5)).toThrow(RangeError);
  });
});

describe('prepareAudioChunks', () => {
  it('downloads the audio once and cuts 16 kHz mono WAV chunks where the plan says', async () => {
    const prepared = await prepareAudioChunks(deps, job, { maxSeconds: 3600 });
    expect(prepared.durationSeconds).toBeCloseTo(60, 1);
    expect(prepared.chunks.map(({ index, startSeconds, overlapSeconds }) => ({ index, startSeconds, overlapSeconds }))).toEqual([
      { index: 0, startSeconds: 0, overlapSeconds: 0 },
      { index: 1, startSeconds: 15, overlapSeconds: 5 },
      { index: 2, startSeconds: 35, overlapSeconds: 5 },
    ]);
    for (const chunk of prepared.chunks) {
      expect(chunk.path).toBe(path.join(root, job.jobId, `chunk-00${chunk.index}.wav`));
      const wav = probe(chunk.path);
      expect({ sampleRate: wav.sampleRate, channels: wav.channels, codec: wav.codec }).toEqual({ sampleRate: 16000, channels: 1, codec: 'pcm_s16le' });
      expect(wav.seconds).toBeCloseTo(chunk.durationSeconds, 1);
    }
    const downloads = fake.requests.filter((request) => request.path === '/videoplayback').length;
    expect(downloads).toBeGreaterThan(0);

    // Again, for a redo after a crash: nothing is downloaded or cut twice, transcribed chunks not at all.
    fs.rmSync(prepared.chunks[1]!.path);
    fs.rmSync(prepared.chunks[2]!.path);
    const again = await prepareAudioChunks(deps, job, { maxSeconds: 3600, skip: new Set([1]) });
    expect(again.chunks).toHaveLength(3);
    expect(fs.existsSync(prepared.chunks[1]!.path)).toBe(false);
    expect(fs.existsSync(prepared.chunks[2]!.path)).toBe(true);
    expect(fake.requests.filter((request) => request.path === '/videoplayback').length).toBe(downloads);
  });

  it('refuses audio longer than the cap', async () => {
    await expect(prepareAudioChunks(deps, job, { maxSeconds: 45 })).rejects.toThrow(AudioTooLongError);
    await expect(prepareAudioChunks(deps, job, { maxSeconds: 45 })).rejects.toThrow('longer than the 45 s this server transcribes');
  });

  it('makes a missing chunk again, downloading the audio again when it is gone too', async () => {
    const prepared = await prepareAudioChunks(deps, job, { maxSeconds: 3600 });
    const original = fs.readFileSync(prepared.chunks[1]!.path);
    // A fresh worker's disk: nothing of the job.
    fs.rmSync(path.join(root, job.jobId), { recursive: true });
    const downloadsBefore = fake.requests.filter((request) => request.path === '/videoplayback').length;
    const bounds = { index: 1, startSeconds: 15, durationSeconds: 25, overlapSeconds: 5 };
    const [first, second] = await Promise.all([ensureChunkFile(deps, job, bounds), ensureChunkFile(deps, job, { ...bounds, index: 2, startSeconds: 35 })]);
    expect(first).toBe(prepared.chunks[1]!.path);
    expect(fs.readFileSync(first).equals(original)).toBe(true);
    expect(fs.existsSync(second)).toBe(true);
    // The two chunks waited for one download (the stream fits in one part).
    expect(fake.requests.filter((request) => request.path === '/videoplayback').length).toBe(downloadsBefore + 1);
  });
});

describe('checkFfmpeg', () => {
  it('passes with the system ffmpeg and explains what to install when it is missing', async () => {
    await expect(checkFfmpeg(ffmpegTools(undefined))).resolves.toBeUndefined();
    const missing = checkFfmpeg(ffmpegTools('/nonexistent/bin/ffmpeg'));
    await expect(missing).rejects.toThrow(FfmpegMissingError);
    await expect(checkFfmpeg(ffmpegTools('/nonexistent/bin/ffmpeg'))).rejects.toThrow(/apt-get install ffmpeg.*FFMPEG_PATH/);
  });
});

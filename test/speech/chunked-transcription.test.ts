/**
 * Chunks cut from one recording with ffmpeg, each sent over HTTP to the fake OpenAI-compatible
 * server, stitched back: tones at known places come out at their absolute times, once each, also
 * where two chunks overlap and where a tone straddles a chunk's end.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createOpenAiSpeechProvider } from '../../src/speech/providers/openai';
import { stitchChunks } from '../../src/speech/stitch';
import type { ChunkTranscript } from '../../src/speech/types';
import { startFakeStt, type FakeStt } from '../fake-stt/server';
import { toneSamples, writeWav } from '../fake-stt/wav';

const TOTAL_SECONDS = 40;
const CHUNK_SECONDS = 15;
const OVERLAP_SECONDS = 3;
// [start, duration, hertz]: chunks start at 0, 12, 24 and 36 and overlap 12-15, 24-27 and 36-39.
const TONES: Array<[number, number, number]> = [
  [2, 1, 440], // inside the first chunk only
  [13, 1, 660], // inside the first overlap: both chunks hear it
  [14.8, 1, 880], // runs past the first chunk's end
  [30, 2, 1000],
  [37, 1, 1200], // inside the last overlap
];

let fake: FakeStt;
let dir: string;

beforeAll(async () => {
  fake = await startFakeStt();
  fake.transcript = 'tones';
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stt-chunks-'));
});

afterAll(async () => {
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('chunks transcribed apart stitch into one transcript with absolute times, overlaps heard once', async () => {
  const recording = path.join(dir, 'recording.wav');
  writeWav(recording, toneSamples(TOTAL_SECONDS, TONES));
  const provider = createOpenAiSpeechProvider({ baseUrl: fake.baseUrl, model: 'whisper-1', apiKey: null, requestTimeoutSeconds: 30 });

  const transcripts: ChunkTranscript[] = [];
  for (let index = 0, start = 0; start < TOTAL_SECONDS - OVERLAP_SECONDS; index++, start += CHUNK_SECONDS - OVERLAP_SECONDS) {
    const chunkPath = path.join(dir, `chunk-${index}.wav`);
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', String(start), '-t', String(CHUNK_SECONDS), '-i', recording, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', chunkPath]);
    const heard = await provider.transcribe({ path: chunkPath });
    transcripts.push({ ...heard, index, startSeconds: start, overlapSeconds: index === 0 ? 0 : OVERLAP_SECONDS });
  }
  expect(transcripts).toHaveLength(4);
  // The overlaps really were heard twice before stitching.
  expect(transcripts.flatMap((chunk) => chunk.segments).filter((segment) => segment.text === 'tone 660 hertz')).toHaveLength(2);
  expect(new Set(fake.requests.map((request) => request.audioSha256)).size).toBe(4);

  // Given in another order, as activities may finish.
  const stitched = stitchChunks([transcripts[2]!, transcripts[0]!, transcripts[3]!, transcripts[1]!]);

  expect(stitched.map((segment) => segment.text)).toEqual(TONES.map(([, , hertz]) => `tone ${hertz} hertz`));
  stitched.forEach((segment, i) => {
    const [start, duration] = TONES[i]!;
    expect(segment.start).toBeCloseTo(start, 1);
    expect(segment.end).toBeCloseTo(start + duration, 1);
  });
});

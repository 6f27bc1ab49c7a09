/**
 * The pocketsphinx provider running Debian's pocketsphinx_continuous on a real recording: two
 * utterances from LibriVox's "Sense and Sensibility" shipped in Debian's pocketsphinx-testdata,
 * joined with ffmpeg around a pause, so each has a known place in the file.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPocketsphinxProvider } from '../../src/speech/providers/pocketsphinx';
import { segmentsFromPocketsphinx } from '../../src/speech/providers/pocketsphinx-output';
import { SpeechProviderError } from '../../src/speech/types';
import { toneSamples, writeWav } from '../fake-stt/wav';

const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
// Their transcriptions (pocketsphinx-testdata's librivox/transcription).
const FIRST = { file: 'sense_and_sensibility_01_austen_64kb-0880.wav', text: 'he was not an ill disposed young man' };
const SECOND = { file: 'sense_and_sensibility_01_austen_64kb-0930.wav', text: 'he might even have been made amiable himself' };
const PAUSE_SECONDS = 1.5;

let dir: string;
let recording: string;
let firstSeconds: number;
let totalSeconds: number;

function seconds(file: string): number {
  return Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
}

async function refusal(promise: Promise<unknown>): Promise<SpeechProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SpeechProviderError);
  return error as SpeechProviderError;
}

beforeAll(() => {
  if (!fs.existsSync(path.join(LIBRIVOX, FIRST.file))) {
    throw new Error(`The pocketsphinx test needs Debian's test recordings in ${LIBRIVOX}: apt-get install pocketsphinx pocketsphinx-en-us pocketsphinx-testdata`);
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stt-sphinx-'));
  recording = path.join(dir, 'two-sentences.wav');
  // As the chunker writes them: 16 kHz mono 16-bit PCM.
  execFileSync('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-i', path.join(LIBRIVOX, FIRST.file), '-i', path.join(LIBRIVOX, SECOND.file),
    '-filter_complex', `[0:a]apad=pad_dur=${PAUSE_SECONDS}[first];[first][1:a]concat=n=2:v=0:a=1[out]`,
    '-map', '[out]', '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', recording,
  ]);
  firstSeconds = seconds(path.join(LIBRIVOX, FIRST.file));
  totalSeconds = seconds(recording);
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const provider = (timeoutSeconds = 120) => createPocketsphinxProvider({ timeoutSeconds });

describe('pocketsphinx provider', () => {
  test('hears a real recording: words at their places, marked low quality', async () => {
    const heard = await provider().transcribe({ path: recording, language: 'en' });

    expect(heard.quality).toBe('low');
    expect(heard.language).toBe('en');
    expect(heard.segments.length).toBeGreaterThanOrEqual(2);
    for (const segment of heard.segments) {
      expect(segment.text).toMatch(/^[a-z'.]+( [a-z'.]+)*$/);
      expect(segment.start).toBeGreaterThanOrEqual(0);
      expect(segment.end).toBeGreaterThanOrEqual(segment.start);
      expect(segment.end).toBeLessThanOrEqual(totalSeconds + 0.1);
    }
    const starts = heard.segments.map((segment) => segment.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));

    // About a third of words come out wrong: ask for most of them, and for the places they were said.
    const said = [...FIRST.text.split(' '), ...SECOND.text.split(' ')];
    const recognized = new Set(heard.segments.flatMap((segment) => segment.text.split(' ')));
    expect(said.filter((word) => recognized.has(word)).length).toBeGreaterThanOrEqual(Math.ceil(said.length * 0.6));

    const inFirst = heard.segments.filter((segment) => segment.end <= firstSeconds + 0.3);
    const inSecond = heard.segments.filter((segment) => segment.start >= firstSeconds + PAUSE_SECONDS - 0.3);
    expect(inFirst.length + inSecond.length).toBe(heard.segments.length);
    expect(inFirst.map((segment) => segment.text).join(' ')).toMatch(/young man/);
    expect(inSecond.map((segment) => segment.text).join(' ')).toMatch(/might even have been made/);
    expect(inSecond.map((segment) => segment.text).join(' ')).toMatch(/himself/);
  });

  test('silence is heard as nothing', async () => {
    const silence = path.join(dir, 'silence.wav');
    writeWav(silence, toneSamples(3, []));
    await expect(provider().transcribe({ path: silence })).resolves.toEqual({ language: 'en', segments: [], quality: 'low' });
  });

  test('a language other than English is refused for good: the model is US English only', async () => {
    const error = await refusal(provider().transcribe({ path: recording, language: 'de' }));
    expect(error.kind).toBe('final');
    expect(error.message).toContain('US English');
  });

  test('audio it cannot read is refused for good, saying why', async () => {
    const stereo = path.join(dir, 'stereo.wav');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-ac', '2', '-c:a', 'pcm_s16le', stereo]);
    const error = await refusal(provider().transcribe({ path: stereo }));
    expect(error.kind).toBe('final');
    expect(error.message).toContain('mono');

    const missing = await refusal(provider().transcribe({ path: path.join(dir, 'gone.wav') }));
    expect(missing.kind).toBe('final');
    expect(missing.message).toContain('Failed to open');
  });

  test('a missing binary is a clear, final error', async () => {
    const error = await refusal(createPocketsphinxProvider({ binary: 'pocketsphinx_continuous_not_here', timeoutSeconds: 10 }).transcribe({ path: recording }));
    expect(error.kind).toBe('final');
    expect(error.message).toContain('apt-get install pocketsphinx pocketsphinx-en-us');
  });

  test('a run over its time is stopped and may be retried', async () => {
    const error = await refusal(provider(0.05).transcribe({ path: recording }));
    expect(error).toMatchObject({ kind: 'retryable', message: 'pocketsphinx did not finish within 0.05 s' });
  });

  test('the caller can abort a run', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const error = await refusal(provider().transcribe({ path: recording, signal: controller.signal }));
    expect(error).toMatchObject({ kind: 'retryable' });
    expect(error.message).toContain('aborted');
  });
});

describe('pocketsphinx output', () => {
  // Printed by pocketsphinx_continuous -time yes for the LibriVox recording above (abridged).
  const output = [
    'he was not until this blows young man',
    '<s> 8.510 8.600 0.999800',
    '<sil> 8.610 8.830 0.558686',
    'he 8.840 8.950 0.998801',
    'was(2) 8.960 9.170 0.999900',
    'not 9.180 9.600 0.997403',
    '[NOISE] 9.610 9.740 0.651518',
    'young 10.690 10.940 0.867347',
    'man 10.950 11.350 0.920250',
    '</s> 11.360 11.720 1.000000',
    'one two three four five six seven',
    '<s> 20.000 20.100 0.999500',
    'one 20.110 20.900 0.5',
    'two 21.000 22.000 0.5',
    'three 22.100 24.000 0.5',
    'four 24.900 25.500 0.5',
    'five 25.600 28.000 0.5',
    'six 28.100 33.000 0.5',
    'seven 33.100 34.000 0.5',
    '</s> 34.100 34.200 1.000000',
  ].join('\n');

  test('one segment per utterance, without markers, fillers or pronunciation numbers', () => {
    const segments = segmentsFromPocketsphinx(output);
    expect(segments[0]).toEqual({ start: 8.84, end: 11.35, text: 'he was not young man' });
  });

  test('a long utterance is split at a pause, and after 8 s at the latest', () => {
    const segments = segmentsFromPocketsphinx(output).slice(1);
    // 24.0 -> 24.9 is a pause after 3.9 s of speech; "four" to "six" already lasts 8.1 s.
    expect(segments).toEqual([
      { start: 20.11, end: 24, text: 'one two three' },
      { start: 24.9, end: 33, text: 'four five six' },
      { start: 33.1, end: 34, text: 'seven' },
    ]);
  });

  test('nothing heard, nothing returned', () => {
    expect(segmentsFromPocketsphinx('')).toEqual([]);
    expect(segmentsFromPocketsphinx('\n<s> 0.000 0.100 1.0\n<sil> 0.1 2.0 1.0\n</s> 2.0 2.1 1.0\n')).toEqual([]);
  });
});

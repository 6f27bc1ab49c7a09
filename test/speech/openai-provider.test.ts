/**
 * The OpenAI-compatible speech provider against a local server answering OpenAI's wire format:
 * what it sends, how it reads verbose_json, and how each refusal is classed for Temporal's retries.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createOpenAiSpeechProvider, type OpenAiSpeechSettings } from '../../src/speech/providers/openai';
import { whisperLanguageCode, whisperRequestLanguage } from '../../src/speech/providers/whisper-languages';
import { SpeechProviderError } from '../../src/speech/types';
import { sha256OfFile, startFakeStt, type FakeStt } from '../fake-stt/server';
import { toneSamples, writeWav } from '../fake-stt/wav';

let fake: FakeStt;
let dir: string;
let twelveSeconds: string;

beforeAll(async () => {
  fake = await startFakeStt();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stt-openai-'));
  twelveSeconds = path.join(dir, 'chunk-0.wav');
  writeWav(twelveSeconds, toneSamples(12, [[1, 1, 440]]));
});

afterAll(async () => {
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => fake.reset());

function provider(overrides: Partial<OpenAiSpeechSettings> = {}) {
  return createOpenAiSpeechProvider({ baseUrl: fake.baseUrl, model: 'whisper-1', apiKey: null, requestTimeoutSeconds: 30, ...overrides });
}

async function refusal(promise: Promise<unknown>): Promise<SpeechProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SpeechProviderError);
  return error as SpeechProviderError;
}

describe('openai speech provider', () => {
  test('sends the chunk as multipart with model, verbose_json and segment timestamps, and reads the segments', async () => {
    const heard = await provider().transcribe({ path: twelveSeconds });

    expect(heard).toEqual({
      language: 'en',
      quality: 'normal',
      segments: [
        { start: 0, end: 5, text: 'words at 0 seconds' },
        { start: 5, end: 10, text: 'words at 5 seconds' },
        { start: 10, end: 12, text: 'words at 10 seconds' },
      ],
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe('/v1/audio/transcriptions');
    expect(request!.fields).toEqual({ model: 'whisper-1', response_format: 'verbose_json', 'timestamp_granularities[]': 'segment' });
    expect(request!.fileName).toBe('chunk-0.wav');
    expect(request!.fileType).toBe('audio/wav');
    expect(request!.audioSha256).toBe(sha256OfFile(twelveSeconds));
    expect(request!.audioSeconds).toBe(12);
    expect(request!.headers.authorization).toBeUndefined();
  });

  test('a requested language is sent as Whisper takes it, and the language heard is reported as a code', async () => {
    const heard = await provider({ model: 'Systran/faster-whisper-small' }).transcribe({ path: twelveSeconds, language: 'pt-BR' });
    expect(fake.requests[0]!.fields).toMatchObject({ model: 'Systran/faster-whisper-small', language: 'pt' });
    expect(heard.language).toBe('pt');

    fake.reportedLanguage = 'German';
    expect((await provider().transcribe({ path: twelveSeconds })).language).toBe('de');
    fake.reportedLanguage = null;
    expect((await provider().transcribe({ path: twelveSeconds })).language).toBeNull();
  });

  test('the API key goes in a bearer header; a 401 is final and its message never carries the key', async () => {
    fake.apiKey = 'sk-right-key';
    await provider({ apiKey: 'sk-right-key' }).transcribe({ path: twelveSeconds });
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer sk-right-key');

    const error = await refusal(provider({ apiKey: 'sk-wrong-key-123' }).transcribe({ path: twelveSeconds }));
    expect(fake.requests[1]!.status).toBe(401);
    expect(error.kind).toBe('final');
    expect(error.message).toBe('The speech-to-text provider answered HTTP 401 (invalid_api_key)');
    expect(`${error.message} ${error.stack} ${JSON.stringify(error)}`).not.toContain('sk-wrong-key-123');
  });

  test('429 is retryable after the Retry-After the provider gave, in seconds or as an HTTP date', async () => {
    fake.failNext('rate-limited', 1, 7);
    const inSeconds = await refusal(provider().transcribe({ path: twelveSeconds }));
    expect(inSeconds).toMatchObject({ kind: 'retryable', retryAfterSeconds: 7 });
    expect(inSeconds.message).toContain('429');

    fake.failNext('rate-limited', 1, new Date(Date.now() + 30_000).toUTCString());
    const asDate = await refusal(provider().transcribe({ path: twelveSeconds }));
    expect(asDate.kind).toBe('retryable');
    expect(asDate.retryAfterSeconds).toBeGreaterThanOrEqual(28);
    expect(asDate.retryAfterSeconds).toBeLessThanOrEqual(31);

    // The fault was used up: the next request is answered.
    await expect(provider().transcribe({ path: twelveSeconds })).resolves.toMatchObject({ language: 'en' });
  });

  test('500 is retryable; 400 is final', async () => {
    fake.failNext('server-error');
    const serverError = await refusal(provider().transcribe({ path: twelveSeconds }));
    expect(serverError).toMatchObject({ kind: 'retryable', retryAfterSeconds: undefined });
    expect(serverError.message).toContain('HTTP 500');

    fake.failNext('bad-request');
    expect(await refusal(provider().transcribe({ path: twelveSeconds }))).toMatchObject({ kind: 'final' });
  });

  test('audio the provider cannot decode is refused for good', async () => {
    const notAudio = path.join(dir, 'not-audio.wav');
    fs.writeFileSync(notAudio, 'this is not a wav file');
    const error = await refusal(provider().transcribe({ path: notAudio }));
    expect(fake.requests[0]!.status).toBe(400);
    expect(error.kind).toBe('final');
  });

  test('a missing chunk file is final, and nothing is sent', async () => {
    const error = await refusal(provider().transcribe({ path: path.join(dir, 'gone.wav') }));
    expect(error.kind).toBe('final');
    expect(error.message).toContain('gone.wav');
    expect(fake.requests).toHaveLength(0);
  });

  test('a provider that does not answer in time is retryable', async () => {
    fake.failNext('hang');
    const error = await refusal(provider({ requestTimeoutSeconds: 1 }).transcribe({ path: twelveSeconds }));
    expect(error.kind).toBe('retryable');
    expect(error.message).toContain('within 1 s');
  });

  test('a slow provider that answers within the timeout is waited for', async () => {
    fake.behave = () => ({ delayMs: 600 });
    const heard = await provider({ requestTimeoutSeconds: 5 }).transcribe({ path: twelveSeconds });
    expect(heard.segments).toHaveLength(3);
  });

  test('the caller can abort a request', async () => {
    fake.failNext('hang');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const error = await refusal(provider().transcribe({ path: twelveSeconds, signal: controller.signal }));
    expect(error.message).toContain('aborted');
  });

  test('a provider that cannot be reached is retryable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await refusal(provider({ baseUrl: `http://127.0.0.1:${port}/v1` }).transcribe({ path: twelveSeconds }));
    expect(error).toMatchObject({ kind: 'retryable', message: 'The speech-to-text provider could not be reached' });
  });

  test('a 200 that is not a transcription (a wrong base URL) is final', async () => {
    const page = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>welcome</html>'));
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = page.address() as AddressInfo;
      const error = await refusal(provider({ baseUrl: `http://127.0.0.1:${port}` }).transcribe({ path: twelveSeconds }));
      expect(error.kind).toBe('final');
      expect(error.message).toContain('STT_BASE_URL');
    } finally {
      page.closeAllConnections();
      await new Promise<void>((resolve) => page.close(() => resolve()));
    }
  });

  test('tones in the audio come back as segments at their places', async () => {
    const tones = path.join(dir, 'tones.wav');
    writeWav(tones, toneSamples(20, [[2, 1.5, 440], [11, 2, 880]]));
    fake.transcript = 'tones';
    const heard = await provider().transcribe({ path: tones });
    expect(heard.segments.map((segment) => segment.text)).toEqual(['tone 440 hertz', 'tone 880 hertz']);
    expect(heard.segments[0]!.start).toBeCloseTo(2, 1);
    expect(heard.segments[0]!.end).toBeCloseTo(3.5, 1);
    expect(heard.segments[1]!.start).toBeCloseTo(11, 1);
  });
});

describe('Whisper language names', () => {
  test('names and codes map to codes; unknown values to null', () => {
    expect(whisperLanguageCode('english')).toBe('en');
    expect(whisperLanguageCode('Haitian Creole')).toBe('ht');
    expect(whisperLanguageCode('castilian')).toBe('es');
    expect(whisperLanguageCode('yue')).toBe('yue');
    expect(whisperLanguageCode('javanese')).toBe('jv');
    expect(whisperLanguageCode('klingon')).toBeNull();
    expect(whisperLanguageCode('constructor')).toBeNull();
    expect(whisperLanguageCode('')).toBeNull();
  });

  test('requested languages are reduced to the codes Whisper accepts', () => {
    expect(whisperRequestLanguage('en-US')).toBe('en');
    expect(whisperRequestLanguage('zh-Hant')).toBe('zh');
    expect(whisperRequestLanguage('iw')).toBe('he');
    expect(whisperRequestLanguage('xx')).toBeUndefined();
    expect(whisperRequestLanguage(undefined)).toBeUndefined();
  });
});

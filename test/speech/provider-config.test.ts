/** STT_* variables to a provider: what each setting builds, and what start-up refuses. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config';
import { createSpeechToTextProvider } from '../../src/speech/providers';
import { startFakeStt, type FakeStt } from '../fake-stt/server';
import { toneSamples, writeWav } from '../fake-stt/wav';

let fake: FakeStt;
let dir: string;

beforeAll(async () => {
  fake = await startFakeStt();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stt-config-'));
});

afterAll(async () => {
  await fake.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('speech-to-text configuration', () => {
  test('defaults: no provider, a four-hour cap, whisper-1, a thread per core', () => {
    const config = loadConfig({});
    expect(config.stt).toMatchObject({ provider: 'none', maxAudioSeconds: 14400, model: 'whisper-1', requestTimeoutSeconds: 600 });
    expect(config.stt.localThreads).toBe(os.availableParallelism());
    expect(createSpeechToTextProvider(config.stt)).toBeNull();
  });

  test('openai needs STT_BASE_URL; local needs STT_LOCAL_MODEL; unknown providers are refused', () => {
    expect(() => loadConfig({ STT_PROVIDER: 'openai' })).toThrow(ConfigError);
    expect(() => loadConfig({ STT_PROVIDER: 'openai' })).toThrow(/STT_BASE_URL: required with STT_PROVIDER=openai/);
    expect(() => loadConfig({ STT_PROVIDER: 'local' })).toThrow(/STT_LOCAL_MODEL: required with STT_PROVIDER=local/);
    expect(() => loadConfig({ STT_PROVIDER: 'whisperx' })).toThrow(/STT_PROVIDER/);
    expect(() => loadConfig({ STT_PROVIDER: 'openai', STT_BASE_URL: 'not a url' })).toThrow(/STT_BASE_URL/);
    expect(() => loadConfig({ STT_MAX_AUDIO_SECONDS: '0' })).toThrow(/STT_MAX_AUDIO_SECONDS/);
  });

  test('each provider is built from its settings', () => {
    expect(createSpeechToTextProvider(loadConfig({ STT_PROVIDER: 'pocketsphinx' }).stt)?.name).toBe('pocketsphinx');
    expect(createSpeechToTextProvider(loadConfig({ STT_PROVIDER: 'local', STT_LOCAL_MODEL: '/models/ggml-base.en.bin', STT_LOCAL_THREADS: '2' }).stt)?.name).toBe('local');
    expect(createSpeechToTextProvider(loadConfig({ STT_PROVIDER: 'openai', STT_BASE_URL: fake.baseUrl }).stt)?.name).toBe('openai');
  });

  test('the openai provider built from the environment reaches the server with its model and key', async () => {
    const chunk = path.join(dir, 'chunk.wav');
    writeWav(chunk, toneSamples(7, []));
    fake.apiKey = 'gsk-example';
    const provider = createSpeechToTextProvider(
      loadConfig({ STT_PROVIDER: 'openai', STT_BASE_URL: `${fake.baseUrl}/`, STT_MODEL: 'whisper-large-v3', STT_API_KEY: 'gsk-example', STT_REQUEST_TIMEOUT_SECONDS: '30' }).stt,
    );
    const heard = await provider!.transcribe({ path: chunk, language: 'en' });
    expect(heard.segments.map((segment) => segment.text)).toEqual(['words at 0 seconds', 'words at 5 seconds']);
    expect(fake.requests[0]).toMatchObject({ path: '/v1/audio/transcriptions', fields: { model: 'whisper-large-v3', language: 'en' }, status: 200 });
    expect(fake.requests[0]!.headers.authorization).toBe('Bearer gsk-example');
  });
});

/**
 * The local whisper.cpp provider with the real binding in its child process. No Whisper weights
 * can be had here, so transcription itself is not checked; what is: the operator's mistakes (no
 * model, not a model) are clear and final; loading and decoding happen in the child, off the
 * event loop; a decode over its time, an abort and a crashed child all end retryably, with the
 * child gone (its cores given back); an idle child goes away.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalWhisperProvider, type LocalWhisperProvider } from '../../src/speech/providers/local-whisper';
import { SpeechProviderError } from '../../src/speech/types';
import { toneSamples, writeWav } from '../fake-stt/wav';

let dir: string;
let audio: string;
const providers: LocalWhisperProvider[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stt-local-'));
  audio = path.join(dir, 'chunk-0.wav');
  writeWav(audio, toneSamples(3, [[0.5, 1, 440]]));
});

afterAll(async () => {
  await Promise.all(providers.map((provider) => provider.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

function provider(modelPath: string, timeoutSeconds = 60, idleTimeoutMs?: number): LocalWhisperProvider {
  const created = createLocalWhisperProvider({ modelPath, threads: 1, timeoutSeconds, idleTimeoutMs });
  providers.push(created);
  return created;
}

async function refusal(promise: Promise<unknown>): Promise<SpeechProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SpeechProviderError);
  return error as SpeechProviderError;
}

/** Process ids of this test's whisper child processes. */
function whisperChildren(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(process.pid), '-f', 'whisper-child'], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A model file in whisper.cpp's ggml format with its header, mel filters and no weights: the form
 * of whisper.cpp's own test models (models/for-tests-ggml-*.bin), which it loads "assuming empty
 * model for testing". Tiny dimensions; a decode with it never completes.
 */
function writeWeightlessModel(filePath: string): void {
  const ints = (...values: number[]) => {
    const bytes = Buffer.alloc(4 * values.length);
    values.forEach((value, i) => bytes.writeInt32LE(value, i * 4));
    return bytes;
  };
  const magic = Buffer.alloc(4);
  magic.writeUInt32LE(0x67676d6c); // "ggml"
  const [vocab, audioContext, state, heads, layers, textContext, mels, ftype] = [51864, 1500, 64, 1, 1, 448, 80, 1];
  const hparams = ints(vocab, audioContext, state, heads, layers, textContext, state, heads, layers, mels, ftype);
  const melFilters = Buffer.concat([ints(mels, 201), Buffer.alloc(mels * 201 * 4)]);
  fs.writeFileSync(filePath, Buffer.concat([magic, hparams, melFilters, ints(0)]));
}

describe('local whisper provider', () => {
  test('a model path that does not exist is a clear, final error', async () => {
    const error = await refusal(provider(path.join(dir, 'ggml-base.en.bin')).transcribe({ path: audio }));
    expect(error.kind).toBe('final');
    expect(error.message).toContain(`STT_LOCAL_MODEL=${path.join(dir, 'ggml-base.en.bin')} is not a readable file`);
    expect(error.message).toContain('docs/speech-to-text.md#local-whisper');

    const error2 = await refusal(provider(dir).transcribe({ path: audio }));
    expect(error2.message).toContain('is not a readable file');
  });

  test('a file that is not a whisper.cpp model is refused for good by the binding; the idle child then goes away', async () => {
    const notModel = path.join(dir, 'notes.txt');
    fs.writeFileSync(notModel, 'not a model');
    const error = await refusal(provider(notModel, 60, 500).transcribe({ path: audio }));
    expect(error.kind).toBe('final');
    expect(error.message).toContain(`whisper.cpp cannot load the model ${notModel}`);
    expect(error.message).toContain('Failed to initialize whisper context');
    expect(whisperChildren()).toHaveLength(1);
    await waitFor(() => whisperChildren().length === 0);
  });

  test('a decode over its time ends retryably, in a process of its own, and that process is killed', async () => {
    const model = path.join(dir, 'ggml-weightless.bin');
    writeWeightlessModel(model);
    const decoding = refusal(provider(model, 2).transcribe({ path: audio, language: 'en' }));
    // The model is loaded and the audio decoded in a whisper child process, not on this event loop.
    await waitFor(() => whisperChildren().length === 1);
    const error = await decoding;
    expect(error).toMatchObject({ kind: 'retryable', message: 'whisper.cpp did not finish within 2 s' });
    await waitFor(() => whisperChildren().length === 0);
  });

  test('the caller can abort a decode, and a crashed whisper process ends its chunk retryably', async () => {
    const model = path.join(dir, 'ggml-weightless.bin');
    writeWeightlessModel(model);
    const local = provider(model, 60);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 500);
    const aborted = await refusal(local.transcribe({ path: audio, signal: controller.signal }));
    expect(aborted).toMatchObject({ kind: 'retryable', message: 'The whisper.cpp transcription was aborted' });
    await waitFor(() => whisperChildren().length === 0);

    // The next chunk starts a new process; killing it (the OOM killer, say) fails only that chunk.
    const running = local.transcribe({ path: audio });
    await waitFor(() => whisperChildren().length === 1);
    process.kill(whisperChildren()[0]!, 'SIGKILL');
    const crashed = await refusal(running);
    expect(crashed.kind).toBe('retryable');
    expect(crashed.message).toContain('The whisper.cpp process ended unexpectedly (killed by SIGKILL');
  });
});

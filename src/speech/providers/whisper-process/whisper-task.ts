/**
 * One chunk through whisper.cpp, inside the whisper child process. The model is loaded once and
 * kept while the process lives. Loading it and reading the WAV are synchronous in the binding; the
 * decoding runs on a native thread with `threads` CPU threads.
 */
import { loadWhisperBinding, WhisperBindingMissingError, type WhisperContext } from './whisper-binding';

export interface WhisperTask {
  modelPath: string;
  audioPath: string;
  /** A code whisper.cpp knows, or 'auto' to detect it. */
  language: string;
  threads: number;
}

export type WhisperTaskResult =
  | { ok: true; language: string | null; segments: Array<{ start: number; end: number; text: string }> }
  | { ok: false; kind: 'retryable' | 'final'; message: string };

const contexts = new Map<string, WhisperContext>();

export async function runWhisperTask(task: WhisperTask): Promise<WhisperTaskResult> {
  let context: WhisperContext;
  try {
    context = contextFor(task.modelPath);
  } catch (error) {
    if (error instanceof WhisperBindingMissingError) return { ok: false, kind: 'final', message: error.message };
    return { ok: false, kind: 'final', message: `whisper.cpp cannot load the model ${task.modelPath}: is it a ggml model file such as ggml-base.en.bin? (${firstLine(error)})` };
  }
  try {
    const result = await context.transcribeFile(task.audioPath, { language: task.language, maxThreads: task.threads }).promise;
    return {
      ok: true,
      language: result.language || null,
      segments: result.segments.map((segment) => ({ start: segment.t0 / 1000, end: segment.t1 / 1000, text: segment.text })),
    };
  } catch (error) {
    // "Failed to load audio file" is the chunk's and will not change; anything else may pass again.
    const message = firstLine(error);
    return { ok: false, kind: /load audio/i.test(message) ? 'final' : 'retryable', message: `whisper.cpp failed: ${message}` };
  }
}

function contextFor(modelPath: string): WhisperContext {
  let context = contexts.get(modelPath);
  if (!context) {
    const { WhisperContext } = loadWhisperBinding();
    context = new WhisperContext({ filePath: modelPath, useGpu: false });
    contexts.set(modelPath, context);
  }
  return context;
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!;
}

/**
 * Speech-to-text inside the worker's machine: whisper.cpp with a model file the operator provides
 * (STT_LOCAL_MODEL; docs/speech-to-text.md#local-whisper), in a child process (whisper-process/ says why), so
 * neither loading the model nor decoding ever runs on the event loop. Chunks go one at a time: a
 * decode uses every thread it is given, and two at once would each hold the model's memory.
 */
import fs from 'node:fs';
import type { TranscriptSegment } from '../../domain/transcript';
import { SpeechProviderError, type HeardSpeech, type SpeechToTextProvider } from '../types';
import { whisperLanguageCode, whisperRequestLanguage } from './whisper-languages';
import { createWhisperProcess } from './whisper-process/whisper-process';

export interface LocalWhisperSettings {
  /** STT_LOCAL_MODEL: a whisper.cpp ggml model file. */
  modelPath: string;
  /** STT_LOCAL_THREADS: CPU threads whisper.cpp decodes with. */
  threads: number;
  /** Bound on one chunk, from the moment its decoding starts. */
  timeoutSeconds: number;
  /** The model is unloaded after this long without work. Default 10 minutes. */
  idleTimeoutMs?: number;
}

export interface LocalWhisperProvider extends SpeechToTextProvider {
  /** Ends the whisper process (a chunk in progress ends retryably). */
  close(): Promise<void>;
}

/** whisper.cpp writes "[BLANK_AUDIO]", "[MUSIC]" and the like for what is not speech. */
const NOT_SPEECH = /^\s*\[[^\]]*\]\s*$/;

export function createLocalWhisperProvider(settings: LocalWhisperSettings): LocalWhisperProvider {
  const engine = createWhisperProcess({ idleTimeoutMs: settings.idleTimeoutMs ?? 10 * 60_000 });
  return {
    name: 'local',
    async transcribe({ path: audioPath, language, signal }): Promise<HeardSpeech> {
      await assertModelReadable(settings.modelPath);
      const requested = whisperRequestLanguage(language);
      const outcome = await engine.run(
        { modelPath: settings.modelPath, audioPath, language: requested ?? 'auto', threads: settings.threads },
        { signal, timeoutMs: settings.timeoutSeconds * 1000 },
      );
      if ('ended' in outcome) {
        if (outcome.ended === 'crashed') throw new SpeechProviderError(`The whisper.cpp process ended unexpectedly (${outcome.detail})`, 'retryable');
        if (outcome.ended === 'timeout') throw new SpeechProviderError(`whisper.cpp did not finish within ${settings.timeoutSeconds} s`, 'retryable');
        throw new SpeechProviderError('The whisper.cpp transcription was aborted', 'retryable');
      }
      if (!outcome.ok) throw new SpeechProviderError(outcome.message, outcome.kind);
      return { language: whisperLanguageCode(outcome.language) ?? requested ?? null, segments: spokenSegments(outcome.segments), quality: 'normal' };
    },
    close: () => engine.close(),
  };
}

async function assertModelReadable(modelPath: string): Promise<void> {
  try {
    const stat = await fs.promises.stat(modelPath);
    if (!stat.isFile()) throw new Error('not a file');
    await fs.promises.access(modelPath, fs.constants.R_OK);
  } catch {
    throw new SpeechProviderError(
      `STT_LOCAL_MODEL=${modelPath} is not a readable file: download a whisper.cpp ggml model (e.g. ggml-base.en.bin, docs/speech-to-text.md#local-whisper) and point STT_LOCAL_MODEL at it`,
      'final',
    );
  }
}

function spokenSegments(segments: readonly TranscriptSegment[]): TranscriptSegment[] {
  return segments
    .filter((segment) => !NOT_SPEECH.test(segment.text))
    .map((segment) => ({ start: segment.start, end: Math.max(segment.start, segment.end), text: segment.text.trim() }))
    .filter((segment) => segment.text !== '');
}

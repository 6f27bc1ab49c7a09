/**
 * Offline speech-to-text with Debian's pocketsphinx (packages `pocketsphinx` and
 * `pocketsphinx-en-us`): `pocketsphinx_continuous -infile chunk.wav -time yes` with the packaged US
 * English model, in a child process. It is the one engine whose model installs from Debian, and it
 * is weak (about a third of words wrong on read speech), so what it hears is marked low quality.
 */
import { execFile } from 'node:child_process';
import { SpeechProviderError, type HeardSpeech, type SpeechToTextProvider } from '../types';
import { segmentsFromPocketsphinx } from './pocketsphinx-output';

export interface PocketsphinxSettings {
  /** The binary, by name on PATH or by path. */
  binary?: string;
  /** Bound on one chunk; the engine runs at about a third of real time on one core. */
  timeoutSeconds: number;
}

export const POCKETSPHINX_BINARY = 'pocketsphinx_continuous';

/** stdout of a ten-minute chunk is tens of kilobytes; stderr logs a few lines per utterance. */
const OUTPUT_LIMIT_BYTES = 64 * 1024 * 1024;

interface ExecFailure extends Error {
  code?: string | number | null;
  signal?: NodeJS.Signals | null;
  killed?: boolean;
}

export function createPocketsphinxProvider(settings: PocketsphinxSettings): SpeechToTextProvider {
  const binary = settings.binary ?? POCKETSPHINX_BINARY;
  return {
    name: 'pocketsphinx',
    async transcribe({ path: audioPath, language, signal }): Promise<HeardSpeech> {
      const primary = language?.toLowerCase().split(/[-_]/)[0];
      if (primary && primary !== 'en') {
        throw new SpeechProviderError(`pocketsphinx has only a US English model; "${language}" cannot be transcribed with it`, 'final');
      }
      const stdout = await new Promise<string>((resolve, reject) => {
        execFile(
          binary,
          ['-infile', audioPath, '-time', 'yes'],
          { maxBuffer: OUTPUT_LIMIT_BYTES, timeout: settings.timeoutSeconds * 1000, killSignal: 'SIGKILL', signal, encoding: 'utf8' },
          (error, out, stderr) => (error ? reject(refusalFor(error as ExecFailure, stderr, binary, settings.timeoutSeconds)) : resolve(out)),
        );
      });
      return { language: 'en', segments: segmentsFromPocketsphinx(stdout), quality: 'low' };
    },
  };
}

function refusalFor(error: ExecFailure, stderr: string, binary: string, timeoutSeconds: number): SpeechProviderError {
  if (error.code === 'ENOENT') {
    return new SpeechProviderError(
      `STT_PROVIDER=pocketsphinx needs ${binary}, which is not installed (Debian: apt-get install pocketsphinx pocketsphinx-en-us)`,
      'final',
    );
  }
  if (error.name === 'AbortError') return new SpeechProviderError('The pocketsphinx transcription was aborted', 'retryable');
  if (error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
    return new SpeechProviderError(`pocketsphinx wrote more than ${OUTPUT_LIMIT_BYTES} bytes for one chunk`, 'final');
  }
  // Killed by us: the timeout. (When the kill races the child's start, no exit signal is reported.)
  // Stopped by a signal of the system's (the OOM killer): the same chunk may well pass another time.
  if (error.killed) return new SpeechProviderError(`pocketsphinx did not finish within ${timeoutSeconds} s`, 'retryable');
  if (error.signal) return new SpeechProviderError(`pocketsphinx was stopped by ${error.signal}`, 'retryable');
  // It exits 1 with a FATAL or ERROR line for input it cannot read: that will not change.
  const reason = stderr
    .split('\n')
    .filter((line) => /^(FATAL|ERROR):/.test(line))
    .map((line) => line.replace(/^(FATAL|ERROR): "[^"]*", line \d+: /, ''))
    .join('; ');
  return new SpeechProviderError(`pocketsphinx failed${reason ? `: ${reason}` : ` (exit code ${String(error.code)})`}`, 'final');
}

/** The speech-to-text provider STT_PROVIDER names, built from the configuration; null for `none`. */
import type { Config } from '../../config';
import type { SpeechToTextProvider } from '../types';
import { createLocalWhisperProvider } from './local-whisper';
import { createOpenAiSpeechProvider } from './openai';
import { createPocketsphinxProvider } from './pocketsphinx';

export type SpeechProviderConfig = Pick<
  Config,
  'STT_PROVIDER' | 'STT_BASE_URL' | 'STT_MODEL' | 'STT_API_KEY' | 'STT_LOCAL_MODEL' | 'STT_LOCAL_THREADS' | 'STT_REQUEST_TIMEOUT_SECONDS'
>;

export function createSpeechToTextProvider(config: SpeechProviderConfig): SpeechToTextProvider | null {
  switch (config.STT_PROVIDER) {
    case 'none':
      return null;
    case 'openai':
      if (!config.STT_BASE_URL) throw new Error('STT_PROVIDER=openai needs STT_BASE_URL');
      return createOpenAiSpeechProvider({
        baseUrl: config.STT_BASE_URL,
        model: config.STT_MODEL,
        apiKey: config.STT_API_KEY ?? null,
        requestTimeoutSeconds: config.STT_REQUEST_TIMEOUT_SECONDS,
      });
    case 'local':
      if (!config.STT_LOCAL_MODEL) throw new Error('STT_PROVIDER=local needs STT_LOCAL_MODEL');
      return createLocalWhisperProvider({
        modelPath: config.STT_LOCAL_MODEL,
        threads: config.STT_LOCAL_THREADS,
        timeoutSeconds: config.STT_REQUEST_TIMEOUT_SECONDS,
      });
    case 'pocketsphinx':
      return createPocketsphinxProvider({ timeoutSeconds: config.STT_REQUEST_TIMEOUT_SECONDS });
  }
}

export { SpeechProviderError } from '../types';

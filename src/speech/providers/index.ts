/** The speech-to-text provider STT_PROVIDER names, built from the configuration; null for `none`. */
import type { Config } from '../../config';
import type { SpeechToTextProvider } from '../types';
import { createLocalWhisperProvider } from './local-whisper';
import { createOpenAiSpeechProvider } from './openai';
import { createPocketsphinxProvider } from './pocketsphinx';

export function createSpeechToTextProvider(stt: Config['stt']): SpeechToTextProvider | null {
  switch (stt.provider) {
    case 'none':
      return null;
    case 'openai':
      if (!stt.baseUrl) throw new Error('STT_PROVIDER=openai needs STT_BASE_URL');
      return createOpenAiSpeechProvider({
        baseUrl: stt.baseUrl,
        model: stt.model,
        apiKey: stt.apiKey ?? null,
        requestTimeoutSeconds: stt.requestTimeoutSeconds,
      });
    case 'local':
      if (!stt.localModel) throw new Error('STT_PROVIDER=local needs STT_LOCAL_MODEL');
      return createLocalWhisperProvider({
        modelPath: stt.localModel,
        threads: stt.localThreads,
        timeoutSeconds: stt.requestTimeoutSeconds,
      });
    case 'pocketsphinx':
      return createPocketsphinxProvider({ timeoutSeconds: stt.requestTimeoutSeconds });
  }
}

export { SpeechProviderError } from '../types';

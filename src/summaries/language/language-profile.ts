/**
 * Everything language-specific the engine uses, chosen once per transcript. English gets the
 * wink model (stop words, stems) and spoken-English word classes; other languages get a stop
 * list when one exists and plain lower-cased tokens otherwise, so nothing fails on them.
 */
import { cueLexiconFor, type CueLexicon } from './cue-lexicon';
import { classifyEnglishTokens } from './english-vocabulary';
import { stopWordsFor } from './stop-word-lists';
import { isNonTerm, type VocabularyClasses } from './vocabulary-classes';

export interface LanguageProfile {
  /** Lower-cased BCP-47 code as given ("en-us", "pt-br"); "und" when unknown. */
  readonly code: string;
  /** Primary subtag ("en", "pt"). */
  readonly primary: string;
  readonly isEnglish: boolean;
  /** Locale for Intl segmenters; falls back to the runtime default when the code is not valid. */
  readonly locale: string | undefined;
  readonly cues: CueLexicon;
  /** Elided articles and pronouns are written onto the next word ("l'eau"). */
  readonly splitsElisions: boolean;
  classify(tokens: readonly string[]): VocabularyClasses;
}

const ELIDING_LANGUAGES = new Set(['fr', 'it', 'ca']);

export function languageProfile(language: string): LanguageProfile {
  const code = (language.trim() || 'und').toLowerCase();
  const primary = code.split(/[-_]/)[0] || 'und';
  const isEnglish = primary === 'en';
  return {
    code,
    primary,
    isEnglish,
    locale: validLocale(code.replace(/_/g, '-')),
    cues: cueLexiconFor(primary),
    splitsElisions: ELIDING_LANGUAGES.has(primary),
    classify: isEnglish ? classifyEnglishTokens : (tokens) => classifyWithStopList(tokens, stopWordsFor(code)),
  };
}

/**
 * Published stop lists are short for some languages (Spanish has under sixty words), and
 * none exist for many. Words of one or two letters in alphabetic scripts are almost all
 * function words ("es", "si", "de", "la"), so they are treated as stop words too.
 */
const SHORT_ALPHABETIC = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]{1,2}$/u;

function classifyWithStopList(tokens: readonly string[], stopWords: ReadonlySet<string> | null): VocabularyClasses {
  const stop = new Uint8Array(tokens.length);
  tokens.forEach((token, i) => {
    stop[i] = isNonTerm(token) || SHORT_ALPHABETIC.test(token) || (stopWords?.has(token) ?? false) ? 1 : 0;
  });
  return { stems: tokens, stop, generic: new Uint8Array(tokens.length) };
}

function validLocale(code: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(code)[0];
  } catch {
    return undefined;
  }
}

/**
 * Classifies English tokens with the wink model: its stop-word list and Porter2 stems,
 * plus the spoken-English word classes the model's prose-oriented list lacks.
 * Each distinct token is classified once per transcript, in batches, so the cost follows the
 * vocabulary size rather than the transcript length.
 */
import type { ItsFunction } from 'wink-nlp';
import { englishTokenReader } from './wink';
import { GENERIC_TERMS, SPOKEN_STOP_WORDS } from './english-word-classes';
import { isNonTerm, type VocabularyClasses } from './vocabulary-classes';

const BATCH_SIZE = 4000;
/** Clitics after an apostrophe: the word is classified by what precedes them. */
const CLITIC = /^([^']+)'(s|ll|re|ve|d|m|t)$/;

interface WinkVerdict {
  stem: string;
  stop: boolean;
}

export function classifyEnglishTokens(tokens: readonly string[]): VocabularyClasses {
  const bases = tokens.map((token) => CLITIC.exec(token)?.[1] ?? token);
  const verdicts = winkVerdicts(bases);
  const stems: string[] = new Array<string>(tokens.length);
  const stop = new Uint8Array(tokens.length);
  const generic = new Uint8Array(tokens.length);
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] ?? '';
    const base = bases[i] ?? token;
    const verdict = verdicts[i] ?? { stem: base, stop: false };
    const negated = token.endsWith("n't");
    stems[i] = verdict.stem;
    stop[i] =
      negated || verdict.stop || isNonTerm(base) || SPOKEN_STOP_WORDS.has(token) || SPOKEN_STOP_WORDS.has(base) ? 1 : 0;
    generic[i] = GENERIC_TERMS.has(token) || GENERIC_TERMS.has(base) ? 1 : 0;
  }
  return { stems, stop, generic };
}

/** Stop flag and stem for each word, read from wink documents of many words at a time. */
function winkVerdicts(words: readonly string[]): WinkVerdict[] {
  const verdicts: WinkVerdict[] = [];
  for (let from = 0; from < words.length; from += BATCH_SIZE) {
    const batch = words.slice(from, from + BATCH_SIZE);
    const grouped = readBatch(batch);
    if (grouped) verdicts.push(...grouped);
    else for (const word of batch) verdicts.push(...(readBatch([word]) ?? [{ stem: word, stop: false }]));
  }
  return verdicts;
}

/**
 * wink may split one of our words into several tokens ("don't" is "do" + "n't"); the tokens
 * of a word are regrouped by the spaces that separated the words. Returns null when the
 * grouping does not come out one verdict per word.
 */
function readBatch(words: readonly string[]): WinkVerdict[] | null {
  const nlp = englishTokenReader();
  const its = nlp.its;
  const tokens = nlp.readDoc(words.join(' ')).tokens();
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const stopFlags = tokens.out(its.stopWordFlag) as boolean[];
  // The stem helper also takes the model's addons, which wink passes itself; its type says so.
  const stems = tokens.out(its.stem as unknown as ItsFunction<string>) as string[];
  const types = tokens.out(its.type) as string[];
  const verdicts: WinkVerdict[] = [];
  let current: WinkVerdict | null = null;
  for (let t = 0; t < stems.length; t += 1) {
    const startsWord = t === 0 || (spaces[t] ?? '') !== '';
    const isWord = types[t] === 'word';
    if (startsWord) {
      current = { stem: '', stop: true };
      verdicts.push(current);
    }
    if (!current) return null;
    if (isWord || types[t] === 'number') {
      current.stem += stems[t] ?? '';
      current.stop = current.stop && (stopFlags[t] ?? false);
    }
  }
  if (verdicts.length !== words.length) return null;
  for (let i = 0; i < verdicts.length; i += 1) {
    const verdict = verdicts[i];
    if (verdict && verdict.stem === '') verdict.stem = words[i] ?? '';
  }
  return verdicts;
}

/**
 * Whether an English key phrase is used as a noun phrase ("circadian rhythm", not "sleeping
 * well"): headings and key terms read as names of things. Each check part-of-speech tags one
 * short sentence with wink, so it is only ever applied to a bounded list of candidates.
 */
import { englishTagger } from '../language/wink';
import type { KeyPhrase } from './key-phrases';

const NOMINAL = new Set(['NOUN', 'PROPN']);
const MODIFIER = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);

export type NounPhraseCheck = (phrase: KeyPhrase) => boolean;

export function createNounPhraseCheck(sentenceText: (s: number) => string): NounPhraseCheck {
  const tagged = new Map<number, { tokens: string[]; tags: string[] }>();
  const tag = (s: number) => {
    let entry = tagged.get(s);
    if (!entry) {
      const nlp = englishTagger();
      const tokens = nlp.readDoc(sentenceText(s)).tokens();
      entry = {
        tokens: (tokens.out(nlp.its.normal) as string[]).map((t) => t.replace(/’/g, "'")),
        tags: tokens.out(nlp.its.pos) as string[],
      };
      tagged.set(s, entry);
    }
    return entry;
  };
  return (phrase) => {
    // Judge by the first two uses: one odd tagging should not decide.
    let verdicts = 0;
    let nominal = 0;
    for (const s of phrase.sentences.slice(0, 2)) {
      const { tokens, tags } = tag(s);
      const at = indexOfSequence(tokens, phrase.tokens);
      if (at < 0) continue;
      verdicts += 1;
      const phraseTags = tags.slice(at, at + phrase.tokens.length);
      const head = phraseTags[phraseTags.length - 1] ?? '';
      if (NOMINAL.has(head) && phraseTags.every((t) => MODIFIER.has(t))) nominal += 1;
    }
    return verdicts === 0 || nominal > 0;
  };
}

function indexOfSequence(haystack: readonly string[], needle: readonly string[]): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    for (let k = 0; k < needle.length; k += 1) if (haystack[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

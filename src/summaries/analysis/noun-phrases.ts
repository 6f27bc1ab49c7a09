/**
 * Part-of-speech checks on single English sentences: whether a key phrase is used as a noun
 * phrase ("circadian rhythm", not "sleeping well"), and whether a sentence defines a term with
 * a copula ("an emergency fund is cash you set aside"). Each tags one short sentence with
 * wink, remembered per sentence, so they are only ever applied to bounded candidate lists.
 */
import type { ItsFunction } from 'wink-nlp';
import { englishTagger } from '../language/wink';
import type { KeyPhrase } from './key-phrases';

const NOMINAL = new Set(['NOUN', 'PROPN']);
const MODIFIER = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);
const COPULA = new Set(['is', 'are']);
/** What may open the noun phrase after "X is" in a definition. */
const DEFINIENS_START = new Set(['DET', 'NOUN', 'PROPN', 'NUM']);

export interface TaggedSentence {
  readonly tokens: readonly string[];
  readonly tags: readonly string[];
  readonly lemmas: readonly string[];
}

export interface SentenceTagger {
  tag(s: number): TaggedSentence;
  /** The phrase is used as a noun phrase in (one of) its first uses. */
  isNounPhrase(phrase: KeyPhrase): boolean;
  /** Sentence s says "<phrase> is/are <noun phrase>". */
  definesByCopula(s: number, phraseTokens: readonly string[]): boolean;
}

export function createSentenceTagger(sentenceText: (s: number) => string): SentenceTagger {
  const tagged = new Map<number, TaggedSentence>();
  const tag = (s: number): TaggedSentence => {
    let entry = tagged.get(s);
    if (!entry) {
      const nlp = englishTagger();
      const tokens = nlp.readDoc(sentenceText(s)).tokens();
      entry = {
        tokens: (tokens.out(nlp.its.normal) as string[]).map((t) => t.replace(/’/g, "'")),
        tags: tokens.out(nlp.its.pos) as string[],
        // The lemma helper also takes the model's addons, which wink passes itself; its type says so.
        lemmas: tokens.out(nlp.its.lemma as unknown as ItsFunction<string>) as string[],
      };
      tagged.set(s, entry);
    }
    return entry;
  };
  return {
    tag,
    isNounPhrase(phrase) {
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
    },
    definesByCopula(s, phraseTokens) {
      const { tokens, tags, lemmas } = tag(s);
      const at = indexOfSequence(tokens, phraseTokens);
      if (at < 0) return false;
      const after = at + phraseTokens.length;
      if (!COPULA.has(tokens[after] ?? '')) return false;
      const next = tags[after + 1] ?? '';
      // A bare verb cannot follow "is": a tagger reading one there has met a noun it took for a verb ("is cash").
      const bareVerb = next === 'VERB' && lemmas[after + 1] === tokens[after + 1];
      return DEFINIENS_START.has(next) || bareVerb || (next === 'ADJ' && NOMINAL.has(tags[after + 2] ?? ''));
    },
  };
}

function indexOfSequence(haystack: readonly string[], needle: readonly string[]): number {
  outer: for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    for (let k = 0; k < needle.length; k += 1) if (haystack[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

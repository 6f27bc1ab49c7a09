/**
 * Key phrases: runs of one to three topic-bearing words ("sourdough starter", "emergency
 * fund") counted per section. A phrase ranks high in a section when it is frequent there and
 * rare in the other sections, and high for the whole video when it is frequent but not spread
 * thinly over every section and every other sentence (the video's overall subject, "sleep" in a
 * sleep lecture, names no particular idea). Words the creator put in the title count extra.
 * Phrases are keyed by stems so "starters" and "starter" count together; each keeps its most
 * common written form for display. Long sections are read through an even sample of their
 * sentences, which bounds the cost on very long transcripts.
 */
import type { Vocabulary } from './vocabulary';
import type { WordStream } from './word-stream';
import type { SentenceTable } from './sentences';
import type { Section } from './sections';
import { FLAG_ENDS_CLAUSE, FLAG_ENDS_SENTENCE, type WordFlags } from './word-flags';
import { isContinuousScript } from '../text/word-tokens';
import type { CueLexicon } from '../language/cue-lexicon';

export interface KeyPhrase {
  /** Stems of the phrase's terms, joined; phrases with the same key are the same phrase. */
  readonly key: string;
  readonly terms: readonly number[];
  /** The most common written form. */
  readonly text: string;
  /** Lower-case tokens of that form, for finding the phrase in a sentence. */
  readonly tokens: readonly string[];
  readonly count: number;
  /** Seen where the speaker defines it. */
  readonly defined: boolean;
  /** Number of sections it occurs in. */
  readonly sectionCount: number;
  /** Sentences it occurs in, in transcript order (at most MAX_POSTINGS). */
  readonly sentences: readonly number[];
  readonly score: number;
}

export interface PhraseIndex {
  /** Per section, best first. */
  readonly bySection: readonly (readonly KeyPhrase[])[];
  /** For the whole transcript, best first. */
  readonly overall: readonly KeyPhrase[];
}

const MAX_NGRAM = 3;
const SAMPLE_PER_SECTION = 400;
const MAX_POSTINGS = 24;
const KEEP_PER_SECTION = 12;
const KEEP_OVERALL = 40;
/** A phrase of several words found twice is stronger evidence of a term than a word found three times. */
const LENGTH_BONUS = [0, 1, 1.8, 2.2];
/**
 * Inverse sentence frequency at which a word counts in full: that of a word in 5% of the
 * sentences, or in three of them for short transcripts, where 5% would be less than one
 * sentence and every repeated word would look common.
 */
function fullWeightIdf(sentenceCount: number): number {
  const documentFrequency = Math.max(0.05 * sentenceCount, Math.min(sentenceCount / 2, 3));
  return Math.log(1 + sentenceCount / Math.max(1, documentFrequency));
}
const TITLE_BOOST = 1.5;

export interface PhraseContext {
  /** Per term: inverse sentence frequency. */
  readonly idf: Float32Array;
  /** Terms of the video's title. */
  readonly titleTerms: ReadonlySet<number>;
  readonly cues: CueLexicon;
}

const ARTICLES = new Set(['a', 'an', 'the', 'un', 'una', 'el', 'la', 'le', 'les', 'der', 'die', 'das', 'ein', 'eine', 'o', 'os', 'as', 'il', 'lo']);
/** A term the speaker stops to define is a key term almost by definition. */
const DEFINED_LIFT = 1.6;

interface PhraseTally {
  terms: number[];
  count: number;
  perSection: Map<number, number>;
  forms: Map<string, number>;
  sentences: number[];
  allGeneric: boolean;
  /** Seen where the speaker defines it ("X is...", "called X"). */
  defined: boolean;
}

export function extractKeyPhrases(
  words: WordStream,
  vocabulary: Vocabulary,
  flags: WordFlags,
  sentences: SentenceTable,
  sections: readonly Section[],
  context: PhraseContext,
): PhraseIndex {
  const tallies = new Map<string, PhraseTally>();
  const surfaceTokens = surfaceTokenReader(words, vocabulary);
  for (const section of sections) {
    for (const s of sampleSentences(section.firstSentence, section.endSentence, SAMPLE_PER_SECTION)) {
      const sentence = readSentence(s, words, vocabulary, flags, sentences, surfaceTokens);
      tallySentence(s, section.index, sentence, context.cues, tallies);
    }
  }

  const sectionCount = Math.max(1, sections.length);
  const fullIdf = fullWeightIdf(sentences.count);
  const bySection: KeyPhrase[][] = sections.map(() => []);
  const overall: KeyPhrase[] = [];
  for (const [key, tally] of tallies) {
    if (tally.allGeneric) continue;
    const n = tally.terms.length;
    // A multi-word run seen once is usually chance, unless the speaker defined it.
    if (n > 1 && tally.count < 2 && !tally.defined) continue;
    const text = mostCommonForm(tally.forms);
    const weight = (LENGTH_BONUS[n] ?? 1) * rarity(tally.terms, context.idf, fullIdf) ** 2 * (tally.defined ? DEFINED_LIFT : 1);
    // The creator's title names the video's subject: a good label for a part of it, but not a key term of it.
    const titled = tally.terms.every((t) => context.titleTerms.has(t)) ? TITLE_BOOST : 1;
    const base = {
      key,
      terms: tally.terms,
      text,
      tokens: text.toLowerCase().split(' '),
      sentences: tally.sentences,
      sectionCount: tally.perSection.size,
      defined: tally.defined,
    };
    const specificity = Math.log(1 + sectionCount / tally.perSection.size);
    // Share-weighted specificity, scaled so a phrase confined to one section scores 1.
    let concentration = 0;
    for (const count of tally.perSection.values()) concentration += (count / tally.count) * specificity;
    concentration /= Math.log(1 + sectionCount);
    overall.push({ ...base, count: tally.count, score: tally.count * weight * concentration });
    for (const [sectionIndex, count] of tally.perSection) {
      bySection[sectionIndex]?.push({ ...base, count, score: count * weight * titled * specificity });
    }
  }
  return {
    bySection: bySection.map((list) => best(list, KEEP_PER_SECTION)),
    overall: best(overall, KEEP_OVERALL),
  };
}

/** Mean over the phrase's terms of their rarity, 1 for words no commoner than `fullIdf` says. */
function rarity(terms: readonly number[], idf: Float32Array, fullIdf: number): number {
  let sum = 0;
  for (const t of terms) sum += Math.min(1, (idf[t] ?? 0) / fullIdf);
  return sum / Math.max(1, terms.length);
}

function best(phrases: KeyPhrase[], keep: number): KeyPhrase[] {
  return phrases.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).slice(0, keep);
}

/**
 * The most common written form, lower-case forms first: a word written in lower case anywhere
 * is not a name, and its capitals elsewhere come from starting a sentence.
 */
export function mostCommonForm(forms: Map<string, number>): string {
  const hasLower = [...forms.keys()].some((form) => form === form.toLowerCase());
  let bestForm = '';
  let bestCount = -1;
  for (const [form, count] of forms) {
    if (hasLower && form !== form.toLowerCase()) continue;
    if (count > bestCount || (count === bestCount && form < bestForm)) {
      bestForm = form;
      bestCount = count;
    }
  }
  return bestForm;
}

function* sampleSentences(from: number, to: number, limit: number): Generator<number> {
  const count = to - from;
  if (count <= limit) {
    for (let s = from; s < to; s += 1) yield s;
    return;
  }
  const step = count / limit;
  for (let i = 0; i < limit; i += 1) yield from + Math.floor(i * step);
}

/** The original-case tokens of a distinct word, tokenised on demand and remembered. */
function surfaceTokenReader(words: WordStream, vocabulary: Vocabulary): (word: number) => string[] {
  const tokenize = vocabulary.tokenize;
  const memo = new Map<number, string[]>();
  return (word) => {
    let tokens = memo.get(word);
    if (!tokens) {
      tokens = tokenize(words.distinct[word] ?? '');
      memo.set(word, tokens);
    }
    return tokens;
  };
}

/** One sentence as the phrase counter sees it. */
interface SentenceTokens {
  tokens: string[];
  terms: number[];
  forms: string[];
  generic: boolean[];
  /** A clause mark (comma, full stop) follows the token. */
  breakAfter: boolean[];
}

function readSentence(
  s: number,
  words: WordStream,
  vocabulary: Vocabulary,
  flags: WordFlags,
  sentences: SentenceTable,
  surfaceTokens: (word: number) => string[],
): SentenceTokens {
  const out: SentenceTokens = { tokens: [], terms: [], forms: [], generic: [], breakAfter: [] };
  const to = sentences.firstWord[s + 1] ?? 0;
  for (let p = sentences.firstWord[s] ?? 0; p < to; p += 1) {
    const w = words.word[p] ?? 0;
    const from = vocabulary.wordTokenStart[w] ?? 0;
    const end = vocabulary.wordTokenStart[w + 1] ?? from;
    const forms = surfaceTokens(w);
    const closesClause = ((flags.flags[w] ?? 0) & (FLAG_ENDS_CLAUSE | FLAG_ENDS_SENTENCE)) !== 0;
    for (let k = from; k < end; k += 1) {
      const token = vocabulary.wordTokens[k] ?? 0;
      out.tokens.push(vocabulary.tokens[token] ?? '');
      out.terms.push(vocabulary.tokenTerm[token] ?? -1);
      // Tokenising the original-case word gives the same tokens in the same order.
      out.forms.push(forms[k - from] ?? vocabulary.tokens[token] ?? '');
      out.generic.push((vocabulary.tokenClasses.generic[token] ?? 0) === 1);
      out.breakAfter.push(closesClause && k === end - 1);
    }
  }
  return out;
}

function tallySentence(
  s: number,
  sectionIndex: number,
  sentence: SentenceTokens,
  cues: CueLexicon,
  tallies: Map<string, PhraseTally>,
): void {
  const seenInSentence = new Set<string>();
  const { terms, forms, generic, tokens } = sentence;
  let runStart = 0;
  for (let end = 0; end <= terms.length; end += 1) {
    const runEnds = end === terms.length || (terms[end] ?? -1) < 0 || (end > runStart && sentence.breakAfter[end - 1]);
    if (!runEnds) continue;
    const definedBefore = runStart < end && definitionBefore(tokens, runStart, cues);
    const definedAfter =
      runStart < end && end < terms.length && !sentence.breakAfter[end - 1] && startsWithAny(tokens, end, cues.definitionAfter);
    for (let i = runStart; i < end; i += 1) {
      for (let n = 1; n <= MAX_NGRAM && i + n <= end; n += 1) {
        const phraseTerms = terms.slice(i, i + n);
        const key = phraseTerms.join('.');
        let tally = tallies.get(key);
        if (!tally) {
          tally = { terms: phraseTerms, count: 0, perSection: new Map(), forms: new Map(), sentences: [], allGeneric: true, defined: false };
          for (let k = i; k < i + n; k += 1) if (!generic[k]) tally.allGeneric = false;
          tallies.set(key, tally);
        }
        tally.count += 1;
        tally.perSection.set(sectionIndex, (tally.perSection.get(sectionIndex) ?? 0) + 1);
        if ((i === runStart && definedBefore) || (i + n === end && definedAfter)) tally.defined = true;
        const phraseForms = forms.slice(i, i + n);
        const form = phraseForms.join(phraseForms.some(isContinuousScript) ? '' : ' ');
        tally.forms.set(form, (tally.forms.get(form) ?? 0) + 1);
        if (!seenInSentence.has(key)) {
          seenInSentence.add(key);
          if (tally.sentences.length < MAX_POSTINGS) tally.sentences.push(s);
        }
      }
    }
    // A stop word ends the run and is not part of the next one; a clause mark only ends it.
    runStart = end < terms.length && (terms[end] ?? -1) >= 0 ? end : end + 1;
  }
}

/** The words before position `at` name what follows ("called", "known as"), an article allowed in between. */
function definitionBefore(tokens: readonly string[], at: number, cues: CueLexicon): boolean {
  let end = at;
  if (ARTICLES.has(tokens[end - 1] ?? '')) end -= 1;
  // Most runs follow no cue at all: rule them out before building strings.
  if (!lastWordsOf(cues.definitionBefore).has(tokens[end - 1] ?? '')) return false;
  const before = ` ${tokens.slice(Math.max(0, end - 3), end).join(' ')}`;
  return cues.definitionBefore.some((phrase) => before.endsWith(` ${phrase}`));
}

/** One of the phrases begins at token `at`. */
export function startsWithAny(tokens: readonly string[], at: number, phrases: readonly string[]): boolean {
  if (!firstWordsOf(phrases).has(tokens[at] ?? '')) return false;
  const following = ` ${tokens.slice(at, at + 4).join(' ')} `;
  return phrases.some((phrase) => following.startsWith(` ${phrase} `));
}

const firstWords = new WeakMap<readonly string[], Set<string>>();
const lastWords = new WeakMap<readonly string[], Set<string>>();

function firstWordsOf(phrases: readonly string[]): Set<string> {
  let words = firstWords.get(phrases);
  if (!words) {
    words = new Set(phrases.map((p) => p.split(' ')[0] ?? ''));
    firstWords.set(phrases, words);
  }
  return words;
}

function lastWordsOf(phrases: readonly string[]): Set<string> {
  let words = lastWords.get(phrases);
  if (!words) {
    words = new Set(phrases.map((p) => p.split(' ').pop() ?? ''));
    lastWords.set(phrases, words);
  }
  return words;
}

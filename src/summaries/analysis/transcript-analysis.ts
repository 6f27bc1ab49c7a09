/**
 * The analysis every summary mode shares: cleaned words, sentences with times, TF-IDF
 * vectors, topic sections with headings, sentence salience and key phrases. Computing it once
 * and rendering each requested mode from it is what makes five modes cost little more than one.
 */
import type { SummaryInput } from '../../domain/summary';
import { languageProfile, type LanguageProfile } from '../language/language-profile';
import { disfluencyRules } from '../text/caption-noise';
import { escapeMarkdown } from '../text/markdown';
import { createPresenter, type Presenter } from '../text/presentation';
import { punctuationProfile, type PunctuationProfile } from '../text/punctuation';
import { createUnspacedSplitter } from '../text/word-tokens';
import { extractKeyPhrases, type PhraseIndex } from './key-phrases';
import { createSentenceTagger, type SentenceTagger } from './noun-phrases';
import { computeSalience, type Salience } from './salience';
import { sectionHeadings } from './section-headings';
import { sectionsFromBoundaries, sectionsFromChapters, usableChapters, type Section } from './sections';
import { buildSentences, type SentenceTable } from './sentences';
import { sentenceText, sentenceTokens } from './sentence-text';
import { buildSentenceVectors, type SentenceVectors } from './sentence-vectors';
import { TOPIC_CUE_TOKENS, topicShiftCues } from './topic-cues';
import { findTopicBoundaries, segmentationPlan } from './topic-segmentation';
import { buildVocabulary, termsOf, type Vocabulary } from './vocabulary';
import { buildWordFlags } from './word-flags';
import { buildWordStream, type WordStream } from './word-stream';

export interface TranscriptAnalysis {
  readonly title: string;
  /** The video's duration, or the end of its last caption when the platform did not say. */
  readonly durationSeconds: number;
  readonly language: LanguageProfile;
  readonly punctuation: PunctuationProfile;
  readonly words: WordStream;
  readonly vocabulary: Vocabulary;
  readonly sentences: SentenceTable;
  readonly vectors: SentenceVectors;
  readonly sections: readonly Section[];
  /** Sections are the creator's chapters (otherwise they were found in the text). */
  readonly chaptered: boolean;
  /** Per section: chapter title or key-phrase heading. */
  readonly headings: readonly string[];
  readonly salience: Salience;
  readonly phrases: PhraseIndex;
  /** Part-of-speech checks on single sentences, for English; null for other languages. */
  readonly tagger: SentenceTagger | null;
  readonly presenter: Presenter;
  /** Sentence s as spoken (cleaned of noise). */
  text(s: number): string;
  /** Sentence s as lower-case tokens. */
  tokens(s: number): string[];
  /** Sentence s ready to print in Markdown: presented, then escaped. */
  display(s: number): string;
}

export function analyzeTranscript(input: SummaryInput): TranscriptAnalysis {
  const language = languageProfile(input.language || 'und');
  const words = buildWordStream(
    input.segments,
    disfluencyRules(language.cues.fillers, language.isEnglish),
    createUnspacedSplitter(language.locale),
  );
  const punctuation = punctuationProfile(words.segmentText);
  const vocabulary = buildVocabulary(words, language);
  const flags = buildWordFlags(words, vocabulary, language.isEnglish);
  const sentences = buildSentences(words, flags, vocabulary, language, punctuation.punctuated);
  const vectors = buildSentenceVectors(words, vocabulary, sentences);
  const durationSeconds = resolveDuration(input.durationSeconds, words);

  const chapters = usableChapters(input.chapters, durationSeconds);
  const chaptered = chapters.length > 0;
  const sections = chaptered
    ? sectionsFromChapters(chapters, sentences, durationSeconds)
    : sentences.count === 0
      ? []
      : sectionsFromBoundaries(
          findTopicBoundaries(
            sentences,
            vectors,
            vocabulary.termCount,
            durationSeconds,
            segmentationPlan(durationSeconds),
            topicShiftCues(sentences.count, (s) => sentenceTokens(words, vocabulary, sentences, s, TOPIC_CUE_TOKENS), language.cues),
          ),
          sentences,
          durationSeconds,
        );
  const salience = computeSalience(sentences, vectors, vocabulary.termCount, sections);
  const phrases = extractKeyPhrases(words, vocabulary, flags, sentences, sections, {
    idf: vectors.idf,
    titleTerms: termsOf(input.title, vocabulary),
    cues: language.cues,
  });

  const text = (s: number) => sentenceText(words, sentences, s);
  const tagger = language.isEnglish ? createSentenceTagger(text) : null;
  const presenter = createPresenter({
    language,
    unpunctuated: !punctuation.punctuated,
    lowerCaseOnly: punctuation.lowerCaseOnly,
    casingSources: [input.title, input.channel, ...input.chapters.map((c) => c.title)],
  });
  const headings = sectionHeadings(sections, phrases, tagger, language.isEnglish ? ' and ' : ', ').map((h) => presenter.phrase(h));

  return {
    title: input.title,
    durationSeconds,
    language,
    punctuation,
    words,
    vocabulary,
    sentences,
    vectors,
    sections,
    chaptered,
    headings,
    salience,
    phrases,
    tagger,
    presenter,
    text,
    tokens: (s) => sentenceTokens(words, vocabulary, sentences, s),
    display: (s) => escapeMarkdown(presenter.sentence(text(s))),
  };
}

function resolveDuration(stated: number | null, words: WordStream): number {
  if (stated !== null && Number.isFinite(stated) && stated > 0) return stated;
  let last = 0;
  for (const end of words.segmentEnd) last = Math.max(last, end);
  return last;
}

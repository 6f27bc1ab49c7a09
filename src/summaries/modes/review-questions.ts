/**
 * Review questions generated from the material: what the defined key terms are, the
 * questions the speaker poses, how two terms the speaker connects relate, what each section
 * teaches, and why the remaining key terms matter.
 */
import { questionTemplatesFor } from '../language/question-templates';
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import type { KeyTerm } from './key-terms';
import { topSentences } from './selection';
import { sentenceCues } from './sentence-cues';
import { wordCount } from './sentence-measures';

const SPEAKER_QUESTION_CANDIDATES = 60;

/** A question and the sentences it is asked about. */
export interface ReviewQuestion {
  text: string;
  sentences: number[];
}

export function reviewQuestions(analysis: TranscriptAnalysis, terms: readonly KeyTerm[]): ReviewQuestion[] {
  const wanted = Math.min(8, Math.max(4, analysis.sections.length + 2));
  const templates = questionTemplatesFor(analysis.language.primary);
  const english = analysis.language.isEnglish;
  const questions: ReviewQuestion[] = [];
  const add = (question: string, sentences: number[]) => {
    if (questions.length < wanted && !questions.some((q) => q.text.toLowerCase() === question.toLowerCase())) questions.push({ text: question, sentences });
  };
  const text = (term: KeyTerm) => analysis.presenter.phrase(term.phrase.text);
  const withArticle = (term: KeyTerm) => (english && term.article ? `${term.article} ${text(term)}` : text(term));
  const plural = (term: KeyTerm) => english && /[^su]s$/i.test(term.phrase.text);

  for (const term of terms.filter((t) => t.defined).slice(0, 3)) add(templates.whatIs(text(term), term.article, plural(term)), [term.sentence]);
  for (const s of speakerQuestions(analysis)) add(analysis.presenter.sentence(analysis.text(s)), [s]);
  const pair = connectedPair(terms);
  if (pair) add(templates.relate(withArticle(pair[0]), withArticle(pair[1])), sharedSentences(pair));
  analysis.sections.forEach((section, i) => {
    if (section.endSentence > section.firstSentence) add(templates.keyIdeas(analysis.headings[i] ?? `Part ${i + 1}`), [section.firstSentence, section.endSentence - 1]);
  });
  for (const term of terms.filter((t) => !t.defined)) add(templates.whyItMatters(text(term), term.article, plural(term)), [term.sentence]);
  return questions;
}

/** The first sentence in which the speaker uses both terms. */
function sharedSentences([a, b]: [KeyTerm, KeyTerm]): number[] {
  const shared = a.phrase.sentences.find((s) => b.phrase.sentences.includes(s));
  return shared === undefined ? [a.sentence] : [shared];
}

/** Two key terms the speaker uses in the same sentence, strongest first. */
function connectedPair(terms: readonly KeyTerm[]): [KeyTerm, KeyTerm] | null {
  for (let i = 0; i < terms.length; i += 1) {
    for (let j = i + 1; j < terms.length; j += 1) {
      const a = terms[i];
      const b = terms[j];
      if (a && b && a.phrase.sentences.some((s) => b.phrase.sentences.includes(s))) return [a, b];
    }
  }
  return null;
}

/** Up to two central questions the speaker asks (not "can you hear me?"), in reading order. */
function speakerQuestions(analysis: TranscriptAnalysis): number[] {
  const global = analysis.salience.global;
  return topSentences((s) => global[s] ?? 0, 0, analysis.sentences.count, SPEAKER_QUESTION_CANDIDATES)
    .filter((s) => {
      const cues = sentenceCues(analysis, s);
      const words = wordCount(analysis, s);
      return cues.question && !cues.promotion && !cues.dangling && words >= 5 && words <= 22;
    })
    .slice(0, 2)
    .sort((a, b) => a - b);
}

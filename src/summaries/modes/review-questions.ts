/**
 * Review questions generated from the material: what the defined key terms are, how two
 * terms that the speaker connects relate, the questions the speaker poses, and what each
 * section teaches. Templates are English; other languages get the speaker's own questions
 * first and quoted terms in the templates.
 */
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import type { KeyTerm } from './key-terms';
import { topSentences } from './selection';
import { sentenceCues } from './sentence-cues';
import { wordCount } from './shared';

const SPEAKER_QUESTION_CANDIDATES = 60;

export function reviewQuestions(analysis: TranscriptAnalysis, terms: readonly KeyTerm[]): string[] {
  const wanted = Math.min(8, Math.max(4, analysis.sections.length + 2));
  const english = analysis.language.isEnglish;
  const questions: string[] = [];
  const add = (question: string) => {
    if (questions.length < wanted && !questions.some((q) => q.toLowerCase() === question.toLowerCase())) questions.push(question);
  };

  for (const term of terms.filter((t) => t.defined).slice(0, 3)) add(english ? whatIs(term) : `What does “${term.phrase.text}” mean?`);
  for (const s of speakerQuestions(analysis).slice(0, 2)) add(analysis.presenter.sentence(analysis.text(s)));
  const pair = connectedPair(terms);
  if (pair) add(`How does ${quoteUnlessEnglish(pair[0], english)} relate to ${quoteUnlessEnglish(pair[1], english)}?`);
  analysis.sections.forEach((section, i) => {
    if (section.endSentence <= section.firstSentence) return;
    const heading = analysis.headings[i] ?? '';
    add(`What are the key ideas of “${heading}”?`);
  });
  for (const term of terms.filter((t) => !t.defined)) add(english ? whyMatters(term) : `What does “${term.phrase.text}” mean?`);
  return questions;
}

function whatIs(term: KeyTerm): string {
  const text = term.phrase.text;
  const plural = /[^su]s$/i.test(text) && !/ss$/i.test(text);
  if (plural) return `What are ${text}?`;
  return `What is ${term.article ? `${term.article} ` : ''}${text}?`;
}

function whyMatters(term: KeyTerm): string {
  const text = term.phrase.text;
  return /[^su]s$/i.test(text) ? `Why do ${text} matter here?` : `Why does ${term.article ?? ''}${term.article ? ' ' : ''}${text} matter here?`;
}

function quoteUnlessEnglish(text: string, english: boolean): string {
  return english ? text : `“${text}”`;
}

/** Two key terms the speaker uses in the same sentence, strongest first. */
function connectedPair(terms: readonly KeyTerm[]): [string, string] | null {
  for (let i = 0; i < terms.length; i += 1) {
    for (let j = i + 1; j < terms.length; j += 1) {
      const a = terms[i];
      const b = terms[j];
      if (!a || !b) continue;
      if (a.phrase.sentences.some((s) => b.phrase.sentences.includes(s))) return [a.phrase.text, b.phrase.text];
    }
  }
  return null;
}

/** Central questions the speaker asks (not "can you hear me?"), in reading order. */
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

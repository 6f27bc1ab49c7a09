/**
 * key_insights: actionable takeaways. Candidates are the salient sentences of the whole video
 * and of each section; those that give advice, name a cause or consequence, or (in English)
 * are imperatives rank above plain statements, weighted by how central they are. Each is
 * rephrased to stand alone: spoken frames like "what you want to do is" are dropped.
 */
import type { ItsFunction } from 'wink-nlp';
import { englishTagger } from '../language/wink';
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import { escapeMarkdown } from '../text/markdown';
import type { CitationWriter } from './citations';
import { candidateSentences, selectDiverse } from './selection';
import { sentenceCues } from './sentence-cues';
import { minutes, NO_SPEECH, quotableSectionSalience, similarity } from './sentence-measures';

const GLOBAL_CANDIDATES = 150;
const SECTION_CANDIDATES = 12;
const MIN_CUED = 3;

/** Spoken frames around advice that add nothing once the advice is a bullet point. */
const ENGLISH_FRAMES: readonly RegExp[] = [
  /^(?:so |and |but )?(?:what )?(?:you|we) (?:really |basically |actually )?(?:want|need|have|got) to do is (?:to )?/i,
  /^(?:so |and )?(?:i think|i would say|i'd say|i believe|i feel like|i guess)(?: that)? /i,
  /^(?:so |and )?(?:my|one|the|a good) (?:advice|tip|recommendation|suggestion) (?:would be|is)(?: (?:really |very )?simple| this)?[:,]?(?: to| that)? /i,
  /^(?:so |and )?the (?:first|second|third|next|last|final|other) (?:thing|step|tip) (?:is|would be)(?: to| that)? /i,
];

export function keyInsightSentences(analysis: TranscriptAnalysis): number[] {
  const n = analysis.sentences.count;
  if (n === 0) return [];
  const global = analysis.salience.global;
  const local = analysis.salience.local;
  const candidates = new Set(candidateSentences((s) => global[s] ?? 0, 0, n, GLOBAL_CANDIDATES));
  for (const section of analysis.sections) {
    for (const s of candidateSentences((s) => local[s] ?? 0, section.firstSentence, section.endSentence, SECTION_CANDIDATES)) candidates.add(s);
  }
  const imperative = analysis.language.isEnglish ? imperativeCheck(analysis) : () => false;
  const known = new Map<number, number>();
  const actionability = (s: number): number => {
    let value = known.get(s);
    if (value === undefined) {
      const cues = sentenceCues(analysis, s);
      value = (cues.advice ? 1 : 0) + (imperative(s) ? 0.8 : 0) + (cues.causeEffect ? 0.5 : 0);
      known.set(s, value);
    }
    return value;
  };
  // A question asks for a takeaway rather than giving one; promotion is never one.
  const pool = [...candidates].filter((s) => {
    const cues = sentenceCues(analysis, s);
    return !cues.question && !cues.promotion;
  });
  const cued = pool.filter((s) => actionability(s) > 0);
  const usable = cued.length >= MIN_CUED ? cued : pool.length > 0 ? pool : [...candidates];
  const score = (s: number) => quotableSectionSalience(analysis, s) * (1 + actionability(s));
  const count = Math.min(10, Math.max(3, Math.round(3 + Math.sqrt(minutes(analysis)))));
  return selectDiverse(usable, score, similarity(analysis), count, 0.75);
}

export function insightText(analysis: TranscriptAnalysis, s: number): string {
  let text = analysis.text(s);
  if (analysis.language.isEnglish) {
    for (const frame of ENGLISH_FRAMES) {
      const rest = text.replace(frame, '');
      if (rest !== text && rest.split(' ').length >= 4) text = rest;
    }
  }
  return analysis.presenter.sentence(text);
}

/** Each insight is a point resting on the sentence it was made from. */
export function renderKeyInsights(insights: readonly { text: string; sentence: number }[], citations: CitationWriter): string {
  return insights.length === 0 ? NO_SPEECH : insights.map(({ text, sentence }) => `- ${citations.cite(escapeMarkdown(text), text, [sentence])}`).join('\n');
}

/** An English sentence that opens (after spoken openers) with a verb in its base form. */
function imperativeCheck(analysis: TranscriptAnalysis): (s: number) => boolean {
  const openers = new Set(analysis.language.cues.discourseOpeners);
  return (s) => {
    const nlp = englishTagger();
    const tokens = nlp.readDoc(analysis.text(s)).tokens();
    const normals = tokens.out(nlp.its.normal) as string[];
    const lemmas = tokens.out(nlp.its.lemma as unknown as ItsFunction<string>) as string[];
    const tags = tokens.out(nlp.its.pos) as string[];
    let i = 0;
    while (i < normals.length && (openers.has(normals[i] ?? '') || tags[i] === 'PUNCT' || tags[i] === 'INTJ')) i += 1;
    if (tags[i] === 'VERB' && lemmas[i] === normals[i]) return true;
    // "don't", "never", "always" followed by a verb.
    return (normals[i] === 'do' && normals[i + 1] === "n't") || ((normals[i] === 'never' || normals[i] === 'always') && tags[i + 1] === 'VERB');
  };
}

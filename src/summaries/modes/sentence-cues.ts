/**
 * What a sentence does, read from cue phrases in its tokens: gives advice, explains a cause,
 * introduces the video, promotes the channel, asks a question, or leans on a pronoun whose
 * referent is in an earlier sentence. Only ever computed for candidate sentences.
 */
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';

export interface SentenceCues {
  readonly advice: boolean;
  readonly causeEffect: boolean;
  readonly introduction: boolean;
  readonly promotion: boolean;
  readonly question: boolean;
  /** Opens with "it", "this", "because"...: leans on the sentence before, unclear when quoted alone. */
  readonly dangling: boolean;
  /**
   * As printed, still opens with a connective or aside that needs the sentence before ("because",
   * "which", an "and" the presenter could not drop): a fragment when quoted alone.
   */
  readonly fragment: boolean;
  /** Opens with talk about the talk: a greeting, thanks, "let me…". */
  readonly chatter: boolean;
}

const ENGLISH_DANGLING = new Set([
  'it', 'this', 'that', 'these', 'those', 'they', 'he', 'she', 'which', 'them', "it's", "that's",
  'because', 'since', 'than', 'of', 'to', 'or', 'also',
]);

const memo = new WeakMap<TranscriptAnalysis, Map<number, SentenceCues>>();

export function sentenceCues(analysis: TranscriptAnalysis, s: number): SentenceCues {
  let known = memo.get(analysis);
  if (!known) {
    known = new Map();
    memo.set(analysis, known);
  }
  let cues = known.get(s);
  if (!cues) {
    cues = readCues(analysis, s);
    known.set(s, cues);
  }
  return cues;
}

function readCues(analysis: TranscriptAnalysis, s: number): SentenceCues {
  const tokens = analysis.tokens(s);
  const padded = ` ${tokens.join(' ')} `;
  const cues = analysis.language.cues;
  const has = (phrases: readonly string[]) => phrases.some((p) => padded.includes(` ${p} `));
  const openers = new Set(cues.discourseOpeners);
  let first = 0;
  while (first < tokens.length - 1 && openers.has(tokens[first] ?? '')) first += 1;
  const raw = analysis.text(s).trimEnd();
  const shown = analysis.presenter.sentence(raw);
  const opening = ` ${tokens.slice(first, first + 6).join(' ')} `;
  return {
    advice: has(cues.advice),
    causeEffect: has(cues.causeEffect),
    introduction: has(cues.introduction),
    promotion: has(cues.promotion),
    question: /[?？]["'”’)]*$/u.test(raw) || shown.endsWith('?'),
    dangling: analysis.language.isEnglish && ENGLISH_DANGLING.has(tokens[first] ?? ''),
    fragment: opensWithAny(shown, [...cues.fragmentOpeners, ...cues.linkingOpeners, ...cues.discourseOpeners]),
    chatter: cues.chatterOpeners.some((phrase) => opening.startsWith(` ${phrase} `)),
  };
}

/** The printed sentence starts with one of the phrases, as a whole word or followed by punctuation. */
function opensWithAny(shown: string, phrases: readonly string[]): boolean {
  const lower = shown.toLowerCase().replace(/[’]/g, "'");
  return phrases.some((phrase) => lower.startsWith(phrase) && /^(?:$|[\s,;:.!?])/u.test(lower.slice(phrase.length)));
}

/**
 * Multiplier for how well a sentence stands alone in a summary. Promotion and chatter are all
 * but excluded; fragments rank far lower; questions and dangling pronouns are kept but ranked
 * lower.
 */
export function standaloneFactor(cues: SentenceCues): number {
  let factor = 1;
  if (cues.promotion || cues.chatter) factor *= 0.05;
  if (cues.fragment) factor *= 0.25;
  if (cues.question) factor *= 0.6;
  if (cues.dangling) factor *= 0.8;
  return factor;
}

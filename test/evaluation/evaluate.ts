/**
 * Runs the offline engine and its baselines over evaluation sets and gathers the figures:
 * boundary F1 (engine, even split knowing the true count, TextTiling), ROUGE of `tldr` and
 * `detailed` against reference summaries beside lead-N and TextRank of the same length, the
 * share of summary sentences that do not stand alone, and tl;dr sentences that are chatter.
 */
import { analyzeTranscript, summarizeAnalysis, type TranscriptAnalysis } from '../../src/summaries';
import { addCounts, evenSplit, f1, matchBoundaries, NO_COUNTS, type BoundaryCounts } from './boundaries';
import { leadSummary, textRankOrder, textRankSummary } from './extractive-baselines';
import { rougeAgainst, type RougeScores } from './rouge';
import {
  EVALUATION_VIDEO_URL,
  QMSUM_WORDS_PER_SECOND,
  qmsumGoldBoundaries,
  qmsumInput,
  treesegGoldBoundaries,
  treesegInput,
  turnWordOffsets,
  wordCountOf,
  type QmsumMeeting,
  type TreesegRecording,
} from './sets';
import { isChatter, opensDangling, summarySentences } from './standalone';
import { textTiling } from './texttiling';

export const QMSUM_WINDOW_WORDS = 75;
export const TREESEG_WINDOWS_SECONDS = [10, 30] as const;

export interface BoundaryScores {
  engine: BoundaryCounts;
  even: BoundaryCounts;
  textTiling: BoundaryCounts;
}

export interface SummaryScores {
  engine: RougeScores;
  lead: RougeScores;
  textRank: RougeScores;
}

export interface StandaloneCounts {
  sentences: number;
  dangling: number;
  tldrSentences: number;
  tldrChatter: number;
  /** A few offending sentences, for reading. */
  examples: string[];
}

export interface QmsumFigures {
  meetings: number;
  boundaries: BoundaryScores;
  tldr: SummaryScores;
  detailed: SummaryScores;
  standalone: StandaloneCounts;
}

export interface TreesegFigures {
  recordings: number;
  /** Keyed by level then window, e.g. boundaries.coarse[10]. */
  boundaries: Record<'coarse' | 'fine', Record<number, BoundaryScores>>;
  standalone: StandaloneCounts;
}

const NO_BOUNDARY_SCORES: BoundaryScores = { engine: NO_COUNTS, even: NO_COUNTS, textTiling: NO_COUNTS };
const NO_STANDALONE: StandaloneCounts = { sentences: 0, dangling: 0, tldrSentences: 0, tldrChatter: 0, examples: [] };
const MAX_EXAMPLES = 12;

function sectionStarts(analysis: TranscriptAnalysis): number[] {
  return analysis.sections.slice(1).map((section) => section.start);
}

function addBoundaryScores(a: BoundaryScores, b: BoundaryScores): BoundaryScores {
  return { engine: addCounts(a.engine, b.engine), even: addCounts(a.even, b.even), textTiling: addCounts(a.textTiling, b.textTiling) };
}

function plainText(markdown: string): string {
  return summarySentences(markdown).join(' ').replace(/\\(.)/g, '$1');
}

/** A mode's summary as plain text: its points, without the links to their moments. */
function summaryText(analysis: TranscriptAnalysis, mode: 'tldr' | 'detailed'): string {
  return summarizeAnalysis(analysis, mode, EVALUATION_VIDEO_URL).points.map((point) => point.text).join('\n\n');
}

function countStandalone(total: StandaloneCounts, tldr: string, detailed: string): StandaloneCounts {
  const tldrSentences = summarySentences(tldr);
  const all = [...tldrSentences, ...summarySentences(detailed)];
  const dangling = all.filter(opensDangling);
  const chatter = tldrSentences.filter(isChatter);
  return {
    sentences: total.sentences + all.length,
    dangling: total.dangling + dangling.length,
    tldrSentences: total.tldrSentences + tldrSentences.length,
    tldrChatter: total.tldrChatter + chatter.length,
    examples: [...total.examples, ...dangling, ...chatter.map((s) => `[chatter] ${s}`)].slice(0, MAX_EXAMPLES),
  };
}

function meanRouge(list: readonly RougeScores[]): RougeScores {
  const mean = (key: keyof RougeScores) => (list.length === 0 ? 0 : list.reduce((sum, s) => sum + s[key], 0) / list.length);
  return { rouge1: mean('rouge1'), rouge2: mean('rouge2'), rougeL: mean('rougeL') };
}

export function evaluateQmsum(meetings: readonly QmsumMeeting[]): QmsumFigures {
  let boundaries = NO_BOUNDARY_SCORES;
  let standalone = NO_STANDALONE;
  const rouge = { tldr: { engine: [] as RougeScores[], lead: [] as RougeScores[], textRank: [] as RougeScores[] }, detailed: { engine: [] as RougeScores[], lead: [] as RougeScores[], textRank: [] as RougeScores[] } };
  for (const meeting of meetings) {
    const analysis = analyzeTranscript(qmsumInput(meeting));
    const offsets = turnWordOffsets(meeting);
    const totalWords = offsets[offsets.length - 1] ?? 0;
    const gold = qmsumGoldBoundaries(meeting);
    const found = sectionStarts(analysis).map((seconds) => Math.round(seconds * QMSUM_WORDS_PER_SECOND));
    const tiles = textTiling(meeting.turns.map((turn) => turn.text)).map((turn) => offsets[turn] ?? 0);
    boundaries = addBoundaryScores(boundaries, {
      engine: matchBoundaries(found, gold, QMSUM_WINDOW_WORDS),
      even: matchBoundaries(evenSplit(0, totalWords, gold.length), gold, QMSUM_WINDOW_WORDS),
      textTiling: matchBoundaries(tiles, gold, QMSUM_WINDOW_WORDS),
    });

    const tldr = summaryText(analysis, 'tldr');
    const detailed = summaryText(analysis, 'detailed');
    standalone = countStandalone(standalone, tldr, detailed);
    const references = meeting.general_queries.map((query) => query.answer);
    if (references.length === 0) continue;
    const sentences = Array.from({ length: analysis.sentences.count }, (_, s) => analysis.text(s));
    const order = textRankOrder(sentences);
    for (const [mode, content] of [['tldr', tldr], ['detailed', detailed]] as const) {
      const text = plainText(content);
      const words = wordCountOf(text);
      rouge[mode].engine.push(rougeAgainst(text, references));
      rouge[mode].lead.push(rougeAgainst(leadSummary(sentences, words), references));
      rouge[mode].textRank.push(rougeAgainst(textRankSummary(sentences, words, order), references));
    }
  }
  const summaryScores = (mode: 'tldr' | 'detailed'): SummaryScores => ({
    engine: meanRouge(rouge[mode].engine),
    lead: meanRouge(rouge[mode].lead),
    textRank: meanRouge(rouge[mode].textRank),
  });
  return { meetings: meetings.length, boundaries, tldr: summaryScores('tldr'), detailed: summaryScores('detailed'), standalone };
}

export function evaluateTreeseg(recordings: readonly TreesegRecording[]): TreesegFigures {
  const levels = ['coarse', 'fine'] as const;
  const boundaries = Object.fromEntries(levels.map((level) => [level, Object.fromEntries(TREESEG_WINDOWS_SECONDS.map((w) => [w, NO_BOUNDARY_SCORES]))])) as TreesegFigures['boundaries'];
  let standalone = NO_STANDALONE;
  for (const recording of recordings) {
    const analysis = analyzeTranscript(treesegInput(recording));
    const found = sectionStarts(analysis);
    const tiles = textTiling(recording.utterances.map((u) => u.text)).map((u) => recording.utterances[u]?.start ?? 0);
    const from = recording.utterances[0]?.start ?? 0;
    const to = recording.utterances[recording.utterances.length - 1]?.end ?? from;
    for (const level of levels) {
      const gold = treesegGoldBoundaries(recording, level);
      const even = evenSplit(from, to, gold.length);
      for (const window of TREESEG_WINDOWS_SECONDS) {
        boundaries[level][window] = addBoundaryScores(boundaries[level][window] ?? NO_BOUNDARY_SCORES, {
          engine: matchBoundaries(found, gold, window),
          even: matchBoundaries(even, gold, window),
          textTiling: matchBoundaries(tiles, gold, window),
        });
      }
    }
    standalone = countStandalone(standalone, summaryText(analysis, 'tldr'), summaryText(analysis, 'detailed'));
  }
  return { recordings: recordings.length, boundaries, standalone };
}

export function danglingShare(counts: StandaloneCounts): number {
  return counts.sentences === 0 ? 0 : counts.dangling / counts.sentences;
}

export { f1 };

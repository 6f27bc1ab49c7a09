/**
 * The built-in engine's citations: every point it prints rests on the transcript sentences it was
 * made from, so its passage is the time those sentences span, and its link goes after it.
 */
import { momentLink, pointAt } from '../../domain/citations';
import type { SummaryPoint } from '../../domain/summary';
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';

export interface CitationWriter {
  /**
   * `markdown` with its link after it, recording the point `text` (plain) resting on `sentences`.
   * Called in the order of the content, so the points are in that order too.
   */
  cite(markdown: string, text: string, sentences: readonly number[]): string;
  /** A sentence of the transcript as a cited point: its printed form and its link. */
  sentence(s: number): string;
  readonly points: SummaryPoint[];
}

export function citationWriter(analysis: TranscriptAnalysis, videoUrl: string): CitationWriter {
  const points: SummaryPoint[] = [];
  const cite = (markdown: string, text: string, sentences: readonly number[]): string => {
    const starts = sentences.map((s) => analysis.sentences.start[s] ?? 0);
    const ends = sentences.map((s) => analysis.sentences.end[s] ?? 0);
    const point = pointAt(videoUrl, text, Math.min(...starts), Math.max(...starts, ...ends));
    points.push(point);
    return `${markdown} ${momentLink(point)}`;
  };
  return {
    points,
    cite,
    sentence: (s) => cite(analysis.display(s), plainSentence(analysis, s), [s]),
  };
}

/** Sentence s as printed, without Markdown escapes. */
export function plainSentence(analysis: TranscriptAnalysis, s: number): string {
  return analysis.presenter.sentence(analysis.text(s));
}

/**
 * detailed: an overview paragraph of the most central sentences, then key points drawn from
 * every topic section in proportion to its length (at least one each), so the late parts of
 * a video are covered as well as its start.
 */
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import { plainSentence, type CitationWriter } from './citations';
import { candidateSentences, inReadingOrder, selectDiverse } from './selection';
import { minutes, NO_SPEECH, quotableSalience, quotableSectionSalience, similarity, topicLookup } from './sentence-measures';

const OVERVIEW_CANDIDATES = 50;
const SECTION_CANDIDATES = 14;

/** The overview paragraph is one point (resting on the span of its sentences), each key point another. */
export function renderDetailed(analysis: TranscriptAnalysis, citations: CitationWriter): string {
  const n = analysis.sentences.count;
  if (n === 0) return NO_SPEECH;
  const similar = similarity(analysis);
  const global = analysis.salience.global;
  const overviewCount = Math.min(6, Math.max(3, Math.round(2 + Math.log2(1 + minutes(analysis)))));
  const overview = inReadingOrder(
    selectDiverse(
      candidateSentences((s) => global[s] ?? 0, 0, n, OVERVIEW_CANDIDATES),
      (s) => quotableSalience(analysis, s),
      similar,
      overviewCount,
      0.7,
      [],
      topicLookup(analysis),
    ),
  );

  const chosen = [...overview];
  const points: number[] = [];
  const quotas = keyPointQuotas(analysis);
  analysis.sections.forEach((section, i) => {
    const quota = quotas[i] ?? 0;
    if (quota === 0) return;
    const local = analysis.salience.local;
    const candidates = candidateSentences((s) => local[s] ?? 0, section.firstSentence, section.endSentence, SECTION_CANDIDATES);
    const picked = selectDiverse(candidates, (s) => quotableSectionSalience(analysis, s), similar, quota, 0.65, chosen);
    chosen.push(...picked);
    points.push(...picked);
  });

  const paragraph = citations.cite(
    overview.map((s) => analysis.display(s)).join(' '),
    overview.map((s) => plainSentence(analysis, s)).join(' '),
    overview,
  );
  const lines = ['## Overview', '', paragraph];
  if (points.length > 0) lines.push('', '## Key points', '', ...inReadingOrder(points).map((s) => `- ${citations.sentence(s)}`));
  return lines.join('\n');
}

/**
 * How many key points each section gets: about 3 + 1.5 * sqrt(minutes) in all (at most 20),
 * at least one per section that has speech, the rest by largest remainder of section length.
 */
function keyPointQuotas(analysis: TranscriptAnalysis): number[] {
  const sizes = analysis.sections.map((s) => s.endSentence - s.firstSentence);
  const speaking = sizes.filter((size) => size > 0).length;
  const total = Math.max(speaking, Math.min(20, Math.round(3 + 1.5 * Math.sqrt(minutes(analysis)))));
  const quotas: number[] = sizes.map((size) => (size > 0 ? 1 : 0));
  const sentenceTotal = sizes.reduce((a, b) => a + b, 0);
  let left = total - speaking;
  if (left <= 0 || sentenceTotal === 0) return quotas;
  const shares = sizes.map((size) => (size / sentenceTotal) * left);
  shares.forEach((share, i) => {
    const whole = Math.floor(share);
    quotas[i] = (quotas[i] ?? 0) + Math.min(whole, Math.max(0, (sizes[i] ?? 0) - (quotas[i] ?? 0)));
  });
  left = total - quotas.reduce((a, b) => a + b, 0);
  const byRemainder = shares
    .map((share, i) => ({ i, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    if ((quotas[i] ?? 0) < (sizes[i] ?? 0)) {
      quotas[i] = (quotas[i] ?? 0) + 1;
      left -= 1;
    }
  }
  return quotas;
}

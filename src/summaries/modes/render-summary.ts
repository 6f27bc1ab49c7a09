/** Renders one summary mode from a shared transcript analysis. */
import type { VideoComment } from '../../domain/comments';
import type { SummaryEntry, SummaryGenerator, SummaryMode } from '../../domain/summary';
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import { appendViewerSection } from '../text/comments';
import { renderDetailed } from './detailed';
import { insightText, keyInsightSentences, renderKeyInsights } from './key-insights';
import { renderStudyNotes } from './study-notes';
import { renderTimestamped, timestampedItems } from './timestamped';
import { renderTldr } from './tldr';
import { viewerSectionBody } from './viewer-comments';

/**
 * `comments` (include_comments) add "What viewers say" to `detailed` and `key_insights`; without
 * any that carry text every mode reads exactly as it would without the field.
 */
export function renderSummary(
  analysis: TranscriptAnalysis,
  mode: SummaryMode,
  generator: SummaryGenerator,
  comments?: readonly VideoComment[] | null,
): SummaryEntry {
  const withViewers = (content: string): string => {
    const body = viewerSectionBody(analysis, comments);
    return body === null ? content : appendViewerSection(content, body);
  };
  switch (mode) {
    case 'tldr':
      return { mode, content: renderTldr(analysis), generator: { ...generator } };
    case 'detailed':
      return { mode, content: withViewers(renderDetailed(analysis)), generator: { ...generator } };
    case 'study_notes':
      return { mode, content: renderStudyNotes(analysis), generator: { ...generator } };
    case 'timestamped': {
      const items = timestampedItems(analysis);
      return { mode, content: renderTimestamped(analysis, items), items, generator: { ...generator } };
    }
    case 'key_insights': {
      const insights = keyInsightSentences(analysis).map((s) => insightText(analysis, s));
      return { mode, content: withViewers(renderKeyInsights(insights)), insights, generator: { ...generator } };
    }
  }
}

/** Renders one summary mode from a shared transcript analysis, each point linked to its moment. */
import type { VideoComment } from '../../domain/comments';
import type { SummaryEntry, SummaryGenerator, SummaryMode } from '../../domain/summary';
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import { appendViewerSection } from '../text/comments';
import { citationWriter } from './citations';
import { renderDetailed } from './detailed';
import { insightText, keyInsightSentences, renderKeyInsights } from './key-insights';
import { renderStudyNotes } from './study-notes';
import { renderTimestamped, timestampedOutline } from './timestamped';
import { renderTldr } from './tldr';
import { viewerSectionBody } from './viewer-comments';

/**
 * `comments` (include_comments) add "What viewers say" to `detailed` and `key_insights`; without
 * any that carry text every mode reads exactly as it would without the field. That section speaks
 * for the viewers, not the video: it has no points.
 */
export function renderSummary(
  analysis: TranscriptAnalysis,
  mode: SummaryMode,
  generator: SummaryGenerator,
  videoUrl: string,
  comments?: readonly VideoComment[] | null,
): SummaryEntry {
  const withViewers = (content: string): string => {
    const body = viewerSectionBody(analysis, comments);
    return body === null ? content : appendViewerSection(content, body);
  };
  const citations = citationWriter(analysis, videoUrl);
  switch (mode) {
    case 'tldr': {
      const content = renderTldr(analysis, citations);
      return { mode, content, points: citations.points, generator: { ...generator } };
    }
    case 'detailed': {
      const content = withViewers(renderDetailed(analysis, citations));
      return { mode, content, points: citations.points, generator: { ...generator } };
    }
    case 'study_notes': {
      const content = renderStudyNotes(analysis, citations);
      return { mode, content, points: citations.points, generator: { ...generator } };
    }
    case 'timestamped': {
      const outline = timestampedOutline(analysis);
      const { content, points } = renderTimestamped(analysis, outline, videoUrl);
      return { mode, content, points, items: outline.map(({ item }) => item), generator: { ...generator } };
    }
    case 'key_insights': {
      const chosen = keyInsightSentences(analysis).map((sentence) => ({ sentence, text: insightText(analysis, sentence) }));
      const content = withViewers(renderKeyInsights(chosen, citations));
      return { mode, content, points: citations.points, insights: chosen.map(({ text }) => text), generator: { ...generator } };
    }
  }
}

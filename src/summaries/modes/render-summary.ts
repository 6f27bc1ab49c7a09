/** Renders one summary mode from a shared transcript analysis. */
import type { SummaryEntry, SummaryGenerator, SummaryMode } from '../../domain/summary';
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import { renderDetailed } from './detailed';
import { insightText, keyInsightSentences, renderKeyInsights } from './key-insights';
import { renderStudyNotes } from './study-notes';
import { renderTimestamped, timestampedItems } from './timestamped';
import { renderTldr } from './tldr';

export function renderSummary(analysis: TranscriptAnalysis, mode: SummaryMode, generator: SummaryGenerator): SummaryEntry {
  switch (mode) {
    case 'tldr':
      return { mode, content: renderTldr(analysis), generator: { ...generator } };
    case 'detailed':
      return { mode, content: renderDetailed(analysis), generator: { ...generator } };
    case 'study_notes':
      return { mode, content: renderStudyNotes(analysis), generator: { ...generator } };
    case 'timestamped': {
      const items = timestampedItems(analysis);
      return { mode, content: renderTimestamped(analysis, items), items, generator: { ...generator } };
    }
    case 'key_insights': {
      const insights = keyInsightSentences(analysis).map((s) => insightText(analysis, s));
      return { mode, content: renderKeyInsights(analysis, insights), insights, generator: { ...generator } };
    }
  }
}

/**
 * study_notes: notes to learn from. One heading per section (chapter title or key phrases)
 * with its key sentences as bullets, then the key terms with the sentence that explains each,
 * then review questions generated from the material.
 */
import { formatTimestamp } from '../../domain/summary';
import type { TranscriptAnalysis } from '../analysis/transcript-analysis';
import { escapeMarkdown } from '../text/markdown';
import { plainSentence, type CitationWriter } from './citations';
import { keyTerms } from './key-terms';
import { reviewQuestions } from './review-questions';
import { candidateSentences, inReadingOrder, selectDiverse } from './selection';
import { NO_SPEECH, quotableSectionSalience, similarity } from './sentence-measures';

const SECTION_CANDIDATES = 16;

/** Every bullet and review question is a point: a key term rests on the sentence that explains it. */
export function renderStudyNotes(analysis: TranscriptAnalysis, citations: CitationWriter): string {
  if (analysis.sentences.count === 0) return NO_SPEECH;
  const similar = similarity(analysis);
  const lines: string[] = [];
  const chosen: number[] = [];
  analysis.sections.forEach((section, i) => {
    const size = section.endSentence - section.firstSentence;
    if (size === 0) return;
    const count = Math.min(4, Math.max(size >= 2 ? 2 : 1, Math.round(size / 15)));
    const local = analysis.salience.local;
    const candidates = candidateSentences((s) => local[s] ?? 0, section.firstSentence, section.endSentence, SECTION_CANDIDATES);
    const bullets = inReadingOrder(selectDiverse(candidates, (s) => quotableSectionSalience(analysis, s), similar, count, 0.65, chosen));
    chosen.push(...bullets);
    const heading = escapeMarkdown(analysis.headings[i] ?? `Part ${i + 1}`);
    lines.push(`## ${heading} (${formatTimestamp(section.start)})`, '', ...bullets.map((s) => `- ${citations.sentence(s)}`), '');
  });

  const terms = keyTerms(analysis);
  if (terms.length > 0) {
    lines.push('## Key terms', '');
    for (const term of terms) {
      const name = analysis.presenter.phrase(term.phrase.text);
      const explained = `${name}: ${plainSentence(analysis, term.sentence)}`;
      lines.push(`- ${citations.cite(`**${escapeMarkdown(name)}**: ${analysis.display(term.sentence)}`, explained, [term.sentence])}`);
    }
    lines.push('');
  }
  const questions = reviewQuestions(analysis, terms);
  if (questions.length > 0) {
    lines.push('## Review questions', '');
    questions.forEach((q, i) => lines.push(`${i + 1}. ${citations.cite(escapeMarkdown(q.text), q.text, q.sentences)}`));
  }
  return lines.join('\n').trimEnd();
}

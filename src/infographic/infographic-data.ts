/**
 * What an infographic shows, taken from what a finished job has: the video's metadata, its
 * transcript and the summaries the job wrote (whichever engine wrote them). Plain JSON, so it can
 * be stored, sent to a render thread, or built in a test by hand.
 *
 * Each part falls back when the job lacks what it prefers:
 * - tldr: the tldr summary as plain text, else the first sentences of `detailed`;
 * - key insights (3 to 6): key_insights' list, else the bullet points of `detailed` and
 *   `study_notes`, else first sentences of the summaries (not those the tldr already shows);
 * - timeline: the creator's chapters, else the sections of `timestamped`, else none;
 * - key terms: the key terms (or key concepts) section of `study_notes`, else none. The
 *   project's key phrases come out of the whole transcript analysis (seconds of work on a long
 *   transcript), which is no part of drawing a picture.
 */
import type { SummaryEntry, SummaryMode } from '../domain/summary';
import type { TranscriptSegment, TranscriptSource } from '../domain/transcript';
import type { Chapter, VideoMetadata } from '../domain/video';
import { plainInline, plainText, sentencesOf, summaryBlocks, type SummaryBlock } from './summary-text';
import { capChars, cleanText } from './text-fit';

/** Words a minute an adult reads (Brysbaert 2019), for "6 min read". */
export const READING_WORDS_PER_MINUTE = 238;
export const MIN_INSIGHTS = 3;
export const MAX_INSIGHTS = 6;
export const MAX_KEY_TERMS = 10;
/** More timeline sections than any chapter list has; beyond them a timeline would say nothing. */
export const MAX_SECTIONS = 200;

/** Text length caps, characters: the layout cuts far shorter; these only bound the data. */
const CAP = { title: 400, channel: 200, tldr: 2000, insight: 600, section: 200, term: 80 } as const;
/** tldr from `detailed`: its first sentences, up to about this many words. */
const TLDR_WORDS = 70;
const TLDR_SENTENCES = 3;

export interface InfographicSection {
  /** Seconds from the start of the video. */
  start: number;
  title: string;
}

export interface InfographicData {
  title: string;
  channel: string;
  /** The video's duration, or where its captions end when the platform did not say; null if neither is known. */
  durationSeconds: number | null;
  /** ISO 8601, or null. */
  publishedAt: string | null;
  /** Plain text. */
  tldr: string | null;
  /** Plain text, at most MAX_INSIGHTS. */
  insights: string[];
  /** Sections in order of their start, all within the duration; null when there are fewer than two. */
  timeline: { source: 'chapters' | 'topics'; sections: InfographicSection[] } | null;
  keyTerms: string[];
  figures: {
    wordCount: number;
    /** At READING_WORDS_PER_MINUTE, rounded up; 0 without words. */
    readingMinutes: number;
    /** The duration in whole minutes (at least 1), or null. */
    watchMinutes: number | null;
    captionSource: TranscriptSource;
  };
}

export interface InfographicSource {
  video: Pick<VideoMetadata, 'title' | 'channel' | 'durationSeconds' | 'publishedAt' | 'chapters'>;
  transcript: {
    source: TranscriptSource;
    wordCount: number;
    segments: readonly TranscriptSegment[];
  };
  summaries: Partial<Record<SummaryMode, SummaryEntry>>;
}

export function infographicDataFrom(source: InfographicSource): InfographicData {
  const { video, transcript, summaries } = source;
  const durationSeconds = resolveDuration(video.durationSeconds, transcript.segments);
  const wordCount = resolveWordCount(transcript.wordCount, transcript.segments);
  const tldr = tldrOf(summaries);
  return {
    title: capChars(cleanText(video.title ?? ''), CAP.title) || 'Untitled video',
    channel: capChars(cleanText(video.channel ?? ''), CAP.channel),
    durationSeconds,
    publishedAt: validDate(video.publishedAt),
    tldr,
    insights: insightsOf(summaries, tldr),
    timeline: timelineOf(video.chapters, summaries.timestamped, durationSeconds),
    keyTerms: keyTermsOf(summaries.study_notes),
    figures: {
      wordCount,
      readingMinutes: wordCount > 0 ? Math.ceil(wordCount / READING_WORDS_PER_MINUTE) : 0,
      watchMinutes: durationSeconds === null ? null : Math.max(1, Math.round(durationSeconds / 60)),
      captionSource: transcript.source,
    },
  };
}

function resolveDuration(stated: number | null, segments: readonly TranscriptSegment[]): number | null {
  if (typeof stated === 'number' && Number.isFinite(stated) && stated > 0) return stated;
  let end = 0;
  for (const s of segments) if (Number.isFinite(s.end) && s.end > end) end = s.end;
  return end > 0 ? Math.ceil(end) : null;
}

function resolveWordCount(stated: number, segments: readonly TranscriptSegment[]): number {
  if (Number.isFinite(stated) && stated >= 0) return Math.floor(stated);
  let words = 0;
  for (const s of segments) words += s.text.split(/\s+/u).filter((w) => w !== '').length;
  return words;
}

function validDate(iso: string | null): string | null {
  return typeof iso === 'string' && Number.isFinite(Date.parse(iso)) ? iso : null;
}

// ---------------------------------------------------------------------------------------------

function tldrOf(summaries: InfographicSource['summaries']): string | null {
  const tldr = summaries.tldr ? plainText(summaries.tldr.content) : '';
  if (tldr) return capChars(tldr, CAP.tldr);
  const overview = summaries.detailed ? summaryBlocks(summaries.detailed.content).find((b) => b.kind === 'paragraph') : undefined;
  if (!overview) return null;
  const chosen: string[] = [];
  let words = 0;
  for (const sentence of sentencesOf(overview.text)) {
    if (chosen.length >= TLDR_SENTENCES || (chosen.length > 0 && words + wordsIn(sentence) > TLDR_WORDS)) break;
    chosen.push(sentence);
    words += wordsIn(sentence);
  }
  return chosen.length > 0 ? capChars(chosen.join(' '), CAP.tldr) : null;
}

function wordsIn(text: string): number {
  return text.split(' ').length;
}

/** Sections of study notes that are not notes on the video's content. */
const NOT_NOTES = /^(key\s+(terms?|concepts?|vocabulary)|glossary|vocabulary|review\s+questions?|questions|what viewers say)\b/i;
const TERMS_HEADING = /^(key\s+(terms?|concepts?|vocabulary)|glossary|vocabulary|terms|concepts)\b/i;

function insightsOf(summaries: InfographicSource['summaries'], tldr: string | null): string[] {
  const chosen: string[] = [];
  const seen = new Set<string>();
  const add = (candidates: readonly string[]) => {
    if (chosen.length >= MIN_INSIGHTS) return;
    for (const raw of candidates) {
      if (chosen.length >= MAX_INSIGHTS) return;
      const text = capChars(raw, CAP.insight);
      const key = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      chosen.push(text);
    }
  };
  if (summaries.key_insights?.mode === 'key_insights') add(summaries.key_insights.insights.map(plainInline));
  if (summaries.detailed) add(itemsOutside(summaryBlocks(summaries.detailed.content), NOT_NOTES));
  if (summaries.study_notes) add(itemsOutside(summaryBlocks(summaries.study_notes.content), NOT_NOTES));
  // Last: sentences of the summaries' prose that the tldr does not already show.
  const shown = new Set(sentencesOf(tldr ?? ''));
  const prose = [summaries.detailed, summaries.tldr, summaries.study_notes]
    .flatMap((entry) => (entry ? summaryBlocks(entry.content) : []))
    .filter((b) => b.kind === 'paragraph')
    .flatMap((b) => sentencesOf(b.text))
    .filter((s) => !shown.has(s));
  add(prose);
  return chosen;
}

/** The list items of the sections whose heading does not match `skip`. */
function itemsOutside(blocks: readonly SummaryBlock[], skip: RegExp): string[] {
  const items: string[] = [];
  let skipping = false;
  for (const block of blocks) {
    if (block.kind === 'heading') skipping = skip.test(block.text);
    else if (block.kind === 'item' && !skipping) items.push(block.text);
  }
  return items;
}

// ---------------------------------------------------------------------------------------------

function timelineOf(
  chapters: readonly Chapter[] | undefined,
  timestamped: SummaryEntry | undefined,
  durationSeconds: number | null,
): InfographicData['timeline'] {
  if (durationSeconds === null) return null;
  const fromChapters = usableSections(chapters ?? [], durationSeconds);
  if (fromChapters.length >= 2) return { source: 'chapters', sections: fromChapters };
  if (timestamped?.mode === 'timestamped') {
    const items = timestamped.items.map((item) => ({ start: item.start, title: plainInline(item.title) }));
    const fromTopics = usableSections(items, durationSeconds);
    if (fromTopics.length >= 2) return { source: 'topics', sections: fromTopics };
  }
  return null;
}

/** Sections that start within the video, in order, one per start time, each with a title ("Part 3" when it had none). */
function usableSections(sections: readonly { start: number; title: string }[], durationSeconds: number): InfographicSection[] {
  const usable = sections
    .filter((s) => typeof s.start === 'number' && Number.isFinite(s.start) && s.start >= 0 && s.start < durationSeconds)
    .map((s, i) => ({ start: s.start, title: capChars(cleanText(s.title ?? ''), CAP.section), i }))
    .sort((a, b) => a.start - b.start || a.i - b.i);
  const out: InfographicSection[] = [];
  for (const s of usable) {
    if (out.length >= MAX_SECTIONS) break;
    if (out.length > 0 && out[out.length - 1]!.start === s.start) continue;
    out.push({ start: s.start, title: s.title || `Part ${out.length + 1}` });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

/**
 * Terms from study notes' "Key terms" (extractive: "- **term**: sentence") or "Key concepts"
 * (model: "term: definition") section.
 */
function keyTermsOf(studyNotes: SummaryEntry | undefined): string[] {
  if (!studyNotes) return [];
  const terms: string[] = [];
  const seen = new Set<string>();
  let inTerms = false;
  for (const block of summaryBlocks(studyNotes.content)) {
    if (block.kind === 'heading') {
      inTerms = TERMS_HEADING.test(block.text);
      continue;
    }
    if (!inTerms || block.kind !== 'item') continue;
    const term = termOf(block);
    if (!term || seen.has(term.toLowerCase())) continue;
    seen.add(term.toLowerCase());
    terms.push(term);
    if (terms.length >= MAX_KEY_TERMS) break;
  }
  return terms;
}

function termOf(item: Extract<SummaryBlock, { kind: 'item' }>): string | null {
  const raw = item.lead ?? item.text.split(/\s*(?::|\s[–—-]\s)\s*/u)[0] ?? '';
  const term = cleanText(raw).replace(/[:：]\s*$/u, '');
  // A "term" of more than a handful of words is a sentence that had no separator.
  if (term === '' || term.split(' ').length > 6) return null;
  return capChars(term, CAP.term);
}

/**
 * A summary mode written by a language model. A transcript that fits the input budget goes in one
 * call. A longer one is split at segment boundaries (at chapter starts where the creator gave
 * chapters), each part is turned into timed notes with bounded concurrency (map), and the notes
 * are written up in the mode (reduce), condensed first, level by level, while they are still over
 * the budget. No call exceeds the budget, and every call goes through the cache, so a retry pays
 * only for the calls that did not finish.
 */
import type { z } from 'zod';
import { formatTimestamp, type CitationChecks, type SummaryEntry, type SummaryInput, type SummaryMode } from '../../domain/summary';
import type { ModelCallCache } from './call-cache';
import { createModelClient } from './model-client';
import { ModelFailure } from './model-failure';
import { commentText, likesOf, appendViewerSection, cutAtWord, takesViewerSection, usableComments } from '../text/comments';
import { escapeUntrustedMarkdown } from '../text/markdown';
import {
  commentDataLine,
  commentsPrompt,
  COMMENTS_PROMPT_VERSION,
  condensePrompt,
  modePrompt,
  NotesOutput,
  OUTPUT_SCHEMAS,
  type ModeOutput,
  partPrompt,
  PROMPT_VERSION,
  reducePrompt,
  type PromptContext,
  type PromptPair,
} from './prompts';
import type { ModelSettings } from './settings';
import { citedEntry } from './cited-entry';
import { checkCitations, passageLine, passagesOf, SentPassages, type SentPassage } from './passages';
import { tokenCounterFor, type TokenCounter } from './tokens';

export { PROMPT_VERSION };

export interface ModelSummaryRequest {
  settings: ModelSettings;
  input: SummaryInput;
  mode: SummaryMode;
  /** options.language, or null: the transcript's language. */
  outputLanguage: string | null;
  cache: ModelCallCache;
  signal?: AbortSignal;
  /** Told as calls finish: calls done, calls planned so far. */
  onProgress?: (done: number, total: number) => void;
  /** The HTTP client (tests and production alike reach the provider over real HTTP). */
  fetch?: typeof fetch;
}

export interface ModelSummary {
  entry: SummaryEntry;
  /** Model calls made, cache hits excluded. */
  calls: number;
  cachedCalls: number;
  largestPromptTokens: number;
}

/** Share of the budget kept free: per-line token counts can differ slightly from the joined text's. */
const BUDGET_MARGIN = 0.97;
/** Share of the budget the comments may take in the comments call. */
const COMMENTS_SHARE = 0.25;
/** A comment is cut to this many characters before it is sent: one wall of text must not crowd out the rest. */
const COMMENT_CHARS = 1000;

export async function writeModelSummary(request: ModelSummaryRequest): Promise<ModelSummary> {
  const { settings, input, mode, signal } = request;
  const counter = tokenCounterFor(settings);
  const client = createModelClient(settings, request.cache, request.fetch);
  const context: PromptContext = {
    video: { title: input.title, channel: input.channel, durationSeconds: input.durationSeconds },
    outputLanguage: languageName(request.outputLanguage ?? input.language),
    customInstructions: input.customInstructions?.trim() || null,
  };
  const budget = Math.floor(settings.contextTokens * BUDGET_MARGIN);
  const tokensOf = (prompt: PromptPair) => counter.count(prompt.system) + counter.count(prompt.prompt);
  let done = 0;
  let planned = 1;
  const progressed = () => request.onProgress?.(++done, planned);
  /** Notes on a run of passages: what a map or condense call made of them, checked. */
  const notesCall = async (prompt: PromptPair, promptTokens: number, shown: SentPassages, range: string): Promise<PartNotes> => {
    const output = await client.object(prompt, NotesOutput, 'part_notes', promptTokens, signal);
    progressed();
    const { points } = checkCitations(output.notes, shown, input.language);
    return { range, notes: points.flatMap((point) => (point ? [{ ...point.passage, text: point.text }] : [])) };
  };

  const { passages, lines, lineTokens, transcriptTokens } = transcriptLines(input, counter);
  const wholeOverhead = tokensOf(modePrompt(mode, context, ''));
  // include_comments: one more call, the same for every mode that takes the section (so cached after the first).
  const viewerPrompt = takesViewerSection(mode) ? commentsCallPrompt(input, context, budget, tokensOf, counter) : null;
  if (viewerPrompt) planned += 1;

  let final: PromptPair;
  let sent: SentPassages;
  if (wholeOverhead + transcriptTokens <= budget) {
    final = modePrompt(mode, context, lines.join('\n'));
    sent = new SentPassages(passages);
  } else {
    const partOverhead = tokensOf(partPrompt(context, '', '00:00:00-00:00:00'));
    const parts = splitIntoParts(input, passages, lines, lineTokens, budget - partOverhead);
    planned += parts.length;
    request.onProgress?.(done, planned);
    // The part's lines were counted once for the split; re-tokenizing every part of every mode
    // would cost more than the model calls when they come from the cache.
    let notes = await mapWithConcurrency(parts, settings.concurrency, (part) =>
      notesCall(partPrompt(context, part.text, part.range), partOverhead + part.tokens, new SentPassages(part.passages), part.range),
    );
    // Condense, level by level, while the notes cannot all go into one reduce call.
    const reduceOverhead = tokensOf(reducePrompt(mode, context, ''));
    while (reduceOverhead + notes.reduce((sum, note) => sum + counter.count(notesBlock(note)) + 1, 0) > budget) {
      const groups = groupWithinBudget(notes, (note) => counter.count(notesBlock(note)) + 1, budget - tokensOf(condensePrompt(context, '')));
      if (groups.length >= notes.length) throw new ModelFailure('The part notes cannot be condensed within LLM_CONTEXT_TOKENS; raise it or lower LLM_MAX_OUTPUT_TOKENS', 'rejected');
      planned += groups.length;
      notes = await mapWithConcurrency(groups, settings.concurrency, (group) => {
        const prompt = condensePrompt(context, group.map(notesBlock).join('\n'));
        return notesCall(prompt, tokensOf(prompt), new SentPassages(group.flatMap((note) => note.notes)), rangeOf(group));
      });
    }
    // The reduce step sees the notes with their passages, and may cite only those.
    final = reducePrompt(mode, context, notes.map(notesBlock).join('\n'));
    sent = new SentPassages(notes.flatMap((note) => note.notes));
  }

  const schema = OUTPUT_SCHEMAS[mode] as z.ZodType<ModeOutput<typeof mode>>;
  const output = await client.object(final, schema, `${mode}_summary`, tokensOf(final), signal);
  const written = citedEntry(mode, output, sent, input.videoUrl, input.language);
  let entry = written.entry;
  progressed();
  if (viewerPrompt) {
    const said = await client.text(viewerPrompt.prompt, viewerPrompt.tokens, signal, { version: COMMENTS_PROMPT_VERSION });
    progressed();
    const paragraph = viewerParagraph(said);
    if (paragraph !== '') entry = { ...entry, content: appendViewerSection(entry.content, paragraph) };
  }
  const stats = client.stats;
  return {
    entry: { ...entry, generator: generatorFor(settings, stats.inputTokens, stats.outputTokens, written.checks) },
    calls: stats.calls,
    cachedCalls: stats.cachedCalls,
    largestPromptTokens: stats.largestPromptTokens,
  };
}

/** Checked notes on consecutive passages, and the time range they cover. */
interface PartNotes {
  range: string;
  notes: SentPassage[];
}

/** Notes as the reduce and condense calls read them: one labelled line per note. */
function notesBlock(part: PartNotes): string {
  return `<part range="${part.range}">\n${part.notes.map(passageLine).join('\n')}\n</part>`;
}

/**
 * The comments call, or null when no comment has text or none fits: the comments as data lines,
 * top first, within a quarter of the budget (and what the instructions leave of it), each cut
 * to COMMENT_CHARS first. A comment that does not fit is passed over for the shorter ones after it.
 */
function commentsCallPrompt(
  input: SummaryInput,
  context: PromptContext,
  budget: number,
  tokensOf: (prompt: PromptPair) => number,
  counter: TokenCounter,
): { prompt: PromptPair; tokens: number } | null {
  const comments = usableComments(input.comments);
  if (comments.length === 0) return null;
  const room = Math.min(Math.floor(budget * COMMENTS_SHARE), budget - tokensOf(commentsPrompt(context, '')));
  const lines: string[] = [];
  let used = 0;
  for (const comment of comments) {
    const line = commentDataLine({ text: cutAtWord(commentText(comment), COMMENT_CHARS), likes: likesOf(comment), byCreator: comment.is_creator === true });
    const tokens = counter.count(line) + 1;
    if (used + tokens > room) continue;
    lines.push(line);
    used += tokens;
  }
  if (lines.length === 0) return null;
  const prompt = commentsPrompt(context, lines.join('\n'));
  return { prompt, tokens: tokensOf(prompt) };
}

/**
 * The model's account of the comments as one plain paragraph. It was asked for exactly that, but
 * it read text written by strangers: a heading it adds is dropped, and the rest is printed
 * literally, so no comment can reach the summary as a heading, a link or HTML through it.
 */
function viewerParagraph(text: string): string {
  const lines = text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  if (lines.length > 1 && /^#{1,6}\s/.test(lines[0]!)) lines.shift();
  return escapeUntrustedMarkdown(lines.join(' '));
}

/**
 * The transcript as timed lines with their token counts, kept per input object and tokenizer: a
 * job's modes share one input, and tokenizing a long transcript is slow.
 */
const linesByInput = new WeakMap<SummaryInput, Map<TokenCounter, TranscriptLines>>();

interface TranscriptLines {
  passages: SentPassage[];
  lines: string[];
  lineTokens: number[];
  transcriptTokens: number;
}

function transcriptLines(input: SummaryInput, counter: TokenCounter): TranscriptLines {
  let byCounter = linesByInput.get(input);
  if (!byCounter) linesByInput.set(input, (byCounter = new Map()));
  let known = byCounter.get(counter);
  if (!known) {
    const passages = passagesOf(input.segments);
    const lines = passages.map(passageLine);
    const lineTokens = lines.map((line) => counter.count(line) + 1);
    known = { passages, lines, lineTokens, transcriptTokens: lineTokens.reduce((sum, n) => sum + n, 0) };
    byCounter.set(counter, known);
  }
  return known;
}

function generatorFor(settings: ModelSettings, inputTokens: number, outputTokens: number, citations: CitationChecks): SummaryEntry['generator'] {
  return { engine: 'llm', provider: settings.provider, model: settings.model, prompt_version: PROMPT_VERSION, input_tokens: inputTokens, output_tokens: outputTokens, citations };
}

interface TranscriptPart {
  text: string;
  /** The passages the part shows. */
  passages: SentPassage[];
  /** "h:mm:ss-h:mm:ss" style range of the part, for the notes. */
  range: string;
  /** The part's tokens as counted for the split. */
  tokens: number;
}

/**
 * Consecutive lines up to the budget. With chapters, a part ends at the last chapter start that
 * leaves it at least half full, so a topic is not cut in two when it need not be.
 */
function splitIntoParts(input: SummaryInput, passages: SentPassage[], lines: string[], lineTokens: number[], partBudget: number): TranscriptPart[] {
  if (partBudget <= 0) throw new ModelFailure('LLM_CONTEXT_TOKENS is too small for the instructions alone', 'rejected');
  const chapterStarts = new Set<number>();
  for (const chapter of input.chapters) {
    const index = input.segments.findIndex((segment) => segment.start >= chapter.start);
    if (index > 0) chapterStarts.add(index);
  }
  const parts: TranscriptPart[] = [];
  let first = 0;
  while (first < lines.length) {
    let used = 0;
    let end = first;
    let lastChapterCut = -1;
    while (end < lines.length && used + lineTokens[end]! <= partBudget) {
      used += lineTokens[end]!;
      end += 1;
      if (chapterStarts.has(end) && used >= partBudget / 2) lastChapterCut = end;
    }
    if (end === first) {
      // One line longer than the budget: cut the line itself.
      parts.push(...cutLongLine(input, passages[first]!, lineTokens[first]!, partBudget));
      first += 1;
      continue;
    }
    if (end < lines.length && lastChapterCut > first) end = lastChapterCut;
    parts.push({ text: lines.slice(first, end).join('\n'), passages: passages.slice(first, end), range: rangeOfSegments(input, first, end - 1), tokens: used });
    first = end;
  }
  return parts;
}

/** One passage longer than the budget: each piece of its text goes with the passage's label. */
function cutLongLine(input: SummaryInput, passage: SentPassage, tokens: number, partBudget: number): TranscriptPart[] {
  const pieces = Math.ceil(tokens / partBudget) + 1;
  const text = passage.text;
  const size = Math.ceil(text.length / pieces);
  const range = rangeOfSegments(input, passage.number - 1, passage.number - 1);
  // A piece's share of the line's tokens, rounded up: the pieces are equal in characters.
  return Array.from({ length: pieces }, (_, i) => {
    const piece = { ...passage, text: text.slice(i * size, (i + 1) * size) };
    return { text: passageLine(piece), passages: [piece], range, tokens: Math.ceil(tokens / pieces) + 1 };
  });
}

function rangeOfSegments(input: SummaryInput, first: number, last: number): string {
  return `${formatTimestamp(input.segments[first]!.start)}-${formatTimestamp(input.segments[last]!.end)}`;
}

function rangeOf(parts: PartNotes[]): string {
  const from = parts[0]!.range.split('-')[0] ?? '0:00';
  const to = parts[parts.length - 1]!.range.split('-')[1] ?? from;
  return `${from}-${to}`;
}

function groupWithinBudget<T>(items: T[], size: (item: T) => number, budget: number): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let used = 0;
  for (const item of items) {
    const n = size(item);
    if (current.length > 0 && used + n > budget) {
      groups.push(current);
      current = [];
      used = 0;
    }
    current.push(item);
    used += n;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

async function mapWithConcurrency<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

function languageName(code: string): string {
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}


/**
 * Every point of every mode, from both engines, cites its moment: each cited passage is opened in
 * the transcript and the point's key words are found there. The model's citations are checked:
 * wrong ones are repaired from the passages it was sent or their points dropped, and counted.
 */
import { englishStopWords } from '../../src/summaries/language/stop-word-lists';
import { formatTimestamp, SUMMARY_MODES, type SummaryEntry, type SummaryInput, type SummaryMode, type SummaryPoint } from '../../src/domain/summary';
import { momentUrl } from '../../src/domain/citations';
import { createExtractiveSummarizer } from '../../src/summaries';
import { createMemoryModelCallCache } from '../../src/summaries/llm/call-cache';
import { writeModelSummary } from '../../src/summaries/llm/model-summarizer';
import type { ModelSettings } from '../../src/summaries/llm/settings';
import { startFakeLlm, type FakeLlm } from '../fake-llm/server';
import { sleepScienceLecture } from '../fixtures/transcripts/lecture-sleep-science';
import { weekendProjectsPodcast } from '../fixtures/transcripts/podcast-weekend-projects';
import { houseplantsSpanish } from '../fixtures/transcripts/plantas-interior-es';

/** Words of four letters or more that carry meaning. */
function keyWords(text: string): string[] {
  const stop = englishStopWords();
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [])].filter((word) => !stop.has(word));
}

/** The transcript's words spoken between `start` and `end` (segments overlapping that span). */
function spokenBetween(input: SummaryInput, start: number, end: number): Set<string> {
  const said = input.segments.filter((segment) => segment.end >= start && segment.start <= end).map((segment) => segment.text).join(' ');
  return new Set(said.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** The share of the point's key words (those the transcript says at all) said at its moment. */
function foundAtMoment(input: SummaryInput, point: SummaryPoint): number {
  const anywhere = spokenBetween(input, 0, Infinity);
  const words = keyWords(point.text).filter((word) => anywhere.has(word));
  if (words.length === 0) return 1;
  const said = spokenBetween(input, point.start, point.end);
  return words.filter((word) => said.has(word)).length / words.length;
}

const LINK = /\[(\d+(?::\d{2}){1,2})\]\(([^)\s]+)\)/g;

function expectCitedEverywhere(input: SummaryInput, entry: SummaryEntry, share: number): void {
  const duration = Math.max(input.durationSeconds ?? 0, ...input.segments.map((segment) => segment.end));
  expect(entry.points.length).toBeGreaterThan(0);
  for (const point of entry.points) {
    expect(point.start).toBeGreaterThanOrEqual(0);
    expect(point.end).toBeGreaterThanOrEqual(point.start);
    expect(point.start).toBeLessThanOrEqual(duration);
    expect(point.url).toBe(momentUrl(input.videoUrl, point.start));
    expect(point.url).toMatch(/[?&]t=\d+s$/);
    expect(foundAtMoment(input, point)).toBeGreaterThanOrEqual(share);
  }
  // The content links each point, in the order of the points.
  const links = [...entry.content.matchAll(LINK)].map((match) => ({ timestamp: match[1], url: match[2] }));
  expect(links).toEqual(entry.points.map((point) => ({ timestamp: formatTimestamp(point.start), url: point.url })));
}

describe('the built-in engine', () => {
  const fixtures: [string, SummaryInput][] = [
    ['auto-captioned podcast', weekendProjectsPodcast.input],
    ['punctuated lecture with chapters', sleepScienceLecture.input],
    ['Spanish how-to', houseplantsSpanish.input],
  ];

  describe.each(fixtures)('on the %s', (_name, input) => {
    it.each(SUMMARY_MODES)('cites the moment of every point of %s', async (mode) => {
      const entry = await createExtractiveSummarizer().summarize(input, mode);
      // A review question on a section names it by its chapter title, in the creator's words.
      expectCitedEverywhere(input, entry, mode === 'study_notes' ? 0.6 : 1);
    });
  });

  it('makes one point per sentence of tldr and one per bullet or paragraph of the other modes', async () => {
    const input = weekendProjectsPodcast.input;
    const summarizer = createExtractiveSummarizer();
    const tldr = await summarizer.summarize(input, 'tldr');
    expect(tldr.content.split(/(?<=\))\s+(?=\S)/).length).toBe(tldr.points.length);
    for (const mode of ['detailed', 'study_notes', 'timestamped', 'key_insights'] as const) {
      const entry = await summarizer.summarize(input, mode);
      const blocks = entry.content.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
      expect(blocks.length).toBe(entry.points.length);
    }
  });
});

describe('the model engine', () => {
  let llm: FakeLlm;
  const settings = (contextTokens: number): ModelSettings => ({
    provider: 'openai',
    baseUrl: llm.baseUrlFor('openai'),
    apiKey: 'sk-test-citations',
    model: 'gpt-4o-mini',
    contextTokens,
    maxOutputTokens: 400,
    concurrency: 2,
    requestTimeoutMs: 20_000,
  });
  const write = (input: SummaryInput, mode: SummaryMode, contextTokens = 60_000) =>
    writeModelSummary({ settings: settings(contextTokens), input, mode, outputLanguage: null, cache: createMemoryModelCallCache() });

  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterEach(() => {
    llm.wrongCitations = false;
  });
  afterAll(async () => {
    await llm?.close();
  });

  const lecture = sleepScienceLecture.input;
  /** A model frames what it cites in words of its own, some of which the speaker also uses elsewhere. */
  const MODEL_SHARE = 0.75;

  it.each(SUMMARY_MODES)('numbers the passages it sends and cites the moment of every point of %s', async (mode) => {
    const before = llm.requests.length;
    const { entry } = await write(lecture, mode);
    const sent = llm.requests.slice(before);
    expect(sent[0]!.text).toContain(`[P1 ${formatTimestamp(lecture.segments[0]!.start)}] `);
    expect(sent[0]!.text).toContain(`[P${lecture.segments.length} `);
    expectCitedEverywhere(lecture, entry, MODEL_SHARE);
    expect(entry.generator).toMatchObject({ engine: 'llm', citations: { checked: entry.points.length, repaired: 0, dropped: 0 } });
  });

  it.each(SUMMARY_MODES)('keeps citations through the parts of a long transcript and the reduce step in %s', async (mode) => {
    const before = llm.requests.length;
    const { entry } = await write(lecture, mode, 1800);
    const sent = llm.requests.slice(before);
    const reduce = sent.find((request) => request.text.includes('<part_notes>\n<part range='));
    expect(reduce).toBeDefined();
    // The reduce step sees the notes labelled with their passages.
    expect(reduce!.text).toMatch(/<part range="[^"]+">\n\[P\d+ \d+:\d{2}\] /);
    expectCitedEverywhere(lecture, entry, MODEL_SHARE);
  });

  it.each(SUMMARY_MODES)('repairs a citation outside the video or to a passage not sent, drops one it cannot place, and counts both in %s', async (mode) => {
    llm.wrongCitations = true;
    const { entry } = await write(lecture, mode);
    expectCitedEverywhere(lecture, entry, MODEL_SHARE);
    expect(entry.content).not.toMatch(/Quokkas/);
    expect(entry.generator.engine === 'llm' && entry.generator.citations).toMatchObject({ repaired: 1, dropped: 1 });
  });

  it('repairs citations to passages the reduce step was not shown', async () => {
    llm.wrongCitations = true;
    const { entry } = await write(lecture, 'key_insights', 1800);
    expectCitedEverywhere(lecture, entry, MODEL_SHARE);
    // Past the end of the video, and a passage left out of the notes: both repaired; nonsense dropped.
    expect(entry.generator.engine === 'llm' && entry.generator.citations).toMatchObject({ repaired: 2, dropped: 1 });
  });
});

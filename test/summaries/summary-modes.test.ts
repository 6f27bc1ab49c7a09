import { formatTimestamp, SUMMARY_MODES, type SummaryEntry, type SummaryInput, type SummaryMode } from '../../src/domain/summary';
import { createExtractiveSummarizer } from '../../src/summaries';
import { sleepScienceLecture } from '../fixtures/transcripts/lecture-sleep-science';
import { weekendProjectsPodcast } from '../fixtures/transcripts/podcast-weekend-projects';
import { houseplantsSpanish } from '../fixtures/transcripts/plantas-interior-es';
import { bulletsUnder, sentencesOf, spokenAt, withoutMomentLinks } from './transcript-locator';

type Entries = Record<SummaryMode, SummaryEntry>;

async function summarizeAll(input: SummaryInput): Promise<Entries> {
  const summarizer = createExtractiveSummarizer();
  const entries = {} as Entries;
  // These tests read the summaries' words; their citation links are checked in citations.test.ts.
  for (const mode of SUMMARY_MODES) {
    const entry = await summarizer.summarize(input, mode);
    entries[mode] = { ...entry, content: withoutMomentLinks(entry.content) };
  }
  return entries;
}

function items(entry: SummaryEntry) {
  if (entry.mode !== 'timestamped') throw new Error(`expected a timestamped entry, got ${entry.mode}`);
  return entry.items;
}

function insights(entry: SummaryEntry) {
  if (entry.mode !== 'key_insights') throw new Error(`expected a key_insights entry, got ${entry.mode}`);
  return entry.insights;
}

const podcast = weekendProjectsPodcast.input;
const lecture = sleepScienceLecture.input;
const spanish = houseplantsSpanish.input;
const fixtures: [string, SummaryInput][] = [
  ['auto-captioned podcast', podcast],
  ['punctuated lecture with chapters', lecture],
  ['Spanish how-to', spanish],
];

let results: Map<SummaryInput, Entries>;

beforeAll(async () => {
  results = new Map();
  for (const [, input] of fixtures) results.set(input, await summarizeAll(input));
});

function resultFor(input: SummaryInput): Entries {
  const entries = results.get(input);
  if (!entries) throw new Error('fixture was not summarized');
  return entries;
}

describe.each(fixtures)('every mode on the %s', (_name, input) => {
  it('returns an entry of the requested mode, written by the extractive engine', () => {
    const entries = resultFor(input);
    for (const mode of SUMMARY_MODES) {
      expect(entries[mode].mode).toBe(mode);
      expect(entries[mode].generator.engine).toBe('extractive');
      expect(entries[mode].content.trim().length).toBeGreaterThan(0);
    }
  });

  it('gives each mode its own content', () => {
    const contents = SUMMARY_MODES.map((mode) => resultFor(input)[mode].content);
    expect(new Set(contents).size).toBe(SUMMARY_MODES.length);
  });

  it('keeps caption noise, speaker marks and fillers out of every summary', () => {
    for (const mode of SUMMARY_MODES) {
      const content = resultFor(input)[mode].content;
      expect(content).not.toMatch(/\[(music|applause|música)\]/i);
      expect(content).not.toMatch(/>>|&gt;/);
      expect(content).not.toMatch(/(^|[^\p{L}])(um|uh)(?=[^\p{L}]|$)/iu);
    }
  });

  it('has a tldr of two or three sentences in reading order', () => {
    const sentences = sentencesOf(resultFor(input).tldr.content);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(3);
    const times = sentences.map((s) => spokenAt(s, input.segments));
    expect(times).not.toContain(null);
    expect(times).toEqual([...times].sort((a, b) => (a ?? 0) - (b ?? 0)));
  });

  it('lists timestamped items in ascending order within the video', () => {
    const list = items(resultFor(input).timestamped);
    expect(list.length).toBeGreaterThan(0);
    list.forEach((item, i) => {
      expect(item.start).toBeGreaterThanOrEqual(0);
      expect(item.start).toBeLessThanOrEqual(input.durationSeconds ?? Infinity);
      expect(item.timestamp).toBe(formatTimestamp(item.start));
      expect(item.title.length).toBeGreaterThan(0);
      if (i > 0) expect(item.start).toBeGreaterThan(list[i - 1]?.start ?? -1);
    });
  });
});

describe('auto-captions without punctuation', () => {
  it('are presented as sentences with a capital first letter and final punctuation', () => {
    for (const sentence of sentencesOf(resultFor(podcast).tldr.content)) {
      expect(sentence).toMatch(/^\p{Lu}/u);
      expect(sentence).toMatch(/[.!?]$/);
    }
    for (const insight of insights(resultFor(podcast).key_insights)) {
      expect(insight).toMatch(/^\p{Lu}/u);
      expect(insight).toMatch(/[.!?]$/);
    }
  });

  it('capitalise the pronoun I and restore spellings the title gives', () => {
    const everything = SUMMARY_MODES.map((mode) => resultFor(podcast)[mode].content).join('\n');
    expect(everything).not.toMatch(/(^|\s)i(\s|'m|'ve|'ll)/);
    expect(everything).not.toMatch(/\bwifi\b/);
  });
});

describe('detailed', () => {
  it('has an overview and key points that reach the last third of the video', () => {
    for (const input of [podcast, lecture]) {
      const content = resultFor(input).detailed.content;
      expect(content).toContain('## Overview');
      const points = bulletsUnder(content, 'Key points');
      expect(points.length).toBeGreaterThanOrEqual(4);
      const times = points.map((p) => spokenAt(p, input.segments) ?? -1);
      const duration = input.durationSeconds ?? 0;
      expect(Math.max(...times)).toBeGreaterThan((duration * 2) / 3);
      expect(Math.min(...times)).toBeLessThan(duration / 3);
    }
  });

  it('takes at least one key point from every topic of a multi-topic video', () => {
    const points = bulletsUnder(resultFor(podcast).detailed.content, 'Key points');
    const starts = weekendProjectsPodcast.topicStarts;
    const topicOf = (time: number) => starts.filter((start) => start <= time).length - 1;
    const topics = new Set(points.map((p) => topicOf(spokenAt(p, podcast.segments) ?? -1)));
    expect([...topics].sort()).toEqual([0, 1, 2, 3]);
  });
});

describe('study_notes', () => {
  it('uses the chapter titles as section headings when there are chapters', () => {
    const content = resultFor(lecture).study_notes.content;
    for (const chapter of lecture.chapters) expect(content).toContain(`## ${chapter.title} (${formatTimestamp(chapter.start)})`);
  });

  it('finds headings, key terms with explanations and review questions without chapters', () => {
    const content = resultFor(podcast).study_notes.content;
    const headings = content.split('\n').filter((line) => line.startsWith('## '));
    const sectionHeadings = headings.filter((h) => h !== '## Key terms' && h !== '## Review questions');
    expect(sectionHeadings.length).toBeGreaterThanOrEqual(3);
    expect(new Set(sectionHeadings).size).toBe(sectionHeadings.length);
    const terms = bulletsUnder(content, 'Key terms');
    expect(terms.length).toBeGreaterThanOrEqual(3);
    for (const term of terms) expect(term).toMatch(/^\*\*[^*]+\*\*: \p{Lu}.+[.!?]$/u);
    const questions = content.split('## Review questions')[1]?.split('\n').filter((line) => /^\d+\. /.test(line)) ?? [];
    expect(questions.length).toBeGreaterThanOrEqual(3);
    for (const question of questions) expect(question).toMatch(/\?$/);
  });

  it('names the terms a speaker defines among the key terms', () => {
    const terms = bulletsUnder(resultFor(podcast).study_notes.content, 'Key terms').map((t) => t.replace(/^\*\*([^*]+)\*\*.*$/, '$1').toLowerCase());
    expect(terms).toEqual(expect.arrayContaining(['emergency fund']));
    const lectureTerms = bulletsUnder(resultFor(lecture).study_notes.content, 'Key terms').join('\n').toLowerCase();
    expect(lectureTerms).toMatch(/adenosine/);
  });
});

describe('timestamped', () => {
  it('keeps the creator’s chapters and summarises each from its own time range', () => {
    const list = items(resultFor(lecture).timestamped);
    expect(list.map((i) => i.title)).toEqual(lecture.chapters.map((c) => c.title));
    expect(list.map((i) => i.start)).toEqual(lecture.chapters.map((c) => c.start));
    list.forEach((item, i) => {
      const spoken = spokenAt(item.summary, lecture.segments);
      expect(spoken).not.toBeNull();
      expect(spoken ?? -1).toBeGreaterThanOrEqual(item.start);
      expect(spoken ?? Infinity).toBeLessThan(list[i + 1]?.start ?? Infinity);
    });
    expect(resultFor(lecture).timestamped.content).toContain(`**${list[1]?.timestamp}** ${list[1]?.title}`);
  });

  it('finds the topic changes of a video without chapters', () => {
    const list = items(resultFor(podcast).timestamped);
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.length).toBeLessThanOrEqual(6);
    for (const trueStart of weekendProjectsPodcast.topicStarts.slice(1)) {
      const nearest = Math.min(...list.map((item) => Math.abs(item.start - trueStart)));
      expect(nearest).toBeLessThanOrEqual(30);
    }
  });
});

describe('key_insights', () => {
  // Advice, instructions, conditions and causes: what makes a takeaway actionable.
  const ACTIONABLE =
    /\b(should|make sure|don't|doesn't|do not|recommend|avoid|never|always|try|keep|start|stop|build|update|set up|aim|because|if you|which is why|so that)\b/i;

  it('prefers actionable advice over chatter and channel promotion', () => {
    for (const input of [podcast, lecture]) {
      const list = insights(resultFor(input).key_insights);
      expect(list.length).toBeGreaterThanOrEqual(3);
      const actionable = list.filter((insight) => ACTIONABLE.test(insight));
      expect(actionable.length / list.length).toBeGreaterThanOrEqual(0.75);
      for (const insight of list) {
        expect(insight).not.toMatch(/subscribe|thanks for watching|getting hungry|welcome back/i);
      }
    }
  });

  it('lists the insights as Markdown bullets', () => {
    const entry = resultFor(lecture).key_insights;
    expect(entry.content.split('\n')).toHaveLength(insights(entry).length);
    for (const line of entry.content.split('\n')) expect(line).toMatch(/^- \p{Lu}/u);
  });
});

describe('determinism', () => {
  it('gives the same entries for the same input, from a fresh summarizer', async () => {
    expect(await summarizeAll(podcast)).toEqual(resultFor(podcast));
    expect(await summarizeAll(lecture)).toEqual(resultFor(lecture));
  });
});

describe('a Spanish transcript', () => {
  it('keeps Spanish function words out of headings and key terms', () => {
    const content = resultFor(spanish).study_notes.content;
    const terms = bulletsUnder(content, 'Key terms').map((t) => t.replace(/^\*\*([^*]+)\*\*.*$/, '$1').toLowerCase());
    expect(terms.length).toBeGreaterThanOrEqual(3);
    for (const term of terms) expect(['es', 'si', 'de', 'la', 'el', 'y', 'que', 'con', 'las', 'los']).not.toContain(term);
    const headingWords = (content.split('\n')[0] ?? '').replace(/^## | \(\d+:\d+\)$/g, '').toLowerCase().split(/[ ,]+/);
    expect(headingWords.length).toBeGreaterThan(0);
    for (const word of headingWords) expect(['es', 'si', 'de', 'la', 'el', 'y', 'que', 'con', 'las', 'los']).not.toContain(word);
  });

  it('asks its review questions in Spanish', () => {
    const content = resultFor(spanish).study_notes.content;
    const questions = content.split('## Review questions')[1] ?? '';
    expect(questions).toMatch(/¿[^?]+\?/);
  });
});

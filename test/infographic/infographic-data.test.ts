import { SUMMARY_MODES, type SummaryEntry, type SummaryGenerator, type SummaryMode } from '../../src/domain/summary';
import { infographicDataFrom, READING_WORDS_PER_MINUTE, type InfographicSource } from '../../src/infographic/infographic-data';
import { analyzeTranscript, summarizeAnalysis } from '../../src/summaries';
import { sleepScienceLecture } from '../fixtures/transcripts/lecture-sleep-science';
import { exampleSource } from './example-job';
import { withoutMomentLinks } from '../summaries/transcript-locator';

const EXTRACTIVE: SummaryGenerator = { engine: 'extractive', model: 'test' };

function entry(mode: 'tldr' | 'detailed' | 'study_notes', content: string): SummaryEntry {
  return { mode, content, points: [], generator: EXTRACTIVE };
}

/** The example job with only the given summaries. */
function withSummaries(summaries: Partial<Record<SummaryMode, SummaryEntry>>, change: (s: InfographicSource) => void = () => {}): InfographicSource {
  const source = exampleSource();
  source.summaries = summaries;
  change(source);
  return source;
}

describe('infographicDataFrom', () => {
  it('takes everything from a complete job, as plain JSON', () => {
    const data = infographicDataFrom(exampleSource());
    expect(data.title).toBe('Personal Finance in 40 Minutes: Budgeting, Saving and Investing for Beginners');
    expect(data.channel).toBe('The Money Workshop');
    expect(data.durationSeconds).toBe(2537);
    expect(data.publishedAt).toBe('2024-03-12T15:00:00Z');
    // Markdown emphasis is gone from the tldr and the insights.
    expect(data.tldr).toMatch(/^Most budgets fail because they rely on willpower\. The talk argues for a system instead:/);
    expect(data.tldr).not.toContain('*');
    expect(data.insights).toHaveLength(5);
    expect(data.insights[3]).toBe('Low-cost index funds beat most actively managed funds over 15 years, mainly because of fees.');
    expect(data.timeline?.source).toBe('chapters');
    expect(data.timeline?.sections.map((s) => s.start)).toEqual([0, 185, 540, 905, 1330, 1790, 2150, 2410]);
    expect(data.keyTerms).toEqual(['Pay yourself first', 'Emergency fund', 'Debt avalanche', 'Debt snowball', 'Index fund', 'Compound interest', 'Expense ratio']);
    expect(data.figures).toEqual({ wordCount: 6214, readingMinutes: 27, watchMinutes: 42, captionSource: 'captions_auto' });
    expect(JSON.parse(JSON.stringify(data))).toEqual(data);
  });

  it('reads at 238 words a minute, rounded up', () => {
    expect(READING_WORDS_PER_MINUTE).toBe(238);
    const minutes = (wordCount: number) => infographicDataFrom(withSummaries({}, (s) => (s.transcript.wordCount = wordCount))).figures.readingMinutes;
    expect(minutes(2380)).toBe(10);
    expect(minutes(2381)).toBe(11);
    expect(minutes(1)).toBe(1);
    expect(minutes(0)).toBe(0);
  });

  it('takes the duration from the captions when the platform gave none, and has none without either', () => {
    const fromCaptions = infographicDataFrom(withSummaries({}, (s) => (s.video.durationSeconds = null)));
    expect(fromCaptions.durationSeconds).toBe(2536);
    expect(fromCaptions.figures.watchMinutes).toBe(42);
    const unknown = infographicDataFrom(
      withSummaries({}, (s) => {
        s.video.durationSeconds = null;
        s.transcript.segments = [];
      }),
    );
    expect(unknown.durationSeconds).toBeNull();
    expect(unknown.figures.watchMinutes).toBeNull();
    expect(unknown.timeline).toBeNull();
  });

  describe('tldr', () => {
    it('is the tldr summary as plain text', () => {
      const data = infographicDataFrom(withSummaries({ tldr: entry('tldr', 'A *careful* look at \\*stars\\* &amp; [planets](https://example.com).') }));
      expect(data.tldr).toBe('A careful look at *stars* & planets.');
    });

    it('falls back to the first sentences of the detailed summary', () => {
      const detailed = entry(
        'detailed',
        '## Overview\n\nFirst sentence here. Second one follows! Third is a question? Fourth is too many.\n\n## Key points\n\n- A point.',
      );
      const data = infographicDataFrom(withSummaries({ detailed }));
      expect(data.tldr).toBe('First sentence here. Second one follows! Third is a question?');
    });

    it('is null without either', () => {
      expect(infographicDataFrom(withSummaries({})).tldr).toBeNull();
    });
  });

  describe('key insights', () => {
    it('takes at most six from key_insights', () => {
      const key_insights: SummaryEntry = {
        mode: 'key_insights',
        content: '',
        generator: EXTRACTIVE,
        points: [],
        insights: Array.from({ length: 9 }, (_, i) => `Insight **number ${i + 1}** matters.`),
      };
      const data = infographicDataFrom(withSummaries({ key_insights }));
      expect(data.insights).toEqual(Array.from({ length: 6 }, (_, i) => `Insight number ${i + 1} matters.`));
    });

    it('falls back to the bullet points of detailed, leaving out what viewers say', () => {
      const detailed = entry(
        'detailed',
        [
          '## Overview',
          '',
          'An overview sentence.',
          '',
          '## Key points',
          '',
          '- Save before you spend.',
          '- Keep an emergency fund.',
          '',
          '## What viewers say',
          '',
          '- "Great video!" (120 likes)',
        ].join('\n'),
      );
      const studyNotes = entry(
        'study_notes',
        ['## Budgeting (0:00)', '', '- Budgets fail on willpower.', '', '## Key terms', '', '- **budget**: a plan.', '', '## Review questions', '', '1. What is a budget?'].join('\n'),
      );
      const data = infographicDataFrom(withSummaries({ detailed, study_notes: studyNotes }));
      // Two from detailed are fewer than three, so study notes' bullets join; never their key terms or questions.
      expect(data.insights).toEqual(['Save before you spend.', 'Keep an emergency fund.', 'Budgets fail on willpower.']);
    });

    it('falls back to sentences the tldr does not already show', () => {
      const tldr = entry('tldr', 'The video is about sleep.');
      const detailed = entry('detailed', 'The video is about sleep. Deep sleep consolidates memory. Caffeine blocks adenosine. Light sets the clock.');
      const data = infographicDataFrom(withSummaries({ tldr, detailed }));
      expect(data.insights).toEqual(['Deep sleep consolidates memory.', 'Caffeine blocks adenosine.', 'Light sets the clock.']);
    });

    it('is empty without summaries', () => {
      expect(infographicDataFrom(withSummaries({})).insights).toEqual([]);
    });
  });

  describe('timeline', () => {
    it('uses the chapters, in order, within the duration, one per start', () => {
      const data = infographicDataFrom(
        withSummaries({}, (s) => {
          s.video.durationSeconds = 600;
          s.video.chapters = [
            { start: 300, title: 'Middle' },
            { start: 0, title: 'Start' },
            { start: 300, title: 'Duplicate start' },
            { start: 700, title: 'After the end' },
            { start: 450, title: '' },
          ];
        }),
      );
      expect(data.timeline).toEqual({
        source: 'chapters',
        sections: [
          { start: 0, title: 'Start' },
          { start: 300, title: 'Middle' },
          { start: 450, title: 'Part 3' },
        ],
      });
    });

    it('falls back to the topics of the timestamped summary', () => {
      const timestamped: SummaryEntry = {
        mode: 'timestamped',
        content: '',
        generator: EXTRACTIVE,
        points: [],
        items: [
          { start: 0, timestamp: '0:00', title: 'Sourdough **starter**', summary: '' },
          { start: 95, timestamp: '1:35', title: 'Shaping', summary: '' },
        ],
      };
      const data = infographicDataFrom(withSummaries({ timestamped }, (s) => (s.video.chapters = [])));
      expect(data.timeline).toEqual({ source: 'topics', sections: [{ start: 0, title: 'Sourdough starter' }, { start: 95, title: 'Shaping' }] });
    });

    it('is omitted without chapters or topics, or with a single one', () => {
      expect(infographicDataFrom(withSummaries({}, (s) => (s.video.chapters = []))).timeline).toBeNull();
      expect(infographicDataFrom(withSummaries({}, (s) => (s.video.chapters = [{ start: 0, title: 'Only' }]))).timeline).toBeNull();
    });
  });

  describe('key terms', () => {
    it('reads a model\'s "Key concepts" section without bold terms', () => {
      const studyNotes = entry('study_notes', '## Key concepts\n\n- Levain: a starter built for one bake\n- Autolyse – resting flour and water\n- A long line that explains something without naming a term at all\n\n## Notes\n\n- Not a term: here');
      expect(infographicDataFrom(withSummaries({ study_notes: studyNotes })).keyTerms).toEqual(['Levain', 'Autolyse']);
    });

    it('is empty without study notes', () => {
      expect(infographicDataFrom(withSummaries({})).keyTerms).toEqual([]);
    });
  });

  it("reads the extractive engine's summaries of a real transcript", () => {
    const input = sleepScienceLecture.input;
    const analysis = analyzeTranscript(input);
    const summaries: Partial<Record<SummaryMode, SummaryEntry>> = {};
    for (const mode of SUMMARY_MODES) summaries[mode] = summarizeAnalysis(analysis, mode, input.videoUrl);
    const data = infographicDataFrom({
      video: { ...input, publishedAt: null },
      transcript: { source: 'captions_manual', wordCount: 824, segments: input.segments },
      summaries,
    });
    // The picture shows the words; the points' links are left out.
    expect(data.tldr).toBe(withoutMomentLinks(summaries.tldr!.content).replace(/\\/g, ''));
    const insights = summaries.key_insights!.mode === 'key_insights' ? summaries.key_insights!.insights : [];
    expect(data.insights).toEqual(insights.slice(0, 6));
    expect(data.timeline?.sections.map((s) => s.title)).toEqual(input.chapters.map((c) => c.title));
    // The study notes' "## Key terms" section, as "- **term**: sentence".
    const terms = [...summaries.study_notes!.content.matchAll(/^- \*\*(.+?)\*\*:/gm)].map((m) => m[1]);
    expect(terms.length).toBeGreaterThanOrEqual(3);
    expect(data.keyTerms).toEqual(terms.slice(0, 10));
  });
});

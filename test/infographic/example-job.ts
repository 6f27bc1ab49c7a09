/**
 * A finished job as the infographic sees it: a 42-minute talk with the creator's chapters, a
 * transcript from auto captions, and the five summaries a language model wrote for it. Used by
 * the tests, the benchmark and the example picture.
 */
import type { SummaryEntry, SummaryGenerator, SummaryMode } from '../../src/domain/summary';
import type { TranscriptSegment } from '../../src/domain/transcript';
import type { InfographicSource } from '../../src/infographic/infographic-data';

const LLM: SummaryGenerator = {
  engine: 'llm',
  provider: 'anthropic',
  model: 'claude-test',
  prompt_version: 'v1',
  input_tokens: 12000,
  output_tokens: 900,
};

const DURATION = 2537;

const CHAPTERS = [
  { start: 0, title: 'Why most budgets fail' },
  { start: 185, title: 'Pay yourself first' },
  { start: 540, title: 'The emergency fund, explained' },
  { start: 905, title: 'High-interest debt: avalanche vs snowball' },
  { start: 1330, title: 'Index funds and compound interest' },
  { start: 1790, title: 'Automating the whole system' },
  { start: 2150, title: 'Common mistakes' },
  { start: 2410, title: 'Recap' },
];

/** About 6,000 words of captions over the duration (only their timing and count matter here). */
function segments(): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  for (let t = 0; t < DURATION - 4; t += 4) out.push({ start: t, end: t + 4, text: 'so the next thing we want to look at is the budget' });
  return out;
}

const summaries: Partial<Record<SummaryMode, SummaryEntry>> = {
  tldr: {
    mode: 'tldr',
    generator: LLM,
    points: [],
    content:
      'Most budgets fail because they rely on willpower. The talk argues for a **system** instead: save a fixed share of every paycheck before spending, build a three-to-six-month emergency fund, pay off high-interest debt first, and put long-term savings into low-cost index funds, all automated so the right thing happens by default.',
  },
  detailed: {
    mode: 'detailed',
    generator: LLM,
    points: [],
    content: [
      'The speaker, a financial planner, explains why tracking every expense rarely works and proposes an automated system of five habits.',
      '',
      '## Pay yourself first',
      '',
      'Saving what is left at the end of the month leaves nothing.',
      '',
      '- Move 15-20% of each paycheck to savings on payday.',
      '- Treat savings like a bill that is never skipped.',
      '',
      '## Debt',
      '',
      '- The avalanche method (highest interest first) costs the least in total.',
      '- The snowball method (smallest balance first) keeps people motivated.',
    ].join('\n'),
  },
  study_notes: {
    mode: 'study_notes',
    generator: LLM,
    points: [],
    content: [
      '## Key concepts',
      '',
      '- **Pay yourself first**: saving a fixed share of income before any spending.',
      '- **Emergency fund**: three to six months of essential expenses in cash.',
      '- **Debt avalanche**: repaying the highest-interest debt first.',
      '- **Debt snowball**: repaying the smallest balance first.',
      '- **Index fund**: a low-cost fund that tracks a whole market.',
      '- **Compound interest**: returns earned on earlier returns.',
      '- **Expense ratio**: the yearly fee of a fund, as a share of the money invested.',
      '',
      '## Notes',
      '',
      '- Budgets fail when they depend on willpower.',
      '',
      '## Review questions',
      '',
      '1. Why does the avalanche method cost less than the snowball method?',
    ].join('\n'),
  },
  timestamped: {
    mode: 'timestamped',
    generator: LLM,
    points: [],
    content: '',
    items: CHAPTERS.map((c) => ({ start: c.start, timestamp: '', title: c.title, summary: '' })),
  },
  key_insights: {
    mode: 'key_insights',
    generator: LLM,
    points: [],
    content: '',
    insights: [
      'Automate saving on payday: money you never see in your current account is money you do not spend.',
      'Keep three to six months of essential expenses in cash before investing, so an emergency does not become debt.',
      'Pay off high-interest debt first; no investment reliably returns the 20% a credit card charges.',
      'Low-cost **index funds** beat most actively managed funds over 15 years, mainly because of fees.',
      'Start early: at 7% a year, money doubles roughly every ten years through compound interest.',
    ],
  },
};

export function exampleSource(): InfographicSource {
  return {
    video: {
      title: 'Personal Finance in 40 Minutes: Budgeting, Saving and Investing for Beginners',
      channel: 'The Money Workshop',
      durationSeconds: DURATION,
      publishedAt: '2024-03-12T15:00:00Z',
      chapters: CHAPTERS.map((c) => ({ ...c })),
    },
    transcript: { source: 'captions_auto', wordCount: 6214, segments: segments() },
    summaries: structuredClone(summaries),
  };
}

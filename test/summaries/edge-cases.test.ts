import { SUMMARY_MODES, type SummaryEntry, type SummaryInput } from '../../src/domain/summary';
import { createExtractiveSummarizer } from '../../src/summaries';

function input(overrides: Partial<SummaryInput>): SummaryInput {
  return { title: 'A video', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', channel: 'A channel', language: 'en', durationSeconds: 60, chapters: [], segments: [], ...overrides };
}

async function everyMode(source: SummaryInput): Promise<SummaryEntry[]> {
  const summarizer = createExtractiveSummarizer();
  return Promise.all(SUMMARY_MODES.map((mode) => summarizer.summarize(source, mode)));
}

function expectValidEntries(entries: SummaryEntry[]): void {
  entries.forEach((entry, i) => {
    expect(entry.mode).toBe(SUMMARY_MODES[i]);
    expect(typeof entry.content).toBe('string');
    expect(entry.content.length).toBeGreaterThan(0);
    if (entry.mode === 'timestamped') expect(Array.isArray(entry.items)).toBe(true);
    if (entry.mode === 'key_insights') expect(Array.isArray(entry.insights)).toBe(true);
  });
}

describe('transcripts with little or nothing in them', () => {
  it('give a valid entry in every mode for an empty transcript', async () => {
    const entries = await everyMode(input({ segments: [], durationSeconds: null }));
    expectValidEntries(entries);
    const timestamped = entries.find((e) => e.mode === 'timestamped');
    expect(timestamped?.mode === 'timestamped' && timestamped.items).toEqual([]);
  });

  it('give a valid entry in every mode for a transcript of nothing but noise', async () => {
    expectValidEntries(await everyMode(input({ segments: [{ start: 0, end: 5, text: '[Music]' }, { start: 5, end: 6, text: 'um' }] })));
  });

  it('summarise a single segment with that segment', async () => {
    const entries = await everyMode(input({ segments: [{ start: 0, end: 4, text: 'this is the only thing said in the whole video' }] }));
    expectValidEntries(entries);
    expect(entries[0]?.content).toBe('This is the only thing said in the whole video. [0:00](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=0s)');
  });

  it('quote what was said even when none of it carries a topic word', async () => {
    const entries = await everyMode(
      input({ segments: [{ start: 0, end: 3, text: 'yeah so it was just there you know' }, { start: 3, end: 6, text: 'and then they were all like that again' }] }),
    );
    expectValidEntries(entries);
    expect(entries[0]?.content).toMatch(/there you know/i);
  });

  it('still outline the chapters of a video whose transcript is empty', async () => {
    const entries = await everyMode(input({ chapters: [{ start: 0, title: 'Intro' }, { start: 30, title: 'Main part' }] }));
    const timestamped = entries.find((e) => e.mode === 'timestamped');
    if (timestamped?.mode !== 'timestamped') throw new Error('missing timestamped entry');
    expect(timestamped.items.map((i) => [i.start, i.title, i.summary])).toEqual([
      [0, 'Intro', ''],
      [30, 'Main part', ''],
    ]);
  });
});

describe('untidy input', () => {
  it('sorts chapters, drops those past the end and keeps items inside the video', async () => {
    const segments = Array.from({ length: 40 }, (_, i) => ({ start: i * 3, end: i * 3 + 3, text: `sentence number ${i} talks about topic ${i % 4} in some detail` }));
    const entries = await everyMode(
      input({
        durationSeconds: 120,
        segments,
        chapters: [
          { start: 60, title: 'Second' },
          { start: 0, title: 'First' },
          { start: 60, title: 'Duplicate start' },
          { start: 500, title: 'After the end' },
        ],
      }),
    );
    const timestamped = entries.find((e) => e.mode === 'timestamped');
    if (timestamped?.mode !== 'timestamped') throw new Error('missing timestamped entry');
    expect(timestamped.items.map((i) => [i.start, i.title])).toEqual([
      [0, 'First'],
      [60, 'Second'],
    ]);
  });

  it('keeps outline items inside the stated duration when captions run past it', async () => {
    const topics = ['bread dough flour oven yeast', 'router wifi signal channel mesh', 'budget savings debt interest account'];
    const segments = Array.from({ length: 90 }, (_, i) => ({
      start: i * 4,
      end: i * 4 + 4,
      text: `we talk about ${topics[Math.floor(i / 30)]} and more ${topics[Math.floor(i / 30)]} here`,
    }));
    const entries = await everyMode(input({ durationSeconds: 200, segments }));
    const timestamped = entries.find((e) => e.mode === 'timestamped');
    if (timestamped?.mode !== 'timestamped') throw new Error('missing timestamped entry');
    for (const item of timestamped.items) expect(item.start).toBeLessThanOrEqual(200);
  });

  it('copes with segments out of time order and an unknown duration', async () => {
    const entries = await everyMode(
      input({
        durationSeconds: null,
        segments: [
          { start: 6, end: 9, text: 'and that is why the second point matters.' },
          { start: 0, end: 3, text: 'The first point is about planning.' },
          { start: 3, end: 6, text: 'Planning saves time later.' },
        ],
      }),
    );
    expectValidEntries(entries);
    const detailed = entries.find((e) => e.mode === 'detailed')?.content ?? '';
    expect(detailed.indexOf('first point')).toBeGreaterThan(-1);
    expect(detailed.indexOf('first point')).toBeLessThan(detailed.indexOf('second point'));
  });
});

describe('languages other than English', () => {
  it('summarise Japanese captions, which have no spaces between words', async () => {
    const lines = [
      '今日は機械学習の基礎について説明します。',
      'まずデータを集めることが大切です。',
      'データが少ないとモデルはうまく学習できません。',
      '次にモデルを訓練して結果を評価します。',
      '評価には訓練に使っていないデータを使いましょう。',
      '最後にモデルを改善する方法を紹介します。',
    ];
    const entries = await everyMode(input({ language: 'ja', segments: lines.map((text, i) => ({ start: i * 5, end: i * 5 + 5, text })) }));
    expectValidEntries(entries);
    expect(entries[0]?.content).toMatch(/データ|モデル|機械学習/);
  });

  it('keep Japanese punctuation tight: no space after 、 where the captions have none', async () => {
    const lines = [
      'まず、お湯を沸かして急須を温めます。',
      '次に、茶葉を急須に入れて、お湯を注ぎます。',
      'そして、一分ほど待ってから湯呑みに注ぎます。',
      '最後に、急須のお茶を最後の一滴まで注ぎ切ります。',
    ];
    const entries = await everyMode(input({ language: 'ja', segments: lines.map((text, i) => ({ start: i * 5, end: i * 5 + 5, text })) }));
    expectValidEntries(entries);
    const written = entries.map((entry) => entry.content).join('\n');
    expect(written).toMatch(/お湯|茶葉|急須/);
    expect(written).not.toMatch(/、 +[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u);
  });

  it('fall back to plain tokens for a language code nobody knows', async () => {
    const entries = await everyMode(
      input({
        language: 'xx-invalid_code!',
        segments: [
          { start: 0, end: 4, text: 'zorblax vintu karamel sofu' },
          { start: 4, end: 8, text: 'karamel sofu dentar mivo' },
          { start: 8, end: 12, text: 'mivo zorblax lenta karamel' },
        ],
      }),
    );
    expectValidEntries(entries);
  });
});

import { createSummarizer, EXTRACTIVE_GENERATOR, SUMMARY_PROVIDERS, type SummarizerConfig } from '../../src/summaries';

describe('createSummarizer', () => {
  it('builds the offline extractive engine', async () => {
    const summarizer = createSummarizer({ provider: 'extractive' });
    expect(summarizer.generator).toEqual(EXTRACTIVE_GENERATOR);
    const entry = await summarizer.summarize(
      { title: 't', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', channel: 'c', language: 'en', durationSeconds: 5, chapters: [], segments: [{ start: 0, end: 5, text: 'Short and sweet.' }] },
      'tldr',
    );
    expect(entry).toEqual({
      mode: 'tldr',
      content: 'Short and sweet. [0:00](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=0s)',
      points: [{ text: 'Short and sweet.', start: 0, end: 5, url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=0s' }],
      generator: EXTRACTIVE_GENERATOR,
    });
  });

  it('lists the providers it knows', () => {
    expect(SUMMARY_PROVIDERS).toEqual(['extractive']);
  });

  it('refuses a provider it does not know', () => {
    expect(() => createSummarizer({ provider: 'nonexistent' } as unknown as SummarizerConfig)).toThrow(/nonexistent/);
  });
});

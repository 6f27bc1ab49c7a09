import type { SummaryInput } from '../../src/domain/summary';
import { createExtractiveSummarizer } from '../../src/summaries';
import { autoCaptionTimeline } from '../fixtures/transcripts/caption-builder';
import { spokenAt } from './transcript-locator';

// Chatter that talks about the topic as much as the advice does, so only the kind of sentence tells them apart.
const SENTENCES: { advice: boolean; text: string }[] = [
  { advice: false, text: 'i have been drinking coffee every single morning for about ten years now and coffee is honestly my favourite part of the day' },
  { advice: true, text: 'you should grind the coffee beans right before brewing because ground coffee goes stale within minutes' },
  { advice: false, text: 'my coffee mug collection is getting out of hand there are coffee mugs all over the kitchen' },
  { advice: false, text: 'my sister thinks coffee tastes like burnt toast but she drinks tea so what does she know' },
  { advice: true, text: 'what you want to do is make sure the water is just off the boil around ninety four degrees otherwise the coffee tastes bitter' },
  { advice: false, text: 'this coffee grinder was a birthday present from my partner and the coffee grinder is bright red' },
  { advice: true, text: 'use about sixty grams of coffee for every litre of water and weigh the coffee instead of using a scoop' },
  { advice: false, text: 'the coffee shop near my flat has a cat that sleeps on the coffee bags by the window' },
  { advice: false, text: 'the coffee beans today came from a small roaster in the next town over' },
  { advice: true, text: 'never leave brewed coffee on a hot plate because the coffee keeps cooking and turns sour' },
  { advice: false, text: 'i remember my first coffee it was a terrible instant coffee at a train station' },
  { advice: false, text: 'anyway that was my coffee routine thanks for watching and subscribe for more coffee videos' },
];

const timeline = autoCaptionTimeline(SENTENCES.map((s) => s.text));
const input: SummaryInput = {
  title: 'How I make coffee at home',
  videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  channel: 'Slow Mornings',
  language: 'en',
  durationSeconds: Math.ceil(timeline.end),
  chapters: [],
  segments: timeline.segments,
};

function sentenceAt(time: number | null): number {
  if (time === null) return -1;
  return timeline.partStarts.filter((start) => start <= time).length - 1;
}

describe('key_insights on a talk that mixes advice with chatter about the same topic', () => {
  it('picks the advice and leaves out the chatter', async () => {
    const entry = await createExtractiveSummarizer().summarize(input, 'key_insights');
    if (entry.mode !== 'key_insights') throw new Error('wrong mode');
    const picked = entry.insights.map((insight) => sentenceAt(spokenAt(insight, input.segments, 3)));
    const adviceIndexes = SENTENCES.flatMap((s, i) => (s.advice ? [i] : []));
    expect(picked).toEqual(expect.arrayContaining(adviceIndexes));
    const chatter = picked.filter((i) => !SENTENCES[i]?.advice);
    expect(chatter.length).toBeLessThanOrEqual(Math.floor(entry.insights.length / 4));
  });

  it('drops the spoken frame around advice so the bullet stands alone', async () => {
    const entry = await createExtractiveSummarizer().summarize(input, 'key_insights');
    if (entry.mode !== 'key_insights') throw new Error('wrong mode');
    expect(entry.insights).toContain('Make sure the water is just off the boil around ninety four degrees otherwise the coffee tastes bitter.');
  });
});

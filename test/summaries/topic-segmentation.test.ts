import { segmentationPlan } from '../../src/summaries/analysis/topic-segmentation';
import { analyzeTranscript } from '../../src/summaries';
import { houseplantsSpanish } from '../fixtures/transcripts/plantas-interior-es';
import { weekendProjectsPodcast } from '../fixtures/transcripts/podcast-weekend-projects';

describe('the number of sections for a duration', () => {
  it.each([
    [60, 1, 1],
    [10 * 60, 3, 5],
    [60 * 60, 12, 16],
    [3 * 3600, 20, 24],
    [200 * 3600, 24, 24],
  ])('for %i seconds is between %i and %i', (seconds, least, most) => {
    const { maxSections } = segmentationPlan(seconds);
    expect(maxSections).toBeGreaterThanOrEqual(least);
    expect(maxSections).toBeLessThanOrEqual(most);
  });

  it('keeps sections long enough to be worth an outline item', () => {
    expect(segmentationPlan(10 * 60).minSectionSeconds).toBeGreaterThanOrEqual(30);
    expect(segmentationPlan(3 * 3600).minSectionSeconds).toBeGreaterThanOrEqual(120);
  });
});

describe('sections found in the text', () => {
  it('leave a short single-topic video whole', () => {
    expect(analyzeTranscript(houseplantsSpanish.input).sections).toHaveLength(1);
  });

  it('start near each topic change of a multi-topic talk, and nowhere else', () => {
    const sections = analyzeTranscript(weekendProjectsPodcast.input).sections;
    const trueStarts = weekendProjectsPodcast.topicStarts;
    expect(sections).toHaveLength(trueStarts.length);
    sections.forEach((section, i) => expect(Math.abs(section.start - (trueStarts[i] ?? 0))).toBeLessThanOrEqual(15));
  });
});

import { cleanCaptionText, disfluencyRules } from '../../src/summaries/text/caption-noise';
import { analyzeTranscript } from '../../src/summaries';
import type { SummaryInput } from '../../src/domain/summary';

describe('cleanCaptionText', () => {
  it.each([
    ['[Music]', ''],
    ['[Applause] thank you so much', 'thank you so much'],
    ['so today [ __ ] we start', 'so today we start'],
    ['>> Thank you. >> Sure.', 'Thank you. Sure.'],
    ['&gt;&gt; welcome back', 'welcome back'],
    ['- Where were we?', 'Where were we?'],
    ['JOHN SMITH: hello there', 'hello there'],
    ['Speaker 2: right', 'right'],
    ['(LAUGHTER) that was close', 'that was close'],
    ['it went (audience laughing) badly', 'it went badly'],
    ['♪ never gonna give you up ♪', ''],
    ['multi-line\ncaption   text', 'multi-line caption text'],
  ])('cleans %j to %j', (raw, clean) => {
    expect(cleanCaptionText(raw)).toBe(clean);
  });

  it('keeps parentheses and colons that are part of what was said', () => {
    expect(cleanCaptionText('the result (see figure 2) holds')).toBe('the result (see figure 2) holds');
    expect(cleanCaptionText('the rule is simple: stop early')).toBe('the rule is simple: stop early');
  });
});

describe('disfluencyRules', () => {
  const english = disfluencyRules(['um', 'uh', 'erm', 'mm-hmm'], true);

  it('recognises fillers whatever their case and punctuation', () => {
    for (const word of ['um', 'Um,', 'UH.', '“uh', 'mm-hmm']) expect(english.isFiller(word)).toBe(true);
    for (const word of ['umbrella', 'huh', 'summer']) expect(english.isFiller(word)).toBe(false);
  });

  it('treats only repeated function words as stutters, and only in English', () => {
    expect(english.isStutterProne('the')).toBe(true);
    expect(english.isStutterProne('very')).toBe(false);
    expect(disfluencyRules([], false).isStutterProne('the')).toBe(false);
  });
});

describe('the word stream of a transcript', () => {
  const input: SummaryInput = {
    title: 't',
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    channel: 'c',
    language: 'en',
    durationSeconds: 20,
    chapters: [],
    segments: [
      { start: 0, end: 2, text: '[Music]' },
      { start: 2, end: 5, text: 'um so the the oven' },
      { start: 5, end: 7, text: 'uh' },
      { start: 7, end: 10, text: 'needs to be really really hot' },
    ],
  };

  it('keeps the full stop a dropped filler carried', () => {
    const analysis = analyzeTranscript({ ...input, segments: [{ start: 0, end: 3, text: 'So the oven is hot, um. Then we bake.' }] });
    const words = Array.from(analysis.words.word, (id) => analysis.words.distinct[id]);
    expect(words.join(' ')).toBe('So the oven is hot. Then we bake.');
    expect(analysis.sentences.count).toBe(2);
  });

  it('drops fillers, stutters and segments that held nothing but noise', () => {
    const analysis = analyzeTranscript(input);
    const words = Array.from(analysis.words.word, (id) => analysis.words.distinct[id]);
    expect(words.join(' ')).toBe('so the oven needs to be really really hot');
    expect(Array.from(analysis.words.segmentStart)).toEqual([2, 7]);
  });
});

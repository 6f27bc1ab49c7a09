/** Part-of-speech tags of short runs of our tokens (a comment's clauses), lined up with wink's. */
import { TAG_NOUN, TAG_PART, TAG_PRON, TAG_VERB, tagTokenRuns } from '../../src/summaries/analysis/word-tags';

describe('tagTokenRuns', () => {
  it('gives each of our tokens the tag of its last wink token, each run in its own context', () => {
    const tagged = tagTokenRuns([
      ['caffeine', 'half-life', 'explains', 'it'],
      ['i', "don't", 'know'],
    ]);
    expect(tagged).not.toBeNull();
    // "half-life" is three wink tokens (half, -, life) and one of ours; "don't" is do + n't.
    expect(Array.from(tagged![0]!)).toEqual([TAG_NOUN, TAG_NOUN, TAG_VERB, TAG_PRON]);
    expect(Array.from(tagged![1]!)).toEqual([TAG_PRON, TAG_PART, TAG_VERB]);
  });

  it('answers null when the runs cannot be lined up, and nothing for no runs', () => {
    expect(tagTokenRuns([['melatonin'], []])).toBeNull();
    // A token holding a space is two words to wink.
    expect(tagTokenRuns([['sleep spindles', 'matter']])).toBeNull();
    expect(tagTokenRuns([])).toEqual([]);
  });
});

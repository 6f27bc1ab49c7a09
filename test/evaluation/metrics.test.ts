import { evenSplit, f1, matchBoundaries } from './boundaries';
import { leadSummary, textRankOrder, textRankSummary } from './extractive-baselines';
import { rougeAgainst, rougeScores } from './rouge';
import { isChatter, opensDangling, summarySentences } from './standalone';
import { textTiling } from './texttiling';

describe('boundary matching within a window', () => {
  it('counts a found boundary within the window as a hit, and one outside as a miss', () => {
    expect(matchBoundaries([100, 400], [130, 300], 30)).toEqual({ truePositives: 1, found: 2, gold: 2 });
    expect(matchBoundaries([100], [131], 30).truePositives).toBe(0);
  });

  it('matches each gold boundary once, closest pair first', () => {
    // 95 and 105 both lie near 100; only one may take it, and 120 then reaches nothing.
    expect(matchBoundaries([95, 105, 120], [100], 25)).toEqual({ truePositives: 1, found: 3, gold: 1 });
    // Greedy by distance: 112 takes 110, leaving 100 for 92 (a first-come order would strand one).
    expect(matchBoundaries([92, 112], [100, 110], 10).truePositives).toBe(2);
  });

  it('scores F1 from pooled counts', () => {
    expect(f1({ truePositives: 1, found: 2, gold: 2 })).toBeCloseTo(0.5);
    expect(f1({ truePositives: 2, found: 4, gold: 2 })).toBeCloseTo(2 / 3);
    expect(f1({ truePositives: 0, found: 3, gold: 2 })).toBe(0);
    expect(f1({ truePositives: 0, found: 0, gold: 0 })).toBe(1);
  });

  it('splits evenly for the baseline that knows the count', () => {
    expect(evenSplit(0, 100, 3)).toEqual([25, 50, 75]);
    expect(evenSplit(10, 40, 0)).toEqual([]);
  });
});

describe('ROUGE F1 on known pairs', () => {
  const reference = 'the cat is on the mat';
  const candidate = 'the cat sat on the mat';

  it('ROUGE-1 counts shared words with their multiplicity', () => {
    expect(rougeScores(candidate, reference).rouge1).toBeCloseTo(5 / 6);
  });

  it('ROUGE-2 counts shared word pairs', () => {
    // Pairs: the cat, on the, the mat are shared out of five on each side.
    expect(rougeScores(candidate, reference).rouge2).toBeCloseTo(3 / 5);
  });

  it('ROUGE-L takes the longest common subsequence', () => {
    expect(rougeScores(candidate, reference).rougeL).toBeCloseTo(5 / 6);
    // Reordered, only "the … on … the" stays in sequence: P = 3/5, R = 3/6.
    expect(rougeScores('mat the on cat the', reference).rougeL).toBeCloseTo(6 / 11);
  });

  it('ignores case and punctuation and matches stems', () => {
    expect(rougeScores('The designs, DESIGNED!', 'the design designs').rouge1).toBeCloseTo(1);
  });

  it('is zero for nothing shared or nothing said, and averages over references', () => {
    expect(rougeScores('alpha beta', 'gamma delta')).toEqual({ rouge1: 0, rouge2: 0, rougeL: 0 });
    expect(rougeScores('', 'gamma delta').rouge1).toBe(0);
    expect(rougeAgainst(candidate, [reference, 'gamma delta']).rouge1).toBeCloseTo(5 / 12);
  });
});

describe('standing alone', () => {
  it.each([
    'Namely, you find a woman punching the bag.',
    'See, while the woman waits, the bus leaves.',
    'Again, the fact that it rains matters.',
    "You can, if you want, observe and imitate them; I'm just saying.",
    'And the remote should be yellow.',
    'Because the battery is cheap.',
    'Which is what the marketing report says.',
    'So, the budget is twelve euros.',
    'Instead, we take a single curve.',
  ])('"%s" dangles', (sentence) => expect(opensDangling(sentence)).toBe(true));

  it.each([
    'See the chart for the yearly sales.',
    'This design costs less than the other one.',
    'Sony makes the most popular remote controls.',
    'Sometimes the battery runs out.',
    'If you want a cheaper remote, drop the LCD.',
    'Instead of double stage filtering, it is spectral subtraction.',
  ])('"%s" stands alone', (sentence) => expect(opensDangling(sentence)).toBe(false));

  it('tells chatter from content', () => {
    expect(isChatter('Thanks for watching, see you next week.')).toBe(true);
    expect(isChatter('Hello everyone, welcome to the kick-off meeting.')).toBe(true);
    expect(isChatter('Let me just open the slides.')).toBe(true);
    expect(isChatter('This episode is sponsored by a VPN.')).toBe(true);
    expect(isChatter('The remote needs a big scroll wheel.')).toBe(false);
  });

  it('reads the sentences of a printed summary', () => {
    expect(summarySentences('## Overview\n\nFirst one here. Second one, "quoted." Third?\n\n## Key points\n\n- A point.\n- Another 2.5 point.')).toEqual([
      'First one here.',
      'Second one, "quoted."',
      'Third?',
      'A point.',
      'Another 2.5 point.',
    ]);
  });
});

describe('the baselines', () => {
  const cooking = Array.from({ length: 30 }, (_, i) => `The oven bakes bread dough with flour yeast and salt at step ${i}.`);
  const football = Array.from({ length: 30 }, (_, i) => `The striker scores goals past the keeper in the stadium match ${i}.`);

  it('TextTiling finds the change of topic', () => {
    const boundaries = textTiling([...cooking, ...football]);
    expect(boundaries.some((b) => Math.abs(b - 30) <= 2)).toBe(true);
    expect(boundaries.length).toBeLessThanOrEqual(4);
  });

  it('TextRank ranks the sentence that shares most with the others first', () => {
    const sentences = ['Remote controls need buttons and batteries.', 'The buttons of remote controls wear out.', 'Batteries in remote controls run flat.', 'Lunch was late.'];
    expect(textRankOrder(sentences)[0]).toBe(0);
    expect(textRankOrder(sentences).at(-1)).toBe(3);
    expect(textRankSummary(sentences, 6).split(' ')).toHaveLength(6);
  });

  it('lead-N takes the opening words up to the budget', () => {
    expect(leadSummary(['One two three.', 'Four five six.'], 4)).toBe('One two three. Four');
  });
});

/**
 * The offline engine on a few meetings and recordings of the evaluation sets, against floors
 * set a little under what it measures (the full figures: bench/offline-engine.ts and
 * docs/evaluation.md). A change that makes boundaries, summaries or their readability worse
 * shows here first.
 */
import { danglingShare, evaluateQmsum, evaluateTreeseg, f1, type QmsumFigures, type TreesegFigures } from './evaluate';
import { loadQmsum, loadTreeseg } from './sets';

/** Training meetings only: three AMI design meetings of different phases and one ICSI meeting. */
const MEETINGS = ['ES2002a', 'ES2010c', 'IS1001b', 'TS3012a', 'Bed017'];

let meetings: QmsumFigures;
let recordings: TreesegFigures;

beforeAll(() => {
  meetings = evaluateQmsum(loadQmsum('train').filter((m) => MEETINGS.includes(m.meeting_id)));
  recordings = evaluateTreeseg(loadTreeseg('dev').slice(0, 3));
});

describe('the offline engine on training meetings', () => {
  it('reads the meetings it is meant to', () => {
    expect(meetings.meetings).toBe(MEETINGS.length);
    expect(recordings.recordings).toBe(3);
  });

  it('finds topic boundaries better than an even split that knows their number', () => {
    expect(f1(meetings.boundaries.engine)).toBeGreaterThanOrEqual(0.3);
    expect(f1(meetings.boundaries.engine)).toBeGreaterThan(f1(meetings.boundaries.even));
    const coarse = recordings.boundaries.coarse[30];
    expect(f1(coarse!.engine)).toBeGreaterThanOrEqual(0.5);
    expect(f1(coarse!.engine)).toBeGreaterThan(f1(coarse!.even));
  });

  it('summarises as well as measured, and better than TextRank of the same length', () => {
    expect(meetings.tldr.engine.rouge1).toBeGreaterThanOrEqual(0.21);
    expect(meetings.tldr.engine.rougeL).toBeGreaterThanOrEqual(0.18);
    expect(meetings.detailed.engine.rouge1).toBeGreaterThanOrEqual(0.2);
    expect(meetings.tldr.engine.rouge1).toBeGreaterThan(meetings.tldr.textRank.rouge1);
    expect(meetings.detailed.engine.rouge1).toBeGreaterThan(meetings.detailed.textRank.rouge1);
  });

  it('keeps sentences that stand alone and no chatter in the tl;dr', () => {
    expect(danglingShare(meetings.standalone)).toBeLessThan(0.02);
    expect(meetings.standalone.tldrChatter + recordings.standalone.tldrChatter).toBe(0);
  });
});

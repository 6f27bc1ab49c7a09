import type { FakeVideo } from './model';
import { seededRandom } from './seeded-random';
import { talkVideo, type CaptionKinds } from './talk-video';
import { TOPICS } from './topics';

/**
 * Videos synthesised on demand from their id: any 11-character id starting with "gen" is a
 * 5 to 15 minute talk whose topic, wording, caption kind and chapters follow from the id, so
 * benchmarks can submit hundreds of distinct videos and get the same one back each time.
 */

export const GENERATED_ID_PREFIX = 'gen';
const GENERATED_ID = /^gen[A-Za-z0-9_-]{8}$/;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function isGeneratedVideoId(videoId: string): boolean {
  return GENERATED_ID.test(videoId);
}

/** The n-th generated id: generatedVideoId(0) is "genAAAAAAAA". */
export function generatedVideoId(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('generated video index must be a non-negative integer');
  let rest = n;
  let suffix = '';
  for (let i = 0; i < 8; i++) {
    suffix = ID_ALPHABET[rest % 64]! + suffix;
    rest = Math.floor(rest / 64);
  }
  return GENERATED_ID_PREFIX + suffix;
}

export function synthesiseVideo(videoId: string): FakeVideo {
  const random = seededRandom(`generated:${videoId}`);
  const main = random.pick(TOPICS);
  const others = random.shuffle(TOPICS.filter((t) => t !== main));
  const roll = random.next();
  const captions: CaptionKinds = roll < 0.55 ? 'auto' : roll < 0.85 ? 'both' : 'manual';
  return talkVideo({
    videoId,
    seed: videoId,
    topics: [main, ...others.slice(0, 2)],
    targetSeconds: random.int(280, 760),
    captions,
    chaptersInDescription: random.chance(0.5),
  });
}

import { createHash } from 'node:crypto';
import { automaticCaptions, creatorCaptions, type TimedCaptions } from './caption-cues';
import type { FakeTrack, FakeVideo } from './model';
import { seededRandom, type Random } from './seeded-random';
import { WORDS_PER_SECOND, composeTalk, type Talk } from './spoken-english';
import type { Topic } from './topics';

/**
 * A talking-head video built from a composed talk: its caption tracks, a description (with a
 * chapter list when asked) and plausible channel details, all derived from one seed.
 */

export type CaptionKinds = 'auto' | 'manual' | 'both';

export interface TalkVideoOptions {
  videoId: string;
  seed: string;
  topics: readonly Topic[];
  targetSeconds: number;
  captions: CaptionKinds;
  chaptersInDescription: boolean;
  title?: string;
  author?: string;
  /** Sentences spoken right after the greeting (handy for putting awkward characters in). */
  extraIntroSentences?: string[];
  extraTracks?: FakeTrack[];
  publishDate?: string;
}

export function talkVideo(options: TalkVideoOptions): FakeVideo {
  const random = seededRandom(options.seed);
  const main = options.topics[0]!;
  const talk = composeTalk(random, options.topics, Math.round(options.targetSeconds * WORDS_PER_SECOND));
  if (options.extraIntroSentences) talk.sections[0]!.sentences.splice(1, 0, ...options.extraIntroSentences);

  const creator = options.captions === 'auto' ? null : creatorCaptions(talk, random);
  const automatic = options.captions === 'manual' ? null : automaticCaptions(talk, random);
  const timeline = (creator ?? automatic)!;

  const tracks: FakeTrack[] = [];
  if (creator) tracks.push({ languageCode: 'en', name: 'English', isTranslatable: true, cues: creator.cues });
  if (automatic) {
    tracks.push({ languageCode: 'en', name: 'English (auto-generated)', kind: 'asr', isTranslatable: true, cues: automatic.cues });
  }
  tracks.push(...(options.extraTracks ?? []));

  const endMs = Math.max(creator?.endMs ?? 0, automatic?.endMs ?? 0);
  const author = options.author ?? random.pick(main.channels);
  return {
    videoId: options.videoId,
    title: options.title ?? random.pick(main.titles),
    author,
    channelId: channelIdFor(author),
    lengthSeconds: Math.ceil(endMs / 1000) + 2,
    description: describe(random, talk, timeline, options.chaptersInDescription),
    publishDate: options.publishDate ?? randomPublishDate(random),
    category: main.category,
    viewCount: random.int(800, 2_500_000),
    keywords: main.terms.slice(0, 5).map((t) => t.replace(/^the /, '')),
    tracks,
    defaultCaptionTrackIndex: 0,
  };
}

function describe(random: Random, talk: Talk, timeline: TimedCaptions, withChapters: boolean): string {
  const lines = [
    `In this video: ${talk.topic.subject}, explained step by step.`,
    'Everything here comes from my own experience, so adapt it to your situation.',
    '',
  ];
  if (withChapters) {
    lines.push('Chapters:');
    talk.sections.forEach((section, i) => {
      const at = i === 0 ? 0 : Math.floor(timeline.sectionStartsMs[i]! / 1000);
      lines.push(chapterLine(random, at, section.heading));
    });
    lines.push('');
  }
  lines.push('Subscribe for a new video every week.', '#' + talk.topic.key);
  return lines.join('\n');
}

/** The layouts creators actually use for chapter lines. */
function chapterLine(random: Random, seconds: number, title: string): string {
  const stamp = timestamp(seconds);
  switch (random.int(0, 3)) {
    case 0:
      return `${stamp} - ${title}`;
    case 1:
      return `(${stamp}) ${title}`;
    default:
      return `${stamp} ${title}`;
  }
}

export function timestamp(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export function channelIdFor(author: string): string {
  return 'UC' + createHash('sha1').update(author).digest('base64url').slice(0, 22);
}

function randomPublishDate(random: Random): string {
  const year = random.int(2019, 2025);
  const month = String(random.int(1, 12)).padStart(2, '0');
  const day = String(random.int(1, 28)).padStart(2, '0');
  const hour = String(random.int(0, 23)).padStart(2, '0');
  const minute = String(random.int(0, 59)).padStart(2, '0');
  const offset = random.pick(['-07:00', '-08:00', '+00:00', '+01:00']);
  return `${year}-${month}-${day}T${hour}:${minute}:00${offset}`;
}

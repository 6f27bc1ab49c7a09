import { asRecognised } from './caption-cues';
import { isGeneratedVideoId, synthesiseVideo } from './generated-videos';
import type { FakeCue, FakeTrack, FakeVideo } from './model';
import { seededRandom } from './seeded-random';
import { WORDS_PER_SECOND, composeTalk } from './spoken-english';
import { channelIdFor, talkVideo } from './talk-video';
import { TOPICS, type Topic } from './topics';

/**
 * The fake's built-in videos, one per situation the service must handle. Ids are real-looking
 * 11-character YouTube ids; import them rather than repeating the strings.
 *
 * Comments (./comments): every video the web client may play has a comment section, except live
 * streams. Its size and thread shape follow from the id unless the video says otherwise (see
 * FakeVideo.comments); the ones tests lean on are fixed below.
 */

/**
 * English, creator and automatic captions, a Spanish creator track, chapters in the description.
 * 120 comments in the current shape (commentViewModel + entity mutations), 20 a page.
 */
export const VIDEO_MANUAL_AND_AUTO = 'EnManAuto01';
/**
 * English, automatic captions only (lower-case, unpunctuated), about seven minutes. 45 comments
 * in the older shape (commentRenderer inline), 20 a page.
 */
export const VIDEO_AUTO_ONLY = 'EnAutoOnly1';
/** German creator and automatic captions, translatable: asking for "en" gets YouTube's translation. */
export const VIDEO_GERMAN_TRANSLATABLE = 'DeTranslate';
/** Plays, but has no captions at all. */
export const VIDEO_NO_CAPTIONS = 'NoCaptions1';
/** playabilityStatus ERROR "Video unavailable" for every client. */
export const VIDEO_UNAVAILABLE = 'Unavailable';
/** LOGIN_REQUIRED "This video is private". */
export const VIDEO_PRIVATE = 'PrivateVid1';
/** LOGIN_REQUIRED "Sign in to confirm you’re not a bot" for every client. */
export const VIDEO_BOT_CHECKED = 'BotChecked1';
/** The watch page's tracks need a PO token (exp=xpe, empty answers); the ANDROID client's work. */
export const VIDEO_ANDROID_FALLBACK = 'AndroidOnly';
/** Four hours of dense creator captions, well over 1 MB of text. */
export const VIDEO_LONG = 'LongLecture';
/**
 * Creator captions just under the largest transcript the service keeps (10485760 bytes of text,
 * as max_transcript_length counts it: docs/api-behaviour.md#transcript-length), so the whole of it
 * is kept: the heaviest job the service takes.
 */
export const VIDEO_TEN_MEGABYTES = 'TenMegabyte';
/** Bytes of transcript text VIDEO_TEN_MEGABYTES carries: under the maximum by less than one cue. */
export const TEN_MEGABYTES_TRANSCRIPT_BYTES_MIN = 10 * 1024 * 1024 - 1024;
/** Age-gated for every client ("Sign in to confirm your age"). */
export const VIDEO_AGE_RESTRICTED = 'AgeRestrict';
/**
 * Age-gated the other way YouTube words it, for every client: LOGIN_REQUIRED "This video may be
 * inappropriate for some users." with a "Sign in" confirm dialog as the error screen.
 */
export const VIDEO_AGE_SIGN_IN_DIALOG = 'AgeInapprop';
/** UNPLAYABLE, members-only. */
export const VIDEO_MEMBERS_ONLY = 'MembersOnly';
/** The watch page answers with the EU cookie-consent interstitial until consent is given. */
export const VIDEO_CONSENT_WALL = 'ConsentWall';
/** Bot check on the web client only; the app clients play it. */
export const VIDEO_BOT_CHECKED_ON_WEB = 'WebBotCheck';
/** A stream that is live right now (no duration, no captions yet, no comment section). */
export const VIDEO_LIVE_NOW = 'LiveNowShow';
/** Plays, with captions; its comment section says "Comments are turned off." */
export const VIDEO_COMMENTS_OFF = 'CommentsOff';
/** Plays, with captions and a comment section; POST /youtubei/v1/next for it answers 403. */
export const VIDEO_COMMENTS_REFUSED = 'CommentsRef';
/**
 * Everything its uploader writes holds what Postgres or Unicode refuses: NUL, other control
 * characters and unpaired surrogates in the title, channel name, description, chapter names and
 * creator captions; its comments include the messy one (FAKE_MESSY_COMMENT_INDEX).
 */
export const VIDEO_HOSTILE_TEXT = 'HostileText';

/**
 * No captions, but real audio (./audio): a minute of speech by espeak-ng, offered as audio-only
 * streams with plain URLs, served with range requests. Speech-to-text's subject.
 */
export const VIDEO_SPOKEN_NO_CAPTIONS = 'SpokenNoCap';
/** What VIDEO_SPOKEN_NO_CAPTIONS says (at 125 words a minute, about 56 s, then silence to 60 s). */
export const SPOKEN_NO_CAPTIONS_TEXT =
  'Welcome to the workshop. Today we build a small wooden shelf for the kitchen. First, measure the wall and mark where the brackets will go. ' +
  'Use a level, because a crooked shelf looks wrong from across the room. Next, cut the board to length with a fine saw, and sand the edges until they feel smooth. ' +
  'Drill two pilot holes for each bracket, so the wood does not split. Fix the brackets to the wall with screws that reach the studs behind the plaster. ' +
  'Then set the board on the brackets and fasten it from below. Finish the wood with a thin coat of oil, and let it dry overnight. ' +
  'Tomorrow the shelf can carry jars, books or plants. Thank you for watching, and see you next time.';
/** VIDEO_SPOKEN_NO_CAPTIONS with an English creator track: for transcript_source speech_to_text and captions. */
export const VIDEO_SPOKEN_WITH_CAPTIONS = 'SpokenCapts';
/**
 * No captions; a minute of sine tones at known places (SPOKEN_TONES), one of them astride the
 * 20-second mark, so chunked transcription can be checked to the second.
 */
export const VIDEO_TONES_NO_CAPTIONS = 'TonesNoCapt';
/** [start, duration, hertz] of the tones of VIDEO_TONES_NO_CAPTIONS. */
export const TONES_NO_CAPTIONS: Array<[number, number, number]> = [
  [2, 1.5, 440],
  [12, 1.5, 550],
  [18.5, 1.5, 660],
  [27, 1.5, 770],
  [38, 1.5, 880],
  [51, 1.5, 990],
];
/** No captions, and its audio only with a signatureCipher for every client: SOURCE_BLOCKED. */
export const VIDEO_AUDIO_SIGNATURE_ONLY = 'CipherAudio';

export { GENERATED_ID_PREFIX, generatedVideoId, isGeneratedVideoId } from './generated-videos';

export const SCENARIO_VIDEO_IDS = {
  manualAndAuto: VIDEO_MANUAL_AND_AUTO,
  autoOnly: VIDEO_AUTO_ONLY,
  germanTranslatable: VIDEO_GERMAN_TRANSLATABLE,
  noCaptions: VIDEO_NO_CAPTIONS,
  unavailable: VIDEO_UNAVAILABLE,
  private: VIDEO_PRIVATE,
  botChecked: VIDEO_BOT_CHECKED,
  androidFallback: VIDEO_ANDROID_FALLBACK,
  long: VIDEO_LONG,
  tenMegabytes: VIDEO_TEN_MEGABYTES,
  ageRestricted: VIDEO_AGE_RESTRICTED,
  ageSignInDialog: VIDEO_AGE_SIGN_IN_DIALOG,
  membersOnly: VIDEO_MEMBERS_ONLY,
  consentWall: VIDEO_CONSENT_WALL,
  botCheckedOnWeb: VIDEO_BOT_CHECKED_ON_WEB,
  liveNow: VIDEO_LIVE_NOW,
  commentsOff: VIDEO_COMMENTS_OFF,
  commentsRefused: VIDEO_COMMENTS_REFUSED,
  hostileText: VIDEO_HOSTILE_TEXT,
  spokenNoCaptions: VIDEO_SPOKEN_NO_CAPTIONS,
  spokenWithCaptions: VIDEO_SPOKEN_WITH_CAPTIONS,
  tonesNoCaptions: VIDEO_TONES_NO_CAPTIONS,
  audioSignatureOnly: VIDEO_AUDIO_SIGNATURE_ONLY,
} as const;

/** The playability YouTube gives an address it suspects of automation. */
export const BOT_CHECK = {
  status: 'LOGIN_REQUIRED',
  reason: 'Sign in to confirm you\u2019re not a bot',
  subreason: 'This helps protect our community. ',
} as const;

function topic(key: string): Topic {
  const found = TOPICS.find((t) => t.key === key);
  if (!found) throw new Error(`no topic ${key}`);
  return found;
}

const BUILDERS: Record<string, () => FakeVideo> = {
  [VIDEO_MANUAL_AND_AUTO]: () => ({
    ...talkVideo({
      videoId: VIDEO_MANUAL_AND_AUTO,
      seed: VIDEO_MANUAL_AND_AUTO,
      topics: [topic('sourdough')],
      targetSeconds: 240,
      captions: 'both',
      chaptersInDescription: true,
      title: 'Sourdough for Beginners: The Whole Process',
      author: 'Crumb & Crust',
      publishDate: '2024-03-05T08:00:00-08:00',
      extraIntroSentences: ['Flour & water, that\'s all a "starter" really is.'],
      extraTracks: [spanishTrack()],
    }),
    comments: { count: 120, shape: 'view-model' },
  }),

  [VIDEO_AUTO_ONLY]: () => ({
    ...talkVideo({
      videoId: VIDEO_AUTO_ONLY,
      seed: VIDEO_AUTO_ONLY,
      topics: [topic('marathon'), topic('budgeting')],
      targetSeconds: 420,
      captions: 'auto',
      chaptersInDescription: false,
      title: 'Sixteen Weeks to Your First Marathon',
      author: 'Long Run Club',
      publishDate: '2023-11-18',
    }),
    comments: { count: 45, shape: 'renderer' },
  }),

  [VIDEO_GERMAN_TRANSLATABLE]: () => germanVideo(),

  [VIDEO_NO_CAPTIONS]: () => ({
    ...plainVideo(VIDEO_NO_CAPTIONS, 'Rainy Window Ambience (No Talking)', 'Quiet Corners', 600),
    description: 'Ten minutes of rain on a window. No talking, no music.',
  }),

  [VIDEO_UNAVAILABLE]: () => ({
    ...plainVideo(VIDEO_UNAVAILABLE, 'Removed video', 'Gone Channel', 120),
    playability: { status: 'ERROR', reason: 'Video unavailable', subreason: 'This video has been removed by the uploader' },
  }),

  [VIDEO_PRIVATE]: () => ({
    ...plainVideo(VIDEO_PRIVATE, 'Private upload', 'Someone Private', 200),
    playability: { status: 'LOGIN_REQUIRED', reason: 'This video is private' },
  }),

  [VIDEO_BOT_CHECKED]: () => ({ ...talkBasedVideo(VIDEO_BOT_CHECKED, 'solar'), playability: BOT_CHECK }),

  [VIDEO_ANDROID_FALLBACK]: () => ({
    ...talkVideo({
      videoId: VIDEO_ANDROID_FALLBACK,
      seed: VIDEO_ANDROID_FALLBACK,
      topics: [topic('solar')],
      targetSeconds: 300,
      captions: 'manual',
      chaptersInDescription: false,
      title: 'Are Home Solar Panels Worth It? One Year of Data',
      author: 'Practical Energy',
      publishDate: '2025-06-01T15:30:00+00:00',
    }),
    clients: { WEB: { captions: 'po-token' } },
  }),

  [VIDEO_LONG]: () => longLecture(),

  [VIDEO_TEN_MEGABYTES]: () => tenMegabyteArchive(),

  [VIDEO_AGE_RESTRICTED]: () => ({
    ...talkBasedVideo(VIDEO_AGE_RESTRICTED, 'budgeting'),
    playability: {
      status: 'LOGIN_REQUIRED',
      reason: 'Sign in to confirm your age',
      subreason: 'This video may be inappropriate for some users.',
      ageGate: true,
    },
  }),

  [VIDEO_AGE_SIGN_IN_DIALOG]: () => ({
    ...talkBasedVideo(VIDEO_AGE_SIGN_IN_DIALOG, 'marathon'),
    playability: {
      status: 'LOGIN_REQUIRED',
      reason: 'This video may be inappropriate for some users.',
      errorScreen: 'sign-in-dialog',
    },
  }),

  [VIDEO_MEMBERS_ONLY]: () => ({
    ...talkBasedVideo(VIDEO_MEMBERS_ONLY, 'language'),
    playability: {
      status: 'UNPLAYABLE',
      reason: 'Join this channel to get access to members-only content like this video, and other exclusive perks.',
    },
  }),

  [VIDEO_CONSENT_WALL]: () => ({ ...talkBasedVideo(VIDEO_CONSENT_WALL, 'houseplants'), consentRequired: true }),

  [VIDEO_BOT_CHECKED_ON_WEB]: () => ({
    ...talkBasedVideo(VIDEO_BOT_CHECKED_ON_WEB, 'houseplants'),
    clients: { WEB: { playability: BOT_CHECK } },
  }),

  [VIDEO_LIVE_NOW]: () => ({
    ...plainVideo(VIDEO_LIVE_NOW, 'Live: Building a Raised Garden Bed', 'Green Corner', 0),
    description: 'Live from the garden. Questions in chat!',
    publishDate: '2026-01-31T09:00:00+00:00',
    isLive: true,
    isLiveContent: true,
  }),

  [VIDEO_COMMENTS_OFF]: () => ({ ...talkBasedVideo(VIDEO_COMMENTS_OFF, 'houseplants'), comments: { state: 'off' } }),

  [VIDEO_COMMENTS_REFUSED]: () => ({ ...talkBasedVideo(VIDEO_COMMENTS_REFUSED, 'solar'), comments: { state: 'refused' } }),

  [VIDEO_HOSTILE_TEXT]: () => hostileTextVideo(),

  [VIDEO_SPOKEN_NO_CAPTIONS]: () => ({
    ...plainVideo(VIDEO_SPOKEN_NO_CAPTIONS, 'A Kitchen Shelf in One Afternoon', 'Small Workshop', 60),
    description: 'Measuring, cutting, fixing and finishing a simple wooden shelf. No captions yet.',
    audio: { content: { kind: 'speech', text: SPOKEN_NO_CAPTIONS_TEXT, seconds: 60, wordsPerMinute: 125 } },
  }),

  [VIDEO_SPOKEN_WITH_CAPTIONS]: () => ({
    ...plainVideo(VIDEO_SPOKEN_WITH_CAPTIONS, 'A Kitchen Shelf in One Afternoon (captioned)', 'Small Workshop', 60),
    audio: { content: { kind: 'speech', text: SPOKEN_NO_CAPTIONS_TEXT, seconds: 60, wordsPerMinute: 125 } },
    tracks: [{ languageCode: 'en', name: 'English', isTranslatable: true, cues: spaced(['Welcome to the workshop.', 'Today we build a small wooden shelf for the kitchen.'], 0, 4000) }],
  }),

  [VIDEO_TONES_NO_CAPTIONS]: () => ({
    ...plainVideo(VIDEO_TONES_NO_CAPTIONS, 'Test Tones', 'Signal Lab', 60),
    audio: { content: { kind: 'tones', seconds: 60, tones: TONES_NO_CAPTIONS } },
  }),

  [VIDEO_AUDIO_SIGNATURE_ONLY]: () => ({
    ...plainVideo(VIDEO_AUDIO_SIGNATURE_ONLY, 'Behind a Signature', 'Locked Channel', 60),
    audio: { content: { kind: 'speech', text: SPOKEN_NO_CAPTIONS_TEXT, seconds: 60, wordsPerMinute: 125 }, delivery: 'signature' },
  }),
};

const built = new Map<string, FakeVideo>();

/** A built-in scenario video, or undefined. Built on first use (the long one is large). */
export function builtInVideo(videoId: string): FakeVideo | undefined {
  const cached = built.get(videoId);
  if (cached) return cached;
  const build = BUILDERS[videoId];
  if (!build) return undefined;
  const video = build();
  built.set(videoId, video);
  return video;
}

/** Built-in or generated; undefined for ids YouTube would not know. */
export function catalogVideo(videoId: string): FakeVideo | undefined {
  return builtInVideo(videoId) ?? (isGeneratedVideoId(videoId) ? synthesiseVideo(videoId) : undefined);
}

function talkBasedVideo(videoId: string, topicKey: string): FakeVideo {
  return talkVideo({
    videoId,
    seed: videoId,
    topics: [topic(topicKey)],
    targetSeconds: 180,
    captions: 'both',
    chaptersInDescription: false,
  });
}

function plainVideo(videoId: string, title: string, author: string, lengthSeconds: number): FakeVideo {
  return {
    videoId,
    title,
    author,
    channelId: channelIdFor(author),
    lengthSeconds,
    description: '',
    publishDate: '2022-05-14T10:00:00-07:00',
    tracks: [],
  };
}

// ---------------------------------------------------------------- hostile text

function hostileTextVideo(): FakeVideo {
  const video = talkVideo({
    videoId: VIDEO_HOSTILE_TEXT,
    seed: VIDEO_HOSTILE_TEXT,
    topics: [topic('houseplants')],
    targetSeconds: 180,
    captions: 'manual',
    chaptersInDescription: true,
    title: 'Null\u0000 and \uD83D half \uDC00 a pair: a bell\u0007 title',
    author: 'Control\u001B Room \uDBFF',
    publishDate: '2025-04-01T12:00:00+00:00',
    extraIntroSentences: ['A NUL\u0000 here, half \uD83D an emoji there, and a bell\u0007 to end.'],
  });
  const chapterLine = /^\(?\d+:\d\d/;
  const description = video.description
    .split('\n')
    .map((line) => (chapterLine.test(line) ? `${line}\u0000 \uDFFF` : line))
    .join('\r\n');
  return { ...video, description: `Hostile\u0000 text \uD800 everywhere.\r\n${description}`, comments: { count: 30, shape: 'view-model' } };
}

// ---------------------------------------------------------------- Spanish track of the sourdough video

function spanishTrack(): FakeTrack {
  const lines = [
    'Hola a todos, bienvenidos de nuevo al canal.',
    'Hoy hablamos del pan de masa madre en casa.',
    'Harina y agua, eso es todo lo que es\nuna "masa madre" en realidad.',
    'La masa madre es solo harina y agua\ncon levaduras silvestres.',
    'Yo la alimento una vez al día.',
    'Cuando duplica su tamaño en unas horas,\nestá lista para hornear.',
    'La hidratación es el peso del agua\ndividido por el peso de la harina.',
    'La fermentación en bloque es donde\nse desarrolla el sabor.',
    'Horneo el pan en una olla de hierro precalentada.',
    'Gracias por ver el video, nos vemos en el próximo.',
  ];
  return { languageCode: 'es-419', name: 'Spanish (Latin America)', isTranslatable: true, cues: spaced(lines, 1200, 4200) };
}

// ---------------------------------------------------------------- German video

const GERMAN_SENTENCES = [
  'Hallo und willkommen zu diesem Video über Bienen.',
  'Heute sprechen wir über das Leben im Bienenstock.',
  'Ein Bienenvolk hat im Sommer\nbis zu fünfzigtausend Bienen.',
  'Die Königin legt jeden Tag\nbis zu zweitausend Eier.',
  'Die Arbeiterinnen sammeln Nektar und Pollen\nvon vielen Blumen.',
  'Jede Biene fliegt bis zu drei Kilometer weit.',
  'Mit einem Tanz zeigen sie den anderen,\nwo es Futter gibt.',
  'Aus dem Nektar machen die Bienen im Stock Honig.',
  'Eine Arbeiterin lebt im Sommer nur wenige Wochen.',
  'Im Winter bleiben die Bienen zusammen\nund halten die Königin warm.',
  'Ohne Bienen hätten wir viel weniger Obst und Gemüse.',
  'Sie können den Bienen helfen,\nwenn Sie Blumen im Garten pflanzen.',
  'Danke fürs Zuschauen und bis zum nächsten Mal.',
];

function germanVideo(): FakeVideo {
  const creator = spaced(GERMAN_SENTENCES, 800, 4300);
  const recognised: FakeCue[] = [
    { startMs: 0, durationMs: 700, text: '[Musik]' },
    ...creator.map((cue) => ({ ...cue, text: asRecognised(cue.text.replace(/\n/g, ' ')) })),
  ];
  const last = creator[creator.length - 1]!;
  const author = 'Imkerei am Waldrand';
  return {
    videoId: VIDEO_GERMAN_TRANSLATABLE,
    title: 'Wie Bienen leben – ein Blick in den Bienenstock',
    author,
    channelId: channelIdFor(author),
    lengthSeconds: Math.ceil((last.startMs + last.durationMs) / 1000) + 3,
    description: 'Ein kurzer Blick in das Leben der Honigbienen.\n\n0:00 Einleitung\n0:17 Das Bienenvolk\n0:34 Honig und Winter',
    publishDate: '2021-07-09T12:00:00+02:00',
    category: 'Pets & Animals',
    tracks: [
      { languageCode: 'de', name: 'German', isTranslatable: true, cues: creator },
      { languageCode: 'de', name: 'German (auto-generated)', kind: 'asr', isTranslatable: true, cues: recognised },
    ],
    defaultCaptionTrackIndex: 0,
  };
}

// ---------------------------------------------------------------- the long lecture

const LONG_LECTURE_SECONDS = 4 * 3600 + 5 * 60;

/**
 * A marathon lecture series: one sentence per second for four hours. Denser than anyone
 * speaks, on purpose: the point is a transcript well past 1 MB.
 */
function longLecture(): FakeVideo {
  const random = seededRandom(VIDEO_LONG);
  const talk = composeTalk(random, TOPICS, Math.round(LONG_LECTURE_SECONDS * WORDS_PER_SECOND * 6));
  const sentences = talk.sections.flatMap((section) => section.sentences);
  const cues: FakeCue[] = [];
  for (let i = 0; i < LONG_LECTURE_SECONDS - 5; i++) {
    cues.push({ startMs: 2000 + i * 1000, durationMs: 980, text: sentences[i % sentences.length]! });
  }
  const author = 'Open Lecture Hall';
  return {
    videoId: VIDEO_LONG,
    title: 'Everyday Skills: The Complete Lecture Series (4 Hours)',
    author,
    channelId: channelIdFor(author),
    lengthSeconds: LONG_LECTURE_SECONDS,
    description: 'All six lectures back to back: baking, solar power, running, plants, money and languages.',
    publishDate: '2024-09-21T18:00:00+01:00',
    category: 'Education',
    tracks: [{ languageCode: 'en', name: 'English', isTranslatable: true, cues }],
  };
}

// ---------------------------------------------------------------- the 10 MB transcript

const TEN_MEGABYTES = 10 * 1024 * 1024;

/**
 * A day-and-a-half livestream archive, one sentence a second, filled until the next sentence
 * would pass TEN_MEGABYTES of text. Bytes are counted the way the service counts them (segment
 * texts with whitespace folded, joined by one space), so max_transcript_length cuts nothing.
 */
function tenMegabyteArchive(): FakeVideo {
  const random = seededRandom(VIDEO_TEN_MEGABYTES);
  const talk = composeTalk(random, TOPICS, 60_000);
  const sentences = talk.sections.flatMap((section) => section.sentences).map((s) => s.replace(/\s+/g, ' ').trim());
  const cues: FakeCue[] = [];
  let bytes = 0;
  for (let i = 0; ; i++) {
    const text = sentences[i % sentences.length]!;
    const next = bytes + (i > 0 ? 1 : 0) + Buffer.byteLength(text, 'utf8');
    if (next > TEN_MEGABYTES) break;
    bytes = next;
    cues.push({ startMs: 1000 + i * 1000, durationMs: 980, text });
  }
  const last = cues[cues.length - 1]!;
  const author = 'Always On Workshop';
  return {
    videoId: VIDEO_TEN_MEGABYTES,
    title: 'Everyday Skills Marathon Stream: The Full Archive',
    author,
    channelId: channelIdFor(author),
    lengthSeconds: Math.ceil((last.startMs + last.durationMs) / 1000) + 5,
    description: 'The whole marathon stream, unedited: baking, solar power, running, plants, money and languages.',
    publishDate: '2025-02-14T09:00:00+00:00',
    category: 'Education',
    tracks: [{ languageCode: 'en', name: 'English', isTranslatable: true, cues }],
  };
}

function spaced(lines: readonly string[], firstMs: number, everyMs: number): FakeCue[] {
  return lines.map((text, i) => ({ startMs: firstMs + i * everyMs, durationMs: everyMs - 300, text }));
}

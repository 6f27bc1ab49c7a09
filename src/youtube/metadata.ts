import type { Thumbnail, VideoMetadata } from '../domain/video';
import { originalTrack, readCaptionTracks } from './caption-tracks';
import { parseDescriptionChapters } from './chapters';
import { arrayAt, at, booleanAt, integerAt, stringAt, textAt } from './player-response';

/**
 * VideoMetadata from a playable player response. videoDetails is present for every client;
 * microformat.playerMicroformatRenderer (dates, owner name) only in the web client's, so each
 * field reads whichever of the two has it.
 */
export function mapPlayerResponseToMetadata(videoId: string, playerResponse: unknown): VideoMetadata {
  const details = at(playerResponse, 'videoDetails');
  const microformat = at(playerResponse, 'microformat', 'playerMicroformatRenderer');

  const isLive =
    booleanAt(details, 'isLive') === true || booleanAt(microformat, 'liveBroadcastDetails', 'isLiveNow') === true;
  const length = integerAt(details, 'lengthSeconds') ?? integerAt(microformat, 'lengthSeconds');
  // A stream in progress reports length 0; that is "unknown", not "empty".
  const durationSeconds = length === undefined || (length === 0 && isLive) ? null : length;
  const description = stringAt(details, 'shortDescription') ?? textAt(microformat, 'description') ?? '';
  const thumbnails = collectThumbnails([
    ...arrayAt(details, 'thumbnail', 'thumbnails'),
    ...arrayAt(microformat, 'thumbnail', 'thumbnails'),
  ]);

  return {
    videoId,
    title: stringAt(details, 'title') ?? textAt(microformat, 'title') ?? '',
    channel: stringAt(details, 'author') ?? stringAt(microformat, 'ownerChannelName') ?? '',
    channelId: stringAt(details, 'channelId') ?? stringAt(microformat, 'externalChannelId') ?? null,
    durationSeconds,
    publishedAt: toIsoUtc(
      stringAt(microformat, 'publishDate') ??
        stringAt(microformat, 'uploadDate') ??
        stringAt(microformat, 'liveBroadcastDetails', 'startTimestamp'),
    ),
    description,
    thumbnails,
    thumbnailUrl: thumbnails[thumbnails.length - 1]?.url ?? null,
    chapters: parseDescriptionChapters(description, durationSeconds),
    isLive,
    language: spokenLanguage(playerResponse),
  };
}

/**
 * The language the video is spoken in: the default audio track of a multi-language video,
 * else the language YouTube's speech recognition ran in, else the default caption track.
 */
function spokenLanguage(playerResponse: unknown): string | null {
  for (const format of arrayAt(playerResponse, 'streamingData', 'adaptiveFormats')) {
    if (booleanAt(format, 'audioTrack', 'audioIsDefault') !== true) continue;
    const code = stringAt(format, 'audioTrack', 'id')?.split('.')[0];
    if (code) return code;
  }
  const captions = readCaptionTracks(playerResponse);
  if (!captions) return null;
  const recognised = captions.tracks.find((t) => t.kind === 'asr');
  return recognised?.languageCode ?? originalTrack(captions)?.languageCode ?? null;
}

/** Largest last; duplicates (the same picture listed by both sections) once. */
function collectThumbnails(raw: unknown[]): Thumbnail[] {
  const byUrl = new Map<string, Thumbnail>();
  for (const entry of raw) {
    const url = stringAt(entry, 'url');
    if (!url) continue;
    const absolute = url.startsWith('//') ? `https:${url}` : url;
    byUrl.set(absolute, {
      url: absolute,
      width: integerAt(entry, 'width') ?? 0,
      height: integerAt(entry, 'height') ?? 0,
    });
  }
  return [...byUrl.values()].sort((a, b) => a.width * a.height - b.width * b.height);
}

/** "2018-08-02T06:00:08-07:00" or a bare "2018-08-02" → ISO 8601 UTC; null when unreadable. */
export function toIsoUtc(value: string | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  const when = /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? Date.parse(`${trimmed}T00:00:00Z`) : Date.parse(trimmed);
  return Number.isFinite(when) ? new Date(when).toISOString() : null;
}

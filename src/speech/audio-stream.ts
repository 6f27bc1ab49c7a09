/**
 * Which audio stream to download for speech-to-text: the smallest audio-only format
 * (`streamingData.adaptiveFormats`, audio/mp4 or audio/webm) of the first InnerTube client that
 * hands out plain URLs. Formats offered only as `signatureCipher` need YouTube's player script
 * deciphered, and SABR-only responses need a PO token: the service can produce neither, so a
 * video offered only that way is SOURCE_BLOCKED (yt-dlp, YTDLP_PATH, can often still fetch it).
 */
import { arrayAt, at, integerAt, PlayerSources, stringAt, YouTubeError, type HttpSession } from '../youtube';

export interface AudioStream {
  /** As YouTube gave it (a googlevideo.com URL); moved onto the base before it is fetched. */
  url: string;
  mimeType: string;
  /** File name extension of the container. */
  extension: 'm4a' | 'webm';
  itag: number | null;
  /** Bytes, when the response says; the download checks the total against it. */
  contentLength: number | null;
  durationSeconds: number | null;
  /** The InnerTube client that offered it ("WEB" for the watch page); its URLs are bound to it. */
  client: string;
}

export type AudioFormatChoice =
  | { kind: 'found'; stream: Omit<AudioStream, 'client'> }
  /** Audio is offered, but only in a form we cannot fetch; `reason` says which. */
  | { kind: 'locked'; reason: 'signature' | 'po-token' }
  | { kind: 'none' };

export function chooseAudioFormat(playerResponse: unknown): AudioFormatChoice {
  const audio = arrayAt(playerResponse, 'streamingData', 'adaptiveFormats').filter((format) => containerOf(format) !== null);
  // Dubbed videos carry one stream per language: the original track is the one marked default.
  const originals = audio.filter((format) => at(format, 'audioTrack') === undefined || at(format, 'audioTrack', 'audioIsDefault') === true);
  const candidates = originals.length > 0 ? originals : audio;

  const plain = candidates.filter((format) => stringAt(format, 'url') !== undefined);
  if (plain.length > 0) {
    const smallest = plain.sort((a, b) => sizeEstimate(a) - sizeEstimate(b))[0]!;
    return { kind: 'found', stream: describe(smallest) };
  }
  if (candidates.some((format) => stringAt(format, 'signatureCipher') !== undefined || stringAt(format, 'cipher') !== undefined)) {
    return { kind: 'locked', reason: 'signature' };
  }
  // Only a SABR streaming URL and formats without URLs: playback needs a PO token.
  if (stringAt(playerResponse, 'streamingData', 'serverAbrStreamingUrl') !== undefined) return { kind: 'locked', reason: 'po-token' };
  return { kind: 'none' };
}

/**
 * Asks the player sources one client after another for an audio stream. Throws
 * VIDEO_UNAVAILABLE (and the like) as the sources do, SOURCE_BLOCKED when every client's audio
 * needs deciphering or a PO token, TRANSCRIPT_UNAVAILABLE when no client offers audio at all.
 */
export async function locateAudioStream(session: HttpSession, videoId: string): Promise<AudioStream> {
  const sources = new PlayerSources(session, videoId);
  let playable = false;
  const locked = new Set<'signature' | 'po-token'>();
  for await (const { client, response } of sources.playable()) {
    playable = true;
    const choice = chooseAudioFormat(response);
    if (choice.kind === 'found') return { ...choice.stream, client };
    if (choice.kind === 'locked') locked.add(choice.reason);
  }
  if (!playable) throw sources.exhaustedError();
  if (locked.size > 0) {
    const needs = [...locked].map((reason) => (reason === 'signature' ? 'a deciphered signature' : 'a PO token')).join(' or ');
    throw new YouTubeError(
      'SOURCE_BLOCKED',
      `YouTube offers this video's audio only with ${needs}, which this service cannot produce (the server can fetch it with yt-dlp instead: YTDLP_PATH)`,
    );
  }
  throw new YouTubeError('TRANSCRIPT_UNAVAILABLE', 'YouTube offers no audio-only stream for this video');
}

function describe(format: unknown): Omit<AudioStream, 'client'> {
  const durationMs = integerAt(format, 'approxDurationMs');
  return {
    url: stringAt(format, 'url')!,
    mimeType: stringAt(format, 'mimeType')!,
    extension: containerOf(format)!,
    itag: integerAt(format, 'itag') ?? null,
    contentLength: integerAt(format, 'contentLength') ?? null,
    durationSeconds: durationMs === undefined ? null : durationMs / 1000,
  };
}

/** Bytes, or failing that the bitrate over the duration; formats with neither go last. */
function sizeEstimate(format: unknown): number {
  const bytes = integerAt(format, 'contentLength');
  if (bytes !== undefined) return bytes;
  const bitrate = integerAt(format, 'averageBitrate') ?? integerAt(format, 'bitrate');
  const durationMs = integerAt(format, 'approxDurationMs');
  return bitrate !== undefined && durationMs !== undefined ? (bitrate / 8) * (durationMs / 1000) : Number.MAX_SAFE_INTEGER;
}

function containerOf(format: unknown): 'm4a' | 'webm' | null {
  const mime = (stringAt(format, 'mimeType') ?? '').toLowerCase();
  if (mime.startsWith('audio/mp4')) return 'm4a';
  if (mime.startsWith('audio/webm')) return 'webm';
  return null;
}

import { arrayAt, at, booleanAt, integerAt, stringAt, textAt } from './player-response';

/**
 * The caption tracks a player response offers, and which one to read for a requested language.
 */

export interface CaptionTrack {
  /** As YouTube gave it: absolute, on YouTube's host, signed. */
  baseUrl: string;
  languageCode: string;
  name: string;
  /** 'asr' tracks are YouTube's speech recognition; the rest were uploaded by the creator. */
  kind: 'manual' | 'asr';
  isTranslatable: boolean;
}

export interface CaptionTrackList {
  tracks: CaptionTrack[];
  /** Language codes YouTube offers to machine-translate translatable tracks into. */
  translationLanguages: string[];
  /** Index into `tracks` of the track YouTube would show by default, when it says. */
  defaultTrackIndex: number | null;
}

export interface CaptionChoice {
  track: CaptionTrack;
  /** Language code to have YouTube translate into (the `tlang` parameter), or null. */
  translateTo: string | null;
}

/** The track list of a player response, or null when it lists no tracks. */
export function readCaptionTracks(playerResponse: unknown): CaptionTrackList | null {
  const renderer = at(playerResponse, 'captions', 'playerCaptionsTracklistRenderer');
  const tracks: CaptionTrack[] = [];
  for (const raw of arrayAt(renderer, 'captionTracks')) {
    const baseUrl = stringAt(raw, 'baseUrl');
    const languageCode = stringAt(raw, 'languageCode');
    if (!baseUrl || !languageCode) continue;
    tracks.push({
      baseUrl,
      languageCode,
      name: textAt(raw, 'name') ?? languageCode,
      kind: stringAt(raw, 'kind') === 'asr' ? 'asr' : 'manual',
      isTranslatable: booleanAt(raw, 'isTranslatable') ?? false,
    });
  }
  if (tracks.length === 0) return null;

  const translationLanguages = arrayAt(renderer, 'translationLanguages')
    .map((entry) => stringAt(entry, 'languageCode'))
    .filter((code): code is string => Boolean(code));

  const audioTrackIndex = integerAt(renderer, 'defaultAudioTrackIndex') ?? 0;
  const defaultIndex = integerAt(renderer, 'audioTracks', audioTrackIndex, 'defaultCaptionTrackIndex');
  const defaultTrackIndex =
    defaultIndex !== undefined && defaultIndex >= 0 && defaultIndex < tracks.length ? defaultIndex : null;

  return { tracks, translationLanguages, defaultTrackIndex };
}

/**
 * The track in the video's own language: the one YouTube shows by default, else the first
 * creator track, else the first automatic one.
 */
export function originalTrack(list: CaptionTrackList): CaptionTrack | undefined {
  if (list.defaultTrackIndex !== null) return list.tracks[list.defaultTrackIndex];
  return list.tracks.find((t) => t.kind === 'manual') ?? list.tracks.find((t) => t.kind === 'asr');
}

/**
 * Order of preference for a requested language:
 *   1. a creator track in that language,
 *   2. an automatic track in that language,
 *   3. YouTube's translation of a translatable track into it (a creator track preferred),
 *   4. the original-language track.
 * Without a requested language, the original-language track.
 * Languages match exactly first, then by primary subtag ("en" accepts "en-US" and vice versa).
 */
export function chooseCaptionTrack(list: CaptionTrackList, requested?: string | null): CaptionChoice | null {
  const wanted = requested?.trim();
  if (wanted) {
    const direct = bestMatch(list.tracks.filter((t) => t.kind === 'manual'), wanted) ??
      bestMatch(list.tracks.filter((t) => t.kind === 'asr'), wanted);
    if (direct) return { track: direct, translateTo: null };

    const translation = chooseTranslation(list, wanted);
    if (translation) return translation;
  }
  const original = originalTrack(list);
  return original ? { track: original, translateTo: null } : null;
}

function chooseTranslation(list: CaptionTrackList, wanted: string): CaptionChoice | null {
  const target = bestCodeMatch(list.translationLanguages, wanted);
  if (!target) return null;
  const translatable = list.tracks.filter((t) => t.isTranslatable);
  if (translatable.length === 0) return null;
  const original = originalTrack(list);
  const source =
    (original?.isTranslatable && original.kind === 'manual' ? original : undefined) ??
    translatable.find((t) => t.kind === 'manual') ??
    (original?.isTranslatable ? original : undefined) ??
    translatable[0]!;
  return { track: source, translateTo: target };
}

function bestMatch(tracks: CaptionTrack[], wanted: string): CaptionTrack | undefined {
  const code = bestCodeMatch(tracks.map((t) => t.languageCode), wanted);
  return code === undefined ? undefined : tracks.find((t) => t.languageCode === code);
}

function bestCodeMatch(codes: string[], wanted: string): string | undefined {
  const target = wanted.toLowerCase();
  const exact = codes.find((code) => code.toLowerCase() === target);
  if (exact !== undefined) return exact;
  const primary = primarySubtag(target);
  return codes.find((code) => primarySubtag(code.toLowerCase()) === primary);
}

function primarySubtag(code: string): string {
  return code.split(/[-_]/)[0] ?? code;
}

import { chooseCaptionTrack, readCaptionTracks, type CaptionTrack, type CaptionTrackList } from '../../src/youtube';

function track(languageCode: string, kind: 'manual' | 'asr', isTranslatable = true): CaptionTrack {
  return {
    baseUrl: `https://www.youtube.com/api/timedtext?v=abcdefghijk&lang=${languageCode}${kind === 'asr' ? '&kind=asr' : ''}`,
    languageCode,
    name: languageCode,
    kind,
    isTranslatable,
  };
}

function list(tracks: CaptionTrack[], defaultTrackIndex: number | null, translationLanguages = ['en', 'fr', 'es', 'de', 'pt', 'pt-PT']): CaptionTrackList {
  return { tracks, translationLanguages, defaultTrackIndex };
}

describe('choosing a caption track', () => {
  // A German video with a German creator track (default), German auto-captions, a British
  // English creator track and French auto-captions.
  const german = list([track('de', 'manual'), track('de', 'asr'), track('en-GB', 'manual'), track('fr', 'asr')], 0);

  it('takes the original-language track when no language is asked for', () => {
    expect(chooseCaptionTrack(german, null)).toEqual({ track: german.tracks[0], translateTo: null });
    expect(chooseCaptionTrack(german, undefined)).toEqual({ track: german.tracks[0], translateTo: null });
    expect(chooseCaptionTrack(german, '  ')).toEqual({ track: german.tracks[0], translateTo: null });
  });

  it('prefers a creator track in the requested language, matching by primary subtag', () => {
    expect(chooseCaptionTrack(german, 'en')).toEqual({ track: german.tracks[2], translateTo: null });
    expect(chooseCaptionTrack(german, 'EN-us')).toEqual({ track: german.tracks[2], translateTo: null });
    expect(chooseCaptionTrack(german, 'de-AT')).toEqual({ track: german.tracks[0], translateTo: null });
  });

  it('prefers the creator track whatever order YouTube lists the tracks in', () => {
    const autoListedFirst = list([track('en', 'asr'), track('de', 'manual'), track('en', 'manual')], 1);
    expect(chooseCaptionTrack(autoListedFirst, 'en')).toEqual({ track: autoListedFirst.tracks[2], translateTo: null });
    const regionalCreator = list([track('en', 'asr'), track('en-US', 'manual')], 0);
    expect(chooseCaptionTrack(regionalCreator, 'en')?.track).toBe(regionalCreator.tracks[1]);
  });

  it('takes automatic captions in the requested language before any translation', () => {
    expect(chooseCaptionTrack(german, 'fr')).toEqual({ track: german.tracks[3], translateTo: null });
  });

  it("then has YouTube translate the original creator track into the requested language", () => {
    expect(chooseCaptionTrack(german, 'es')).toEqual({ track: german.tracks[0], translateTo: 'es' });
    // pt-BR is not offered, pt is: same primary language.
    expect(chooseCaptionTrack(german, 'pt-BR')).toEqual({ track: german.tracks[0], translateTo: 'pt' });
    expect(chooseCaptionTrack(german, 'pt-PT')).toEqual({ track: german.tracks[0], translateTo: 'pt-PT' });
  });

  it('falls back to the original when the language cannot be had at all', () => {
    expect(chooseCaptionTrack(german, 'ja')).toEqual({ track: german.tracks[0], translateTo: null });
  });

  it('prefers an exact language match over a primary-subtag one', () => {
    const english = list([track('en-US', 'manual'), track('en', 'manual')], 0);
    expect(chooseCaptionTrack(english, 'en')?.track).toBe(english.tracks[1]);
    expect(chooseCaptionTrack(english, 'en-GB')?.track).toBe(english.tracks[0]);
  });

  it('translates a creator track rather than automatic captions, even when the original is automatic', () => {
    const tracks = [track('de', 'asr'), track('fr', 'manual')];
    expect(chooseCaptionTrack(list(tracks, 0), 'es')).toEqual({ track: tracks[1], translateTo: 'es' });
  });

  it('translates automatic captions when they are all there is', () => {
    const tracks = [track('en', 'asr')];
    expect(chooseCaptionTrack(list(tracks, 0), 'de')).toEqual({ track: tracks[0], translateTo: 'de' });
  });

  it('does not translate tracks YouTube marks untranslatable', () => {
    const tracks = [track('de', 'manual', false)];
    expect(chooseCaptionTrack(list(tracks, 0), 'en')).toEqual({ track: tracks[0], translateTo: null });
  });

  it('finds the original without a default: first creator track, else first automatic', () => {
    const mixed = [track('fr', 'asr'), track('it', 'manual'), track('es', 'manual')];
    expect(chooseCaptionTrack(list(mixed, null), null)?.track).toBe(mixed[1]);
    const autoOnly = [track('fr', 'asr'), track('it', 'asr')];
    expect(chooseCaptionTrack(list(autoOnly, null), null)?.track).toBe(autoOnly[0]);
    const defaultIsAuto = [track('en', 'manual'), track('de', 'asr')];
    expect(chooseCaptionTrack(list(defaultIsAuto, 1), null)?.track).toBe(defaultIsAuto[1]);
  });
});

describe('reading the track list of a player response', () => {
  const response = {
    captions: {
      playerCaptionsTracklistRenderer: {
        captionTracks: [
          {
            baseUrl: 'https://www.youtube.com/api/timedtext?v=GJLlxj_dtq8&lang=zh',
            name: { runs: [{ text: 'Chinese' }] },
            vssId: '.zh',
            languageCode: 'zh',
            isTranslatable: true,
            trackName: '',
          },
          {
            baseUrl: 'https://www.youtube.com/api/timedtext?v=GJLlxj_dtq8&kind=asr&lang=en',
            name: { simpleText: 'English (auto-generated)' },
            vssId: 'a.en',
            languageCode: 'en',
            kind: 'asr',
            isTranslatable: true,
          },
          { name: { simpleText: 'Broken, no URL' }, languageCode: 'xx' },
          {
            baseUrl: 'https://www.youtube.com/api/timedtext?v=GJLlxj_dtq8&lang=en',
            name: { simpleText: 'English' },
            vssId: '.en',
            languageCode: 'en',
          },
        ],
        audioTracks: [{ captionTrackIndices: [0, 1, 2], defaultCaptionTrackIndex: 2, hasDefaultTrack: true }],
        translationLanguages: [
          { languageCode: 'ar', languageName: { runs: [{ text: 'Arabic' }] } },
          { languageCode: 'zh-Hant', languageName: { simpleText: 'Chinese (Traditional)' } },
        ],
        defaultAudioTrackIndex: 0,
      },
    },
  };

  it('reads tracks, names in either text form, kinds, translation languages and the default', () => {
    const read = readCaptionTracks(response);
    expect(read).toEqual({
      tracks: [
        { baseUrl: expect.stringContaining('lang=zh'), languageCode: 'zh', name: 'Chinese', kind: 'manual', isTranslatable: true },
        { baseUrl: expect.stringContaining('kind=asr'), languageCode: 'en', name: 'English (auto-generated)', kind: 'asr', isTranslatable: true },
        { baseUrl: expect.stringContaining('lang=en'), languageCode: 'en', name: 'English', kind: 'manual', isTranslatable: false },
      ],
      translationLanguages: ['ar', 'zh-Hant'],
      defaultTrackIndex: 2,
    });
  });

  it('gives null when the response lists no captions', () => {
    expect(readCaptionTracks({ playabilityStatus: { status: 'OK' } })).toBeNull();
    expect(readCaptionTracks({ captions: { playerCaptionsTracklistRenderer: { captionTracks: [] } } })).toBeNull();
    expect(readCaptionTracks(null)).toBeNull();
  });
});

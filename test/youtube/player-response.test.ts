import { judgePlayability, mapPlayerResponseToMetadata } from '../../src/youtube';

function refusal(status: string, reason: string, extra: Record<string, unknown> = {}) {
  return { playabilityStatus: { status, reason, ...extra } };
}

describe('playability', () => {
  it('lets OK through', () => {
    expect(judgePlayability({ playabilityStatus: { status: 'OK' } })).toEqual({ kind: 'playable' });
  });

  it('treats ERROR as final', () => {
    expect(judgePlayability(refusal('ERROR', 'Video unavailable'))).toEqual({
      kind: 'unavailable',
      final: true,
      reason: 'Video unavailable',
    });
  });

  it('treats private videos as final and age gates as worth another client', () => {
    expect(judgePlayability(refusal('LOGIN_REQUIRED', 'This video is private'))).toMatchObject({ kind: 'unavailable', final: true });
    expect(judgePlayability(refusal('LOGIN_REQUIRED', 'Sign in to confirm your age'))).toMatchObject({
      kind: 'unavailable',
      final: false,
    });
    expect(
      judgePlayability(refusal('LOGIN_REQUIRED', 'This video may be inappropriate for some users.', { desktopLegacyAgeGateReason: 1 })),
    ).toMatchObject({ kind: 'unavailable', final: false });
  });

  it('names the age restriction whichever way YouTube words it', () => {
    const signInDialog = {
      playabilityStatus: {
        status: 'LOGIN_REQUIRED',
        errorScreen: {
          confirmDialogRenderer: {
            dialogMessages: [{ runs: [{ text: 'This video may be inappropriate for some users.' }] }],
            confirmButton: { buttonRenderer: { text: { runs: [{ text: 'Sign in' }] }, navigationEndpoint: { signInEndpoint: { hack: true } } } },
            primaryIsCancel: false,
          },
        },
      },
    };
    expect(judgePlayability(signInDialog)).toEqual({
      kind: 'unavailable',
      final: false,
      reason: 'This video is age-restricted (YouTube says: "This video may be inappropriate for some users.")',
    });
    for (const response of [
      refusal('LOGIN_REQUIRED', 'Sign in to confirm your age'),
      refusal('LOGIN_REQUIRED', 'This video may be inappropriate for some users.'),
      refusal('LOGIN_REQUIRED', 'Sign in', { desktopLegacyAgeGateReason: 1 }),
      { playabilityStatus: { status: 'AGE_CHECK_REQUIRED' } },
    ]) {
      expect(judgePlayability(response)).toMatchObject({ kind: 'unavailable', final: false, reason: expect.stringMatching(/^This video is age-restricted\b/) });
    }
    // A private video that asks to sign in is not an age gate.
    expect(judgePlayability(refusal('LOGIN_REQUIRED', 'This video is private'))).toMatchObject({ reason: 'This video is private' });
  });

  it.each([
    'Sign in to confirm you\u2019re not a bot',
    "Sign in to confirm you're not a bot",
    'Sign in to confirm that you\u2019re not a bot',
    'SIGN IN TO CONFIRM YOU\u02BCRE NOT A BOT',
  ])('recognises the bot check %j', (reason) => {
    expect(judgePlayability(refusal('LOGIN_REQUIRED', reason))).toEqual({ kind: 'blocked', reason });
  });

  it('finds a bot check given only in the error screen', () => {
    const response = {
      playabilityStatus: {
        status: 'LOGIN_REQUIRED',
        errorScreen: { playerErrorMessageRenderer: { reason: { runs: [{ text: 'Sign in to confirm you\u2019re not a bot' }] } } },
      },
    };
    expect(judgePlayability(response)).toMatchObject({ kind: 'blocked' });
  });

  it('treats members-only as final, other UNPLAYABLE answers as possibly client-specific', () => {
    expect(
      judgePlayability(refusal('UNPLAYABLE', 'Join this channel to get access to members-only content like this video, and other exclusive perks.')),
    ).toMatchObject({ kind: 'unavailable', final: true });
    expect(judgePlayability(refusal('UNPLAYABLE', 'The following content is not available on this app.'))).toMatchObject({
      kind: 'unavailable',
      final: false,
    });
  });

  it('does not take a response without a status as playable', () => {
    expect(judgePlayability({})).toMatchObject({ kind: 'unavailable', final: false });
  });
});

describe('metadata from a player response', () => {
  const webResponse = {
    playabilityStatus: { status: 'OK' },
    videoDetails: {
      videoId: 'GJLlxj_dtq8',
      title: 'Surface Go Review - It\u2019s Awesome',
      lengthSeconds: '316',
      channelId: 'UCVYamHliCI9rw1tHR1xbkfw',
      shortDescription: 'Review.\n\n0:00 Intro\n1:10 Design\n2:40 Performance\n4:30 Verdict',
      thumbnail: {
        thumbnails: [
          { url: 'https://i.ytimg.com/vi/GJLlxj_dtq8/default.jpg', width: 120, height: 90 },
          { url: 'https://i.ytimg.com/vi/GJLlxj_dtq8/sddefault.jpg', width: 640, height: 480 },
          { url: 'https://i.ytimg.com/vi/GJLlxj_dtq8/hqdefault.jpg', width: 480, height: 360 },
        ],
      },
      author: 'Dave2D',
      isLiveContent: false,
    },
    microformat: {
      playerMicroformatRenderer: {
        thumbnail: { thumbnails: [{ url: 'https://i.ytimg.com/vi/GJLlxj_dtq8/maxresdefault.jpg', width: 1280, height: 720 }] },
        title: { simpleText: 'Surface Go Review - It\u2019s Awesome' },
        lengthSeconds: '317',
        externalChannelId: 'UCVYamHliCI9rw1tHR1xbkfw',
        publishDate: '2018-08-02T06:00:08-07:00',
        ownerChannelName: 'Dave2D',
        uploadDate: '2018-08-02T06:00:08-07:00',
      },
    },
    captions: {
      playerCaptionsTracklistRenderer: {
        captionTracks: [
          { baseUrl: 'https://www.youtube.com/api/timedtext?lang=zh', languageCode: 'zh', name: { simpleText: 'Chinese' } },
          { baseUrl: 'https://www.youtube.com/api/timedtext?kind=asr&lang=en', languageCode: 'en', kind: 'asr' },
        ],
        audioTracks: [{ defaultCaptionTrackIndex: 0 }],
      },
    },
  };

  it('maps videoDetails and microformat', () => {
    expect(mapPlayerResponseToMetadata('GJLlxj_dtq8', webResponse)).toEqual({
      videoId: 'GJLlxj_dtq8',
      title: 'Surface Go Review - It\u2019s Awesome',
      channel: 'Dave2D',
      channelId: 'UCVYamHliCI9rw1tHR1xbkfw',
      durationSeconds: 316,
      publishedAt: '2018-08-02T13:00:08.000Z',
      description: 'Review.\n\n0:00 Intro\n1:10 Design\n2:40 Performance\n4:30 Verdict',
      thumbnails: [
        { url: 'https://i.ytimg.com/vi/GJLlxj_dtq8/default.jpg', width: 120, height: 90 },
        { url: 'https://i.ytimg.com/vi/GJLlxj_dtq8/hqdefault.jpg', width: 480, height: 360 },
        { url: 'https://i.ytimg.com/vi/GJLlxj_dtq8/sddefault.jpg', width: 640, height: 480 },
        { url: 'https://i.ytimg.com/vi/GJLlxj_dtq8/maxresdefault.jpg', width: 1280, height: 720 },
      ],
      thumbnailUrl: 'https://i.ytimg.com/vi/GJLlxj_dtq8/maxresdefault.jpg',
      chapters: [
        { start: 0, title: 'Intro' },
        { start: 70, title: 'Design' },
        { start: 160, title: 'Performance' },
        { start: 270, title: 'Verdict' },
      ],
      isLive: false,
      // The speech-recognition track says what is spoken, whatever the default caption track is.
      language: 'en',
    });
  });

  it('reads an app client response, which has no microformat', () => {
    const { microformat: _omitted, ...appResponse } = webResponse;
    const metadata = mapPlayerResponseToMetadata('GJLlxj_dtq8', appResponse);
    expect(metadata.publishedAt).toBeNull();
    expect(metadata.thumbnailUrl).toBe('https://i.ytimg.com/vi/GJLlxj_dtq8/sddefault.jpg');
    expect(metadata.channel).toBe('Dave2D');
  });

  it('falls back to microformat fields and takes a bare date as midnight UTC', () => {
    const metadata = mapPlayerResponseToMetadata('abcdefghijk', {
      playabilityStatus: { status: 'OK' },
      videoDetails: { videoId: 'abcdefghijk' },
      microformat: {
        playerMicroformatRenderer: {
          title: { runs: [{ text: 'Part ' }, { text: 'one' }] },
          description: { simpleText: 'From the microformat' },
          lengthSeconds: '95',
          ownerChannelName: 'Owner',
          externalChannelId: 'UCowner',
          uploadDate: '2015-03-04',
        },
      },
    });
    expect(metadata).toMatchObject({
      title: 'Part one',
      description: 'From the microformat',
      durationSeconds: 95,
      channel: 'Owner',
      channelId: 'UCowner',
      publishedAt: '2015-03-04T00:00:00.000Z',
      thumbnails: [],
      thumbnailUrl: null,
      chapters: [],
      language: null,
    });
  });

  it('marks streams that are live now and gives them no duration', () => {
    const metadata = mapPlayerResponseToMetadata('abcdefghijk', {
      playabilityStatus: { status: 'OK' },
      videoDetails: { videoId: 'abcdefghijk', title: 'Live', lengthSeconds: '0', isLive: true, isLiveContent: true, author: 'A' },
      microformat: { playerMicroformatRenderer: { liveBroadcastDetails: { isLiveNow: true, startTimestamp: '2026-01-31T09:00:00+00:00' } } },
    });
    expect(metadata.isLive).toBe(true);
    expect(metadata.durationSeconds).toBeNull();
    expect(metadata.publishedAt).toBe('2026-01-31T09:00:00.000Z');
  });

  it('does not call a finished stream live', () => {
    const metadata = mapPlayerResponseToMetadata('abcdefghijk', {
      videoDetails: { videoId: 'abcdefghijk', lengthSeconds: '5400', isLiveContent: true },
    });
    expect(metadata.isLive).toBe(false);
    expect(metadata.durationSeconds).toBe(5400);
  });

  it('takes the language of the default audio track of a multi-language video', () => {
    const metadata = mapPlayerResponseToMetadata('abcdefghijk', {
      videoDetails: { videoId: 'abcdefghijk' },
      streamingData: {
        adaptiveFormats: [
          { itag: 140, audioTrack: { id: 'es.3', displayName: 'Spanish', audioIsDefault: false } },
          { itag: 140, audioTrack: { id: 'fr-FR.4', displayName: 'French (original)', audioIsDefault: true } },
        ],
      },
      ...webResponse.captions,
    });
    expect(metadata.language).toBe('fr-FR');
  });
});

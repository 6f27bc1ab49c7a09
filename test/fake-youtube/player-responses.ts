import { createHash } from 'node:crypto';
import { captionTrackUrl } from './caption-urls';
import type { FakeAudioFiles } from './audio';
import type { FakeCaptionDelivery, FakeClientView, FakePlayability, FakeVideo } from './model';
import { TRANSLATION_LANGUAGES } from './translation-languages';

/**
 * Player responses shaped like YouTube's (/youtubei/v1/player and the watch page's
 * ytInitialPlayerResponse): playabilityStatus, streamingData, captions, videoDetails and, for
 * the web client only, microformat.playerMicroformatRenderer. App clients spell track names as
 * runs, the web client as simpleText, as the real ones do.
 */

/** `audio`: the video's audio files (./audio), when it has them, for its audio-only formats. */
export function playerResponseFor(video: FakeVideo, clientName: string, view: FakeClientView, audio?: FakeAudioFiles): Record<string, unknown> {
  const playability = view.playability ?? video.playability ?? { status: 'OK' };
  const visitorData = visitorDataFor(video.videoId, clientName);
  const base = {
    responseContext: responseContext(visitorData, clientName),
  };

  if (playability.status !== 'OK') {
    return {
      ...base,
      playabilityStatus: refusal(playability, clientName, video.videoId),
      ...(playability.ageGate ? { videoDetails: videoDetails(video) } : {}),
      trackingParams: trackingParams(video.videoId, clientName),
    };
  }

  const delivery = view.captions ?? 'normal';
  return {
    ...base,
    playabilityStatus: {
      status: 'OK',
      playableInEmbed: true,
      miniplayer: { miniplayerRenderer: { playbackMode: 'PLAYBACK_MODE_ALLOW' } },
      contextParams: 'Q0FFU0FnZ0M=',
    },
    streamingData: streamingData(video, clientName, audio),
    ...captionsSection(video, clientName, delivery),
    videoDetails: videoDetails(video),
    ...(clientName === 'WEB' ? { microformat: microformat(video) } : {}),
    trackingParams: trackingParams(video.videoId, clientName),
  };
}

/** What YouTube answers for an id it does not know. */
export function unknownVideoResponse(videoId: string, clientName: string): Record<string, unknown> {
  return {
    responseContext: responseContext(visitorDataFor(videoId, clientName), clientName),
    playabilityStatus: refusal({ status: 'ERROR', reason: 'This video is unavailable' }, clientName, videoId),
    trackingParams: trackingParams(videoId, clientName),
  };
}

function refusal(playability: FakePlayability, clientName: string, videoId: string): Record<string, unknown> {
  const reason = playability.reason ?? defaultReason(playability.status);
  const status: Record<string, unknown> = {
    status: playability.status,
    reason,
    errorScreen:
      playability.errorScreen === 'sign-in-dialog'
        ? signInDialog(reason, videoId, clientName)
        : errorMessageScreen(playability, reason),
    contextParams: 'Q0FFU0FnZ0M=',
  };
  if (playability.ageGate && clientName === 'WEB') status.desktopLegacyAgeGateReason = 1;
  if (playability.status === 'LOGIN_REQUIRED') {
    status.skip = { playabilityErrorSkipConfig: { skipOnPlayabilityError: false } };
  }
  return status;
}

function errorMessageScreen(playability: FakePlayability, reason: string): Record<string, unknown> {
  return {
    playerErrorMessageRenderer: {
      ...(playability.subreason
        ? {
            subreason: {
              runs: [
                { text: playability.subreason },
                {
                  text: 'Learn more',
                  navigationEndpoint: {
                    urlEndpoint: { url: 'https://support.google.com/youtube/answer/3037019' },
                  },
                },
              ],
            },
          }
        : {}),
      reason: { runs: [{ text: reason }] },
      thumbnail: { thumbnails: [{ url: '//s.ytimg.com/yts/img/meh7-vflGevej7.png', width: 140, height: 100 }] },
      icon: { iconType: 'ERROR_OUTLINE' },
    },
  };
}

/**
 * The sign-in prompt some clients get for an age-restricted video: a confirm dialog whose
 * only words are the reason and the buttons, "Sign in" leading to the sign-in flow.
 */
function signInDialog(reason: string, videoId: string, clientName: string): Record<string, unknown> {
  const tracking = trackingParams(`${videoId}:dialog`, clientName);
  const button = (text: string, extra: Record<string, unknown>) => ({
    buttonRenderer: {
      style: 'STYLE_BLUE_TEXT',
      size: 'SIZE_DEFAULT',
      isDisabled: false,
      text: { runs: [{ text }] },
      trackingParams: tracking,
      ...extra,
    },
  });
  return {
    confirmDialogRenderer: {
      trackingParams: tracking,
      dialogMessages: [{ runs: [{ text: reason }] }],
      confirmButton: button('Sign in', {
        navigationEndpoint: {
          clickTrackingParams: tracking,
          signInEndpoint: { nextEndpoint: { watchEndpoint: { videoId } }, hack: true },
        },
      }),
      cancelButton: button('Cancel', {}),
      primaryIsCancel: false,
    },
  };
}

function defaultReason(status: FakePlayability['status']): string {
  switch (status) {
    case 'ERROR':
      return 'Video unavailable';
    case 'LOGIN_REQUIRED':
      return 'Sign in to confirm your age';
    case 'UNPLAYABLE':
      return 'Video unavailable';
    case 'LIVE_STREAM_OFFLINE':
      return 'This live event will begin in a few moments.';
    default:
      return '';
  }
}

function captionsSection(video: FakeVideo, clientName: string, delivery: FakeCaptionDelivery): Record<string, unknown> {
  if (delivery === 'omitted' || video.tracks.length === 0) return {};
  const nameOf = (text: string) => (clientName === 'WEB' ? { simpleText: text } : { runs: [{ text }] });
  const defaultIndex = Math.min(video.defaultCaptionTrackIndex ?? 0, video.tracks.length - 1);
  return {
    captions: {
      playerCaptionsTracklistRenderer: {
        captionTracks: video.tracks.map((track) => ({
          baseUrl: captionTrackUrl(video.videoId, track, clientName, delivery),
          name: nameOf(track.name),
          vssId: `${track.kind === 'asr' ? 'a' : ''}.${track.languageCode}`,
          languageCode: track.languageCode,
          ...(track.kind ? { kind: track.kind } : {}),
          isTranslatable: track.isTranslatable,
          trackName: '',
        })),
        audioTracks: [
          {
            captionTrackIndices: video.tracks.map((_, i) => i),
            defaultCaptionTrackIndex: defaultIndex,
            visibility: 'UNKNOWN',
            hasDefaultTrack: true,
            captionsInitialState: 'CAPTIONS_INITIAL_STATE_OFF_RECOMMENDED',
          },
        ],
        translationLanguages: TRANSLATION_LANGUAGES.map(({ code, name }) => ({
          languageCode: code,
          languageName: nameOf(name),
        })),
        defaultAudioTrackIndex: 0,
      },
    },
  };
}

function videoDetails(video: FakeVideo): Record<string, unknown> {
  return {
    videoId: video.videoId,
    title: video.title,
    lengthSeconds: String(video.isLive ? 0 : video.lengthSeconds),
    ...(video.isLive ? { isLive: true } : {}),
    keywords: video.keywords ?? [],
    channelId: video.channelId,
    isOwnerViewing: false,
    shortDescription: video.description,
    isCrawlable: true,
    thumbnail: {
      thumbnails: [
        { url: `https://i.ytimg.com/vi/${video.videoId}/default.jpg`, width: 120, height: 90 },
        { url: `https://i.ytimg.com/vi/${video.videoId}/mqdefault.jpg`, width: 320, height: 180 },
        { url: `https://i.ytimg.com/vi/${video.videoId}/hqdefault.jpg`, width: 480, height: 360 },
        { url: `https://i.ytimg.com/vi/${video.videoId}/sddefault.jpg`, width: 640, height: 480 },
      ],
    },
    allowRatings: true,
    viewCount: String(video.viewCount ?? 1000),
    author: video.author,
    isPrivate: false,
    isUnpluggedCorpus: false,
    isLiveContent: video.isLiveContent ?? video.isLive ?? false,
  };
}

function microformat(video: FakeVideo): Record<string, unknown> {
  return {
    playerMicroformatRenderer: {
      thumbnail: {
        thumbnails: [{ url: `https://i.ytimg.com/vi/${video.videoId}/maxresdefault.jpg`, width: 1280, height: 720 }],
      },
      embed: { iframeUrl: `https://www.youtube.com/embed/${video.videoId}`, width: 1280, height: 720 },
      title: { simpleText: video.title },
      description: { simpleText: video.description },
      lengthSeconds: String(video.isLive ? 0 : video.lengthSeconds),
      ownerProfileUrl: `http://www.youtube.com/@${video.author.replace(/[^A-Za-z0-9]/g, '')}`,
      externalChannelId: video.channelId,
      isFamilySafe: true,
      availableCountries: ['AT', 'CA', 'CH', 'DE', 'FR', 'GB', 'IE', 'NL', 'US'],
      isUnlisted: false,
      hasYpcMetadata: false,
      viewCount: String(video.viewCount ?? 1000),
      category: video.category ?? 'Education',
      publishDate: video.publishDate,
      ownerChannelName: video.author,
      ...(video.isLive
        ? { liveBroadcastDetails: { isLiveNow: true, startTimestamp: video.publishDate } }
        : {}),
      uploadDate: video.uploadDate ?? video.publishDate,
      isShortsEligible: false,
      externalVideoId: video.videoId,
      likeCount: String(Math.round((video.viewCount ?? 1000) / 40)),
      canonicalUrl: `https://www.youtube.com/watch?v=${video.videoId}`,
    },
  };
}

function streamingData(video: FakeVideo, clientName: string, audio: FakeAudioFiles | undefined): Record<string, unknown> {
  const delivery = video.audio?.delivery ?? 'plain';
  const address = (itag: number) => `https://rr1---sn-fake.googlevideo.com/videoplayback?id=${video.videoId}&itag=${itag}&c=${clientName}`;
  // How a format says where it is: a URL, a URL whose signature must be deciphered first, or
  // (SABR) nowhere but the streaming URL below.
  const location = (itag: number): Record<string, string> => {
    if (!video.audio || delivery === 'plain') return { url: address(itag) };
    if (delivery === 'signature') return { signatureCipher: `s=${encodeURIComponent(`AOq0QJ8wRAIg${itag}scrambled`)}&sp=sig&url=${encodeURIComponent(address(itag))}` };
    return {};
  };
  const media = (itag: number, mimeType: string, bitrate: number) => ({
    itag,
    ...location(itag),
    mimeType,
    bitrate,
    lastModified: '1700000000000000',
    approxDurationMs: String(video.lengthSeconds * 1000),
  });
  const audioFormats = audio
    ? audio.streams.map((stream) => ({
        ...media(stream.itag, stream.mimeType, stream.bitrate),
        contentLength: String(stream.bytes),
        averageBitrate: stream.bitrate,
        approxDurationMs: String(Math.round(audio.seconds * 1000)),
        audioQuality: 'AUDIO_QUALITY_MEDIUM',
        audioSampleRate: '48000',
        audioChannels: 1,
      }))
    : [{ ...media(140, 'audio/mp4; codecs="mp4a.40.2"', 130000), audioQuality: 'AUDIO_QUALITY_MEDIUM' }];
  return {
    expiresInSeconds: '21540',
    formats: [{ ...media(18, 'video/mp4; codecs="avc1.42001E, mp4a.40.2"', 503000), width: 640, height: 360 }],
    adaptiveFormats: [{ ...media(137, 'video/mp4; codecs="avc1.640028"', 4400000), width: 1920, height: 1080 }, ...audioFormats],
    ...(video.audio && delivery === 'sabr' ? { serverAbrStreamingUrl: `https://rr1---sn-fake.googlevideo.com/videoplayback?id=${video.videoId}&sabr=1` } : {}),
  };
}

function responseContext(visitorData: string, clientName: string): Record<string, unknown> {
  return {
    visitorData,
    serviceTrackingParams: [
      { service: 'GFEEDBACK', params: [{ key: 'logged_in', value: '0' }] },
      { service: 'CSI', params: [{ key: 'c', value: clientName }, { key: 'yt_li', value: '0' }] },
    ],
    maxAgeSeconds: 0,
  };
}

export function visitorDataFor(videoId: string, clientName: string): string {
  return encodeURIComponent(
    createHash('sha256').update(`visitor:${videoId}:${clientName}`).digest('base64').slice(0, 32),
  );
}

function trackingParams(videoId: string, clientName: string): string {
  return createHash('md5').update(`${videoId}:${clientName}`).digest('base64');
}

/**
 * The audio download of speech-to-text against the local YouTube: the smallest plain audio-only
 * format is found in the player responses, its googlevideo.com URL is moved onto the base, and
 * it arrives in range-requested parts (resumed after failures, length checked), directly or
 * through the proxy pool. Also: yt-dlp as the downloader, with a stand-in binary.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ProxyPool } from '../../src/proxies';
import { innertubeAudioDownloader } from '../../src/speech/audio-download';
import { chooseAudioFormat, locateAudioStream } from '../../src/speech/audio-stream';
import { downloadInParts } from '../../src/speech/ranged-download';
import { ytDlpAudioDownloader } from '../../src/speech/ytdlp';
import { insertProxy } from '../../src/storage/repositories/proxies';
import { createYouTubeClient, type YouTubeClient } from '../../src/youtube';
import { fakeAudioFiles } from '../fake-youtube/audio';
import {
  startFakeYouTube,
  VIDEO_AUDIO_SIGNATURE_ONLY,
  VIDEO_SPOKEN_NO_CAPTIONS,
  builtInVideo,
  type FakeYouTube,
} from '../fake-youtube';
import { startHttpProxy, type TestHttpProxy } from '../support/http-proxy';
import { createTestDatabase, type TestDatabase } from '../support/infrastructure';
import { youTubeFailureOf } from '../support/youtube-failure';

let fake: FakeYouTube;
let youtube: YouTubeClient;
let work: string;

beforeAll(async () => {
  fake = await startFakeYouTube();
  youtube = createYouTubeClient({ baseUrl: fake.baseUrl, requestTimeoutMs: 5000 });
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.clearBehaviour();
  fake.requests.length = 0;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'vd-audio-download-'));
});

afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

/** What the fake serves for the spoken video's smallest stream (Opus in WebM, itag 251). */
async function servedAudio(): Promise<{ bytes: Buffer; itag: number }> {
  const files = await fakeAudioFiles(builtInVideo(VIDEO_SPOKEN_NO_CAPTIONS)!.audio!.content);
  const smallest = [...files.streams].sort((a, b) => a.bytes - b.bytes)[0]!;
  return { bytes: fs.readFileSync(smallest.path), itag: smallest.itag };
}

const mediaRequests = () => fake.requests.filter((request) => request.path === '/videoplayback');


describe('choosing the stream', () => {
  it('takes the smallest audio-only format with a plain URL, and says why when none has one', () => {
    const format = (itag: number, mimeType: string, contentLength: number, where: Record<string, string>) => ({ itag, mimeType, contentLength: String(contentLength), ...where });
    const url = { url: 'https://rr3---sn-abc.googlevideo.com/videoplayback?itag=1' };
    const response = {
      streamingData: {
        adaptiveFormats: [
          format(137, 'video/mp4; codecs="avc1.640028"', 10, url),
          format(140, 'audio/mp4; codecs="mp4a.40.2"', 900_000, url),
          format(251, 'audio/webm; codecs="opus"', 700_000, url),
          format(249, 'audio/webm; codecs="opus"', 300_000, { signatureCipher: 's=abc&sp=sig&url=x' }),
        ],
      },
    };
    expect(chooseAudioFormat(response)).toMatchObject({ kind: 'found', stream: { itag: 251, extension: 'webm', contentLength: 700_000 } });
    const ciphered = { streamingData: { adaptiveFormats: [format(140, 'audio/mp4', 1, { signatureCipher: 's=abc&sp=sig&url=x' })] } };
    expect(chooseAudioFormat(ciphered)).toEqual({ kind: 'locked', reason: 'signature' });
    const sabr = { streamingData: { serverAbrStreamingUrl: 'https://x.googlevideo.com/sabr', adaptiveFormats: [format(140, 'audio/mp4', 1, {})] } };
    expect(chooseAudioFormat(sabr)).toEqual({ kind: 'locked', reason: 'po-token' });
    expect(chooseAudioFormat({ streamingData: { adaptiveFormats: [format(137, 'video/mp4', 1, url)] } })).toEqual({ kind: 'none' });
  });

  it('fails SOURCE_BLOCKED, saying why, when every client offers the audio only behind a signature', async () => {
    const error = await youTubeFailureOf(youtube.withSession({ useProxy: false }, (session) => locateAudioStream(session, VIDEO_AUDIO_SIGNATURE_ONLY)));
    expect(error.kind).toBe('SOURCE_BLOCKED');
    expect(error.message).toMatch(/deciphered signature/);
    // Every client was asked before giving up, and no media request was made.
    expect(new Set(fake.requestsFor(VIDEO_AUDIO_SIGNATURE_ONLY).map((request) => request.client))).toEqual(new Set(['WEB', 'ANDROID', 'IOS', 'TVHTML5']));
    expect(mediaRequests()).toHaveLength(0);
  });
});

describe('downloading in parts', () => {
  it('fetches the stream from the base URL in 206 parts and checks the whole', async () => {
    const served = await servedAudio();
    const stream = await youtube.withSession({ useProxy: false }, (session) => locateAudioStream(session, VIDEO_SPOKEN_NO_CAPTIONS));
    expect(stream.url).toMatch(/^https:\/\/rr1---sn-fake\.googlevideo\.com\/videoplayback\?/);
    expect(stream).toMatchObject({ itag: served.itag, contentLength: served.bytes.length, client: 'WEB' });

    const destination = path.join(work, 'audio.webm');
    await youtube.withSession({ useProxy: false }, (session) => downloadInParts(session, stream, destination, { partBytes: 32 * 1024 }));
    expect(fs.readFileSync(destination).equals(served.bytes)).toBe(true);
    expect(fs.existsSync(`${destination}.part`)).toBe(false);

    const parts = mediaRequests();
    expect(parts.length).toBe(Math.ceil(served.bytes.length / (32 * 1024)));
    expect(parts.every((request) => request.status === 206)).toBe(true);
    expect(parts[0]!.range).toBe(`bytes=0-${32 * 1024 - 1}`);
    expect(parts[1]!.range).toBe(`bytes=${32 * 1024}-${2 * 32 * 1024 - 1}`);
  });

  it('retries a failed part and carries on where it stopped', async () => {
    const served = await servedAudio();
    const stream = await youtube.withSession({ useProxy: false }, (session) => locateAudioStream(session, VIDEO_SPOKEN_NO_CAPTIONS));
    const destination = path.join(work, 'audio.webm');
    let parts = 0;
    await youtube.withSession({ useProxy: false }, (session) =>
      downloadInParts(session, stream, destination, {
        partBytes: 32 * 1024,
        onProgress: () => {
          // After the second part the connection is cut twice, then the server errs once.
          if (++parts === 2) fake.setBehaviour(VIDEO_SPOKEN_NO_CAPTIONS, { mediaFailNext: { with: 'connection-reset', count: 2 } });
          if (parts === 3) fake.setBehaviour(VIDEO_SPOKEN_NO_CAPTIONS, { mediaFailNext: { with: 503, count: 1 } });
        },
      }),
    );
    expect(fs.readFileSync(destination).equals(served.bytes)).toBe(true);
    const ranges = mediaRequests().map((request) => request.range);
    // The third part was asked for three times (two resets), the fourth twice (one 503).
    expect(ranges.filter((range) => range === `bytes=${2 * 32 * 1024}-${3 * 32 * 1024 - 1}`)).toHaveLength(3);
    expect(ranges.filter((range) => range === `bytes=${3 * 32 * 1024}-${4 * 32 * 1024 - 1}`)).toHaveLength(2);
  });

  it('resumes from the bytes an earlier attempt left on disk', async () => {
    const served = await servedAudio();
    const stream = await youtube.withSession({ useProxy: false }, (session) => locateAudioStream(session, VIDEO_SPOKEN_NO_CAPTIONS));
    const destination = path.join(work, 'audio.webm');
    fs.writeFileSync(`${destination}.part`, served.bytes.subarray(0, 50_000));
    await youtube.withSession({ useProxy: false }, (session) => downloadInParts(session, stream, destination));
    expect(fs.readFileSync(destination).equals(served.bytes)).toBe(true);
    expect(mediaRequests().map((request) => request.range)).toEqual([`bytes=50000-${served.bytes.length - 1}`]);
  });

  it('refuses a download whose length is not the one the player response gave', async () => {
    const stream = await youtube.withSession({ useProxy: false }, (session) => locateAudioStream(session, VIDEO_SPOKEN_NO_CAPTIONS));
    const destination = path.join(work, 'audio.webm');
    const error = await youTubeFailureOf(
      youtube.withSession({ useProxy: false }, (session) => downloadInParts(session, { ...stream, contentLength: stream.contentLength! + 1000 }, destination)),
    );
    expect(error.message).toMatch(/length changed/);
    expect(fs.existsSync(destination)).toBe(false);
  });
});

describe('routes', () => {
  let db: TestDatabase;
  let proxy: TestHttpProxy;
  let pool: ProxyPool;

  beforeAll(async () => {
    [db, proxy] = await Promise.all([createTestDatabase(), startHttpProxy({ egressAddress: '127.0.0.2' })]);
    await insertProxy(db.db, { url: proxy.url, username: null, password: null, label: null, enabled: true });
    pool = new ProxyPool(db.db);
  });

  afterAll(async () => {
    await pool?.close();
    await proxy?.close();
    await db?.drop();
  });

  it('with use_proxy true, finds and downloads the audio through a proxy, never directly', async () => {
    const served = await servedAudio();
    const client = createYouTubeClient({ baseUrl: fake.baseUrl, requestTimeoutMs: 5000, proxies: pool });
    const file = await innertubeAudioDownloader(client).download({ videoId: VIDEO_SPOKEN_NO_CAPTIONS, useProxy: true, directory: work });
    expect(path.basename(file)).toBe(`audio-${served.itag}.webm`);
    expect(fs.readFileSync(file).equals(served.bytes)).toBe(true);
    expect(mediaRequests().length).toBeGreaterThan(0);
    expect(new Set(fake.requests.map((request) => request.remoteAddress))).toEqual(new Set(['127.0.0.2']));
  });

  it('runs yt-dlp (YTDLP_PATH) with -f bestaudio on the base URL, the proxy in its environment', async () => {
    const served = await servedAudio();
    // A stand-in for yt-dlp: records what it was given, and writes the file where -o says.
    const log = path.join(work, 'ytdlp-call.json');
    const binary = path.join(work, 'yt-dlp');
    const source = path.join(work, 'served.webm');
    fs.writeFileSync(source, served.bytes);
    fs.writeFileSync(
      binary,
      `#!${process.execPath}
const fs = require('node:fs');
const args = process.argv.slice(2);
fs.writeFileSync(${JSON.stringify(log)}, JSON.stringify({ args, proxy: process.env.HTTPS_PROXY || null }));
const out = args[args.indexOf('-o') + 1].replace('%(ext)s', 'webm');
fs.copyFileSync(${JSON.stringify(source)}, out);
console.log(out);
`,
      { mode: 0o755 },
    );
    const downloader = ytDlpAudioDownloader({ binary, baseUrl: fake.baseUrl, proxies: pool });
    const direct = await downloader.download({ videoId: VIDEO_SPOKEN_NO_CAPTIONS, useProxy: null, directory: work });
    expect(fs.readFileSync(direct).equals(served.bytes)).toBe(true);
    const call = JSON.parse(fs.readFileSync(log, 'utf8'));
    expect(call.args).toEqual(expect.arrayContaining(['-f', 'bestaudio', `${fake.baseUrl}/watch?v=${VIDEO_SPOKEN_NO_CAPTIONS}`]));
    expect(call.proxy).toBeNull();

    await downloader.download({ videoId: VIDEO_SPOKEN_NO_CAPTIONS, useProxy: true, directory: work });
    expect(JSON.parse(fs.readFileSync(log, 'utf8')).proxy).toBe(proxy.url);
  });
});

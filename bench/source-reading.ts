/**
 * Time and requests to read a playlist or a channel through the YouTube client, against the local
 * fake YouTube over real HTTP (no database, no Temporal):
 *
 *   node --require tsx/cjs bench/source-reading.ts [--runs 30] [--videos 100] [--latency-ms 0]
 *
 * Three readings, with YouTube's own page sizes: a playlist of `--videos` (100 entries a page),
 * a channel's uploads of `--videos` (30 a page, so the page and three browse continuations for
 * 100), and one Atom feed (the newest 15, what a periodic check of a channel reads). Five
 * warm-up readings each, then `--runs` timed ones, taking turns. Prints a table and one JSON line.
 */
import { performance } from 'node:perf_hooks';
import { parseChannelUrl, parsePlaylistUrl } from '../src/domain/source-url';
import { createYouTubeClient } from '../src/youtube';
import { fakeListEntries, startFakeYouTube } from '../test/fake-youtube';
import { machineLine, numericOptions, percentile, printTable, round, runMain } from './support';

const { runs: RUNS, videos: VIDEOS, 'latency-ms': LATENCY_MS } = numericOptions({ runs: 30, videos: 100, 'latency-ms': 0 });
const WARM_UP = 5;
const PLAYLIST = 'PLbenchsourcereading0001';
const CHANNEL = 'UCbenchsourcereading0001';

async function main() {
  const fake = await startFakeYouTube({ latencyMs: LATENCY_MS });
  try {
    const entries = fakeListEntries(90_000, VIDEOS);
    fake.addPlaylist({ playlistId: PLAYLIST, title: 'Bench playlist', entries });
    fake.addChannel({ channelId: CHANNEL, title: 'Bench channel', handle: 'benchchannel', uploads: entries });
    const youtube = createYouTubeClient({ baseUrl: fake.baseUrl });
    const readings: Array<{ name: string; read: () => Promise<number>; expected: number; timesMs: number[]; requests: number }> = [
      { name: 'playlist', read: async () => (await youtube.readSource(parsePlaylistUrl(`youtube.com/playlist?list=${PLAYLIST}`)!, { limit: VIDEOS })).videos.length, expected: VIDEOS, timesMs: [], requests: 0 },
      { name: 'channel (@handle)', read: async () => (await youtube.readSource(parseChannelUrl('youtube.com/@benchchannel')!, { limit: VIDEOS })).videos.length, expected: VIDEOS, timesMs: [], requests: 0 },
      { name: 'channel feed', read: async () => (await youtube.readFeed({ channelId: CHANNEL })).length, expected: Math.min(15, VIDEOS), timesMs: [], requests: 0 },
    ];

    for (let i = 0; i < WARM_UP; i++) for (const reading of readings) await reading.read();
    for (let i = 0; i < RUNS; i++) {
      for (const reading of readings) {
        const before = fake.requests.length;
        const started = performance.now();
        const count = await reading.read();
        reading.timesMs.push(performance.now() - started);
        reading.requests = fake.requests.length - before;
        if (count !== reading.expected) throw new Error(`${reading.name}: read ${count} videos`);
      }
    }

    const figures = readings.map((reading) => {
      const sorted = [...reading.timesMs].sort((a, b) => a - b);
      return { name: reading.name, requests: reading.requests, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted[sorted.length - 1]!) };
    });
    console.log(`\nmachine: ${machineLine()}`);
    printTable(
      `reading a source of ${VIDEOS} videos, ${RUNS} runs each, fake YouTube on 127.0.0.1 (latency ${LATENCY_MS} ms per answer)`,
      figures.map((f) => ({ reading: f.name, requests: f.requests, 'p50 ms': f.p50, 'p95 ms': f.p95, 'max ms': f.max })),
    );
    console.log(JSON.stringify({ bench: 'source-reading', videos: VIDEOS, runs: RUNS, latency_ms: LATENCY_MS, results: figures }));
  } finally {
    await fake.close();
  }
}

runMain(main);

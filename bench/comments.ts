/**
 * Time to read a video's top 100 comments through the YouTube client, against the local fake
 * YouTube over real HTTP (no database, no Temporal):
 *
 *   node --require tsx/cjs bench/comments.ts [--runs 30] [--limit 100] [--latency-ms 0]
 *
 * One getComments call is the watch page, then POST /youtubei/v1/next pages of 20 threads until
 * the limit: 1 + 5 requests for 100. Both thread shapes are measured, each on a video given 150
 * comments through the fake's catalog model: the current one (commentViewModel, data in entity
 * mutations) and the older inline commentRenderer. Five warm-up calls each, then `--runs` timed
 * calls, alternating the shapes so load from elsewhere falls on both. `--latency-ms` delays every
 * answer of the fake, like a distant server. Prints a table and one JSON line.
 */
import { performance } from 'node:perf_hooks';
import type { FakeCommentShape } from '../test/fake-youtube';
import { catalogVideo, startFakeYouTube, VIDEO_AUTO_ONLY, VIDEO_MANUAL_AND_AUTO } from '../test/fake-youtube';
import { createYouTubeClient } from '../src/youtube';
import { machineLine, numericOptions, percentile, printTable, round, runMain } from './support';

const { runs: RUNS, limit: LIMIT, 'latency-ms': LATENCY_MS } = numericOptions({ runs: 30, limit: 100, 'latency-ms': 0 });
const WARM_UP = 5;
const COMMENTS_PER_VIDEO = 150;

interface Scenario {
  shape: FakeCommentShape;
  videoId: string;
  timesMs: number[];
  requests: number;
}

async function main() {
  const fake = await startFakeYouTube({ latencyMs: LATENCY_MS });
  try {
    const scenarios: Scenario[] = [
      { shape: 'view-model', videoId: VIDEO_MANUAL_AND_AUTO, timesMs: [], requests: 0 },
      { shape: 'renderer', videoId: VIDEO_AUTO_ONLY, timesMs: [], requests: 0 },
    ];
    for (const scenario of scenarios) {
      fake.addVideo({ ...catalogVideo(scenario.videoId)!, comments: { count: COMMENTS_PER_VIDEO, shape: scenario.shape, pageSize: 20 } });
    }
    const youtube = createYouTubeClient({ baseUrl: fake.baseUrl });

    const once = async (scenario: Scenario): Promise<number> => {
      const started = performance.now();
      const comments = await youtube.getComments(scenario.videoId, { limit: LIMIT });
      const elapsed = performance.now() - started;
      if (comments.fetched !== Math.min(LIMIT, COMMENTS_PER_VIDEO)) throw new Error(`${scenario.shape}: read ${comments.fetched} comments`);
      return elapsed;
    };

    for (let i = 0; i < WARM_UP; i++) for (const scenario of scenarios) await once(scenario);
    fake.requests.length = 0;
    for (let i = 0; i < RUNS; i++) {
      for (const scenario of scenarios) scenario.timesMs.push(await once(scenario));
    }
    for (const scenario of scenarios) scenario.requests = fake.requestsFor(scenario.videoId).length / RUNS;

    const figures = scenarios.map((scenario) => {
      const sorted = [...scenario.timesMs].sort((a, b) => a - b);
      return {
        shape: scenario.shape,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        mean: sorted.reduce((sum, t) => sum + t, 0) / sorted.length,
        min: sorted[0]!,
        max: sorted[sorted.length - 1]!,
        requests: scenario.requests,
      };
    });

    console.log(`\nmachine: ${machineLine()}`);
    printTable(`getComments, ${LIMIT} comments, ${RUNS} runs per shape, fake YouTube on 127.0.0.1 (latency ${LATENCY_MS} ms per answer)`, figures.map((f) => ({
      shape: f.shape,
      'requests per call': round(f.requests),
      'p50 ms': round(f.p50),
      'p95 ms': round(f.p95),
      'mean ms': round(f.mean),
      'min ms': round(f.min),
      'max ms': round(f.max),
    })));
    console.log(
      JSON.stringify({
        bench: 'comments',
        limit: LIMIT,
        runs: RUNS,
        latency_ms: LATENCY_MS,
        results: Object.fromEntries(
          figures.map((f) => [f.shape, { p50_ms: round(f.p50), p95_ms: round(f.p95), mean_ms: round(f.mean), requests_per_call: round(f.requests) }]),
        ),
      }),
    );
  } finally {
    await fake.close();
  }
}

runMain(main);

/**
 * PDF exports against the API's responsiveness: four users export the job of a four-hour lecture
 * (about 1.3 MB of transcript) at once, while one client asks for /health back to back.
 *
 *   bash scripts/with-infra.sh node --require tsx/cjs bench/pdf-export.ts [--rounds 3]
 *
 * Per round it prints /health p50/p99/max while the exports are rendered (first downloads) and
 * while they are served again, 25 times each one after another (the kept files), against the target: /health p99 at 50 ms or less
 * during four concurrent exports. Also each phase's export times and the PDF size. Rendering
 * happens on the export thread (EXPORT_RENDER_THREADS, default 1), so the four renders queue.
 */
import { parseArgs } from 'node:util';
import { VIDEO_LONG } from '../test/fake-youtube';
import { createBenchUser, machineLine, percentile, printTable, round, runMain, startBenchService } from './support';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const ROUNDS = Number(args.rounds);
const EXPORTERS = 4;
const TARGET_HEALTH_P99_MS = 50;
/** Downloads of each kept file in the second phase: enough /health samples to speak of a p99. */
const KEPT_DOWNLOADS = 25;

interface Phase {
  health: number[];
  exportMs: number[];
  bytes: number;
}

async function main() {
  const service = await startBenchService('bench-pdf-export');
  const { api, config, infra } = service;
  config.http.publicBaseUrl = api.url;
  const db = infra.database.db;

  async function completedLongJob(key: string): Promise<string> {
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ url: `https://www.youtube.com/watch?v=${VIDEO_LONG}`, options: { summary_modes: ['tldr', 'key_insights'] }, force_refresh: true });
    const submitted = await fetch(`${api.url}/api/v1/videos/process`, { method: 'POST', headers, body });
    if (submitted.status !== 202) throw new Error(`submit: ${submitted.status} ${await submitted.text()}`);
    const { job_id: jobId } = (await submitted.json()) as { job_id: string };
    for (;;) {
      const status = (await (await fetch(`${api.url}/api/v1/videos/status/${jobId}`, { headers })).json()) as { status: string };
      if (status.status === 'completed') return jobId;
      if (status.status === 'failed') throw new Error(`job ${jobId} failed: ${JSON.stringify(status)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Health latencies, one request after another, until `stop` resolves. */
  async function sampleHealth(stop: Promise<unknown>): Promise<number[]> {
    const latencies: number[] = [];
    let stopped = false;
    void stop.finally(() => (stopped = true));
    while (!stopped) {
      const started = performance.now();
      const res = await fetch(`${api.url}/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
    }
    return latencies.sort((a, b) => a - b);
  }

  /** Every exporter downloads its job `times` times, one download after another; the exporters at once. */
  async function exportAll(exporters: { key: string; jobId: string }[], times = 1): Promise<Phase> {
    let bytes = 0;
    const downloadOnce = async (key: string, jobId: string) => {
      const started = performance.now();
      const res = await fetch(`${api.url}/api/v1/videos/export/${jobId}/pdf`, { headers: { authorization: `Bearer ${key}` } });
      const pdf = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`export: ${res.status} ${pdf.toString('utf8').slice(0, 300)}`);
      bytes = pdf.length;
      return performance.now() - started;
    };
    const downloads = Promise.all(
      exporters.map(async ({ key, jobId }) => {
        const took: number[] = [];
        for (let i = 0; i < times; i++) took.push(await downloadOnce(key, jobId));
        return took;
      }),
    ).then((perExporter) => perExporter.flat());
    const [health, exportMs] = await Promise.all([sampleHealth(downloads), downloads]);
    return { health, exportMs: exportMs.sort((a, b) => a - b), bytes };
  }

  const rows: Array<Record<string, string | number>> = [];
  try {
    const idle = await sampleHealth(new Promise((resolve) => setTimeout(resolve, 2000)));
    rows.push({ round: '-', phase: 'idle (no exports)', 'health p50 ms': round(percentile(idle, 50)), 'health p99 ms': round(percentile(idle, 99)), 'health max ms': round(idle.at(-1)!), samples: idle.length });
    for (let r = 1; r <= ROUNDS; r++) {
      const exporters = await Promise.all(
        Array.from({ length: EXPORTERS }, async (_, i) => {
          const { key } = await createBenchUser(db, `bench-export-${r}-${i}@example.com`);
          return { key, jobId: await completedLongJob(key) };
        }),
      );
      for (const [phase, label] of [
        [await exportAll(exporters), 'first downloads (rendered)'],
        [await exportAll(exporters, KEPT_DOWNLOADS), `again, ${KEPT_DOWNLOADS} times each (kept files)`],
      ] as const) {
        const p99 = percentile(phase.health, 99);
        rows.push({
          round: r,
          phase: label,
          'health p50 ms': round(percentile(phase.health, 50)),
          'health p99 ms': round(p99),
          'health max ms': round(phase.health.at(-1)!),
          samples: phase.health.length,
          'exports ms (min..max)': `${Math.round(phase.exportMs[0]!)}..${Math.round(phase.exportMs.at(-1)!)}`,
          'PDF KiB': Math.round(phase.bytes / 1024),
          target: p99 <= TARGET_HEALTH_P99_MS ? `met (p99 <= ${TARGET_HEALTH_P99_MS})` : `MISSED (p99 <= ${TARGET_HEALTH_P99_MS})`,
        });
      }
    }
  } finally {
    await service.close();
  }
  console.log(machineLine());
  printTable(`/health while ${EXPORTERS} users export a ${VIDEO_LONG} job (about 1.3 MB of transcript) at once`, rows);
}

runMain(main);

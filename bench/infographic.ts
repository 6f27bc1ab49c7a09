/**
 * Benchmark of the infographic renderer: a realistic finished job (a 42-minute talk with eight
 * chapters and a model's five summaries, test/infographic/example-job.ts) rendered N times, warm,
 * through renderInfographic on this thread: layout model, satori (layout and SVG), resvg (PNG).
 *
 *   node --require tsx/cjs bench/infographic.ts                  N = 50
 *   node --require tsx/cjs bench/infographic.ts 200              N = 200
 *   node --require tsx/cjs bench/infographic.ts 50 --png out.png also writes the image
 *
 * Prints p50/p95 per stage, the PNG and SVG sizes as a table, and one JSON line.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import { performance } from 'node:perf_hooks';
import { infographicDataFrom } from '../src/infographic/infographic-data';
import { renderInfographic, type RenderTimings } from '../src/infographic/render-infographic';
import { exampleSource } from '../test/infographic/example-job';

const WARM_UP = 3;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

function summary(values: number[]): { p50: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted[sorted.length - 1] ?? NaN) };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const pngAt = args.indexOf('--png');
  const pngPath = pngAt >= 0 ? args.splice(pngAt, 2)[1] : undefined;
  const runs = Number(args[0] ?? 50);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`runs must be a positive integer, got ${args[0]}`);
  const data = infographicDataFrom(exampleSource());

  const coldStarted = performance.now();
  const first = await renderInfographic(data);
  const coldMs = performance.now() - coldStarted;
  if (pngPath) fs.writeFileSync(pngPath, first.png);
  for (let i = 1; i < WARM_UP; i += 1) await renderInfographic(data);

  const stages: Record<'layout' | 'satori' | 'resvg' | 'total' | 'cpu', number[]> = { layout: [], satori: [], resvg: [], total: [], cpu: [] };
  let last: RenderTimings | null = null;
  for (let i = 0; i < runs; i += 1) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const { png } = await renderInfographic(data, (timings) => (last = timings));
    stages.total.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    stages.cpu.push((used.user + used.system) / 1000);
    if (!last || Buffer.compare(png, first.png) !== 0) throw new Error('the render changed between runs');
    const timings: RenderTimings = last;
    stages.layout.push(timings.layoutMs);
    stages.satori.push(timings.satoriMs);
    stages.resvg.push(timings.resvgMs);
  }

  const results = Object.fromEntries(Object.entries(stages).map(([stage, values]) => [stage, summary(values)]));
  const height = first.png.readUInt32BE(20);
  console.log(`Infographic render, ${runs} warm runs after ${WARM_UP} warm-up (first, cold: ${coldMs.toFixed(0)} ms)`);
  console.log(
    `Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os.loadavg()[0]?.toFixed(2)}, node ${process.version}` +
      ' (wall times grow when other work shares the CPUs)',
  );
  console.table(
    Object.fromEntries(
      Object.entries(results).map(([stage, s]) => [stage === 'cpu' ? 'cpu (user+sys) ms' : `${stage} ms`, s]),
    ),
  );
  console.table({
    png: { bytes: first.png.length, KiB: Math.round(first.png.length / 102.4) / 10, size: `1080x${height}` },
    svg: { bytes: Buffer.byteLength(first.svg), KiB: Math.round(Buffer.byteLength(first.svg) / 102.4) / 10, size: `1080x${height}` },
  });
  console.log(
    JSON.stringify({
      benchmark: 'infographic',
      node: process.version,
      cpus: os.cpus().length,
      runs,
      coldMs: Math.round(coldMs),
      ms: results,
      pngBytes: first.png.length,
      svgBytes: Buffer.byteLength(first.svg),
      width: 1080,
      height,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

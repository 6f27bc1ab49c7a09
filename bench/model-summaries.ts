/**
 * Summaries by a language model, against the local fake provider (test/fake-llm), through the
 * whole service (API, Temporal, worker, summary thread, model call cache in Postgres):
 *
 *   bash scripts/with-infra.sh node --require tsx/cjs bench/model-summaries.ts [--jobs 40]
 *
 * 1. Overhead of the model path: N tldr jobs with a provider that answers at once, beside the
 *    same N jobs written by the built-in engine: jobs per second.
 * 2. The 10 MB transcript in all five modes through map-reduce, with a provider that takes
 *    200 ms per call, at the default LLM_CONTEXT_TOKENS (32000) and LLM_CONCURRENCY (4): model
 *    calls, the largest prompt in tokens (o200k_base, as gpt-4o-mini counts), wall time.
 */
import { parseArgs } from 'node:util';
import { startApiServer } from '../src/runtime/api-server';
import { startJobWorker } from '../workers/worker-process';
import { tokenCounterFor } from '../src/summaries/llm/tokens';
import { generatedVideoId, VIDEO_TEN_MEGABYTES } from '../test/fake-youtube';
import { startFakeLlm, type FakeLlm } from '../test/fake-llm/server';
import { createBenchUser, machineLine, printTable, round, runMain, runWithConcurrency, startBenchStack } from './support';

const { values: args } = parseArgs({ options: { jobs: { type: 'string', default: '40' } } });
const JOBS = Number(args.jobs);
const MODES = ['tldr', 'detailed', 'study_notes', 'timestamped', 'key_insights'];

async function withService<T>(env: Record<string, string>, run: (submit: (body: object) => Promise<string>, waitAll: (ids: string[]) => Promise<void>) => Promise<T>): Promise<T> {
  const stack = await startBenchStack({ TEMPORAL_TASK_QUEUE: 'bench-model', PLAN_LIMITS: JSON.stringify({ pro: { requests_per_minute: 100_000_000, videos_per_month: 1_000_000 } }), ...env });
  const { config, infra, logger } = stack;
  const worker = await startJobWorker(config, infra, logger);
  const api = await startApiServer(config, infra, logger);
  const { key } = await createBenchUser(infra.database.db, 'bench-model@example.com');
  const submit = async (body: object) => {
    const res = await fetch(`${api.url}/api/v1/videos/process`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.status !== 202) throw new Error(`submit failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { job_id: string }).job_id;
  };
  const waitAll = async (ids: string[]) => {
    for (;;) {
      const rows = await infra.database.db.selectFrom('jobs').select(['status', 'error_message']).where('id', 'in', ids).execute();
      const failed = rows.find((r) => r.status === 'failed');
      if (failed) throw new Error(`a benchmark job failed: ${failed.error_message}`);
      if (rows.length === ids.length && rows.every((r) => r.status === 'completed')) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  try {
    return await run(submit, waitAll);
  } finally {
    await api.close();
    await worker.shutdown();
    await stack.close();
  }
}

async function jobsPerSecond(env: Record<string, string>, offset: number): Promise<number> {
  return withService(env, async (submit, waitAll) => {
    await waitAll(await Promise.all(Array.from({ length: 5 }, (_, i) => submit({ url: generatedVideoId(offset + 900 + i) }))));
    const started = Date.now();
    const ids: string[] = [];
    await runWithConcurrency(JOBS, 10, async (i) => ids.push(await submit({ url: generatedVideoId(offset + i) })));
    await waitAll(ids);
    return JOBS / ((Date.now() - started) / 1000);
  });
}

function modelEnv(llm: FakeLlm): Record<string, string> {
  return { SUMMARY_PROVIDER: 'openai', LLM_BASE_URL: llm.baseUrlFor('openai'), LLM_API_KEY: 'sk-bench', LLM_MODEL: 'gpt-4o-mini' };
}

async function main() {
  const llm = await startFakeLlm();
  try {
    // 1. Overhead.
    const extractive = await jobsPerSecond({}, 10_000);
    const model = await jobsPerSecond(modelEnv(llm), 20_000);

    // 2. The 10 MB transcript through map-reduce.
    llm.latencyMs = 200;
    const before = llm.requests.length;
    const tenMegabytes = await withService(modelEnv(llm), async (submit, waitAll) => {
      const started = Date.now();
      await waitAll([await submit({ url: VIDEO_TEN_MEGABYTES, options: { summary_modes: MODES } })]);
      return { seconds: (Date.now() - started) / 1000 };
    });
    const calls = llm.requests.slice(before);
    const counter = tokenCounterFor({ provider: 'openai', model: 'gpt-4o-mini' });
    const largest = Math.max(...calls.map((request) => request.body.messages.reduce((sum: number, message: { content: string }) => sum + counter.count(message.content), 0)));

    console.log(`\nmachine: ${machineLine()}`);
    printTable(`model path overhead (${JOBS} tldr jobs, provider answering at once)`, [
      { engine: 'extractive (built in)', 'jobs/s': round(extractive) },
      { engine: 'openai (local fake, 0 ms)', 'jobs/s': round(model) },
    ]);
    printTable('10 MB transcript, five modes, provider at 200 ms per call, LLM_CONTEXT_TOKENS 32000, LLM_CONCURRENCY 4', [
      { 'model calls': calls.length, 'largest prompt (tokens)': largest, 'budget (tokens)': 32000, 'wall s': round(tenMegabytes.seconds) },
    ]);
    console.log(
      JSON.stringify({
        bench: 'model-summaries',
        jobs: JOBS,
        extractive_jobs_per_second: round(extractive),
        model_jobs_per_second: round(model),
        ten_megabytes_calls: calls.length,
        ten_megabytes_largest_prompt_tokens: largest,
        ten_megabytes_seconds: round(tenMegabytes.seconds),
      }),
    );
  } finally {
    await llm.close();
  }
}

runMain(main);

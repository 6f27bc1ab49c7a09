/** Shared by the batch tests: a 100-video batch with known failures, a webhook receiver, polling. */
import http from 'node:http';
import { Worker } from '@temporalio/worker';
import type { Client } from '@temporalio/client';
import { VIDEO_NO_CAPTIONS, VIDEO_UNAVAILABLE, generatedVideoId } from '../fake-youtube';
import { createLogger } from '../../src/logger';
import { routeTemporalLogs } from '../../src/runtime/temporal-logging';
import { workflowBundle } from '../support/infrastructure';
import { call } from '../support/test-service';

export interface MixedBatch {
  videos: Array<{ url: string; options?: Record<string, unknown> }>;
  /** Per index: 'completed' or the failure code the job must end with. */
  expected: string[];
  successful: number;
  failed: number;
}

/**
 * `count` videos, most of them synthesised (gen...), every tenth unavailable and every tenth
 * without captions, in address forms a client would send.
 */
export function mixedBatch(count: number, seed: number): MixedBatch {
  const videos: MixedBatch['videos'] = [];
  const expected: string[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 10 === 3) {
      videos.push({ url: `https://www.youtube.com/watch?v=${VIDEO_UNAVAILABLE}` });
      expected.push('VIDEO_UNAVAILABLE');
    } else if (i % 10 === 7) {
      videos.push({ url: `https://youtu.be/${VIDEO_NO_CAPTIONS}` });
      expected.push('TRANSCRIPT_UNAVAILABLE');
    } else {
      const id = generatedVideoId(seed + i);
      videos.push(i % 2 === 0 ? { url: id } : { url: `https://www.youtube.com/shorts/${id}`, options: { summary_modes: ['tldr', 'key_insights'] } });
      expected.push('completed');
    }
  }
  const successful = expected.filter((e) => e === 'completed').length;
  return { videos, expected, successful, failed: count - successful };
}

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: any;
}

export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      try {
        received.push({ headers: req.headers, body: JSON.parse(raw) });
      } catch {
        received.push({ headers: req.headers, body: raw });
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/batches`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls a batch's status until it has ended, keeping every answer. */
export async function pollBatch(
  service: { url: string },
  key: string,
  batchId: string,
  options: { timeoutMs?: number; intervalMs?: number; onSnapshot?: (status: any) => Promise<void> | void } = {},
) {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  const seen: any[] = [];
  for (;;) {
    const res = await call(service, 'GET', `/api/v1/batch/status/${batchId}`, { key });
    if (res.status !== 200) throw new Error(`status ${res.status}: ${res.text}`);
    seen.push(res.json);
    await options.onSnapshot?.(res.json);
    if (res.json.status !== 'processing') return { final: res.json, seen };
    if (Date.now() > deadline) throw new Error(`batch ${batchId} did not end: ${JSON.stringify({ ...res.json, jobs: undefined })}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200));
  }
}

/** What every status answer of a batch must satisfy, whatever its moment. */
export function expectConsistentStatus(status: any, total: number, concurrency: number) {
  expect(status.total_jobs).toBe(total);
  expect(status.completed_jobs + status.failed_jobs + status.processing_jobs + status.queued_jobs).toBe(total);
  expect(status.jobs).toHaveLength(total);
  // The window: never more children running than BATCH_CONCURRENCY.
  expect(status.processing_jobs).toBeLessThanOrEqual(concurrency);
  expect(status.progress_percentage).toBeGreaterThanOrEqual(0);
  expect(status.progress_percentage).toBeLessThanOrEqual(status.status === 'processing' ? 99 : 100);
}

/** Replays the parent workflow's history against the current bundle: it must be deterministic. */
export async function replayBatchHistory(client: Client, batchId: string) {
  routeTemporalLogs(createLogger('silent', 'test'));
  const history = await client.workflow.getHandle(batchId).fetchHistory();
  await Worker.runReplayHistory({ workflowBundle: workflowBundle(), replayName: 'batch-replay' }, history, batchId);
  return history.events?.length ?? 0;
}

/**
 * The /metrics listener's merge of another exporter's text into its own (what it does with the
 * Temporal core's): served after ours in one valid scrape; a family ours already has is dropped
 * from theirs rather than sent twice; and an exporter that is down leaves ours served.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '../../src/logger';
import { startMetricsServer, type MetricsServer } from '../../src/metrics/metrics-server';
import { createServiceMetrics } from '../../src/metrics/service-metrics';
import { freePort } from '../support/ports';
import { scrape, valueOf } from './prometheus-text';

const OTHER_EXPORTER_TEXT = [
  '# HELP process_cpu_seconds_total The other exporter also measures the process',
  '# TYPE process_cpu_seconds_total counter',
  'process_cpu_seconds_total 123456',
  '# HELP temporal_worker_task_slots_available Current number of available slots per task type',
  '# TYPE temporal_worker_task_slots_available gauge',
  'temporal_worker_task_slots_available{task_queue="q",worker_type="ActivityWorker"} 8',
  '# HELP temporal_request_latency_seconds Histogram of client request latencies',
  '# TYPE temporal_request_latency_seconds histogram',
  'temporal_request_latency_seconds_bucket{operation="Poll",le="0.5"} 1',
  'temporal_request_latency_seconds_bucket{operation="Poll",le="+Inf"} 2',
  'temporal_request_latency_seconds_sum{operation="Poll"} 0.75',
  'temporal_request_latency_seconds_count{operation="Poll"} 2',
  '',
].join('\n');

let exporter: http.Server;
let exporterUrl: string;
let server: MetricsServer;

beforeAll(async () => {
  exporter = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(OTHER_EXPORTER_TEXT));
  await new Promise<void>((resolve) => exporter.listen(0, '127.0.0.1', resolve));
  exporterUrl = `http://127.0.0.1:${(exporter.address() as AddressInfo).port}/metrics`;
  const metrics = createServiceMetrics();
  metrics.jobEnded({ status: 'completed' }, 3);
  server = await startMetricsServer({ host: '127.0.0.1', port: await freePort(), registry: metrics.registry, logger: createLogger('silent', 'test') });
  server.include(exporterUrl);
});

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => exporter?.close(resolve));
});

it("serves the other exporter's families after its own, and keeps its own where both have one", async () => {
  const result = await scrape(`${server.url}/metrics`);
  expect(valueOf(result, 'video_digest_jobs_completed_total')).toBe(1);
  expect(valueOf(result, 'temporal_worker_task_slots_available', { worker_type: 'ActivityWorker' })).toBe(8);
  expect(valueOf(result, 'temporal_request_latency_seconds_count', { operation: 'Poll' })).toBe(2);
  expect(result.families.get('temporal_request_latency_seconds')).toBe('histogram');
  // Declared once (the parser refuses a second declaration), with this process's own value.
  expect(result.text.match(/^# TYPE process_cpu_seconds_total /gm)).toHaveLength(1);
  expect(valueOf(result, 'process_cpu_seconds_total')).toBeLessThan(123456);
  expect(result.text.indexOf('video_digest_jobs_completed_total')).toBeLessThan(result.text.indexOf('temporal_worker_task_slots_available'));
});

it('serves its own metrics when the other exporter does not answer', async () => {
  const down = `http://127.0.0.1:${await freePort()}/metrics`;
  server.include(down);
  const result = await scrape(`${server.url}/metrics`);
  expect(valueOf(result, 'video_digest_jobs_completed_total')).toBe(1);
  expect(valueOf(result, 'temporal_worker_task_slots_available')).toBe(8);
});

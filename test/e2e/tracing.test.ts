/**
 * Traces: one trace from the API request through the workflow to every activity, with the
 * caller's own trace continued when it sends a `traceparent`. The service runs as in production
 * (real API, Temporal, worker with a tracing bundle); spans are collected in memory. A second part
 * sends spans through the real OTLP/HTTP exporter to a local collector, as OTEL_EXPORTER_OTLP_ENDPOINT
 * configures it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { SpanKind } from '@opentelemetry/api';
import { VIDEO_MANUAL_AND_AUTO, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';
import { startTracing, tracingFromConfig, type Tracing } from '../../src/tracing/tracing';
import { loadConfig } from '../../src/config';
import { buildWorkflowBundle } from '../../workers/workflow-bundle';
import { replayHistories } from '../../workers/replay-histories';
import { fetchWorkflowHistory, readHistoryFiles } from '../../src/temporal/workflow-histories';
import { workflowBundle } from '../support/infrastructure';
import { createTemporalClient } from '../../src/temporal/client';
import path from 'node:path';

const CALLER_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN_ID = '00f067aa0ba902b7';

describe('a job submitted with tracing on', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing;
  let youtube: FakeYouTube;
  let service: TestService;
  let spans: ReadableSpan[];
  let jobId: string;
  let tracedBundle: { code: string };

  beforeAll(async () => {
    tracedBundle = await buildWorkflowBundle({ tracing: true });
    tracing = startTracing({ serviceName: 'video-digest-test', spanProcessor: new SimpleSpanProcessor(exporter) });
    youtube = await startFakeYouTube();
    service = await startTestService({
      youtubeBaseUrl: youtube.baseUrl,
      tracing,
      workflowBundle: tracedBundle,
      env: { ALLOW_PRIVATE_WEBHOOKS: 'true' },
    });
    const { key } = await service.createUser('pro');
    const submitted = await call(service, 'POST', '/api/v1/videos/process', {
      key,
      body: { url: `https://youtu.be/${VIDEO_MANUAL_AND_AUTO}`, options: { summary_modes: ['tldr', 'key_insights'] } },
      headers: { traceparent: `00-${CALLER_TRACE_ID}-${CALLER_SPAN_ID}-01` },
    });
    expect(submitted.status).toBe(202);
    jobId = submitted.json.job_id;
    const { final } = await waitForJob(service, key, jobId);
    expect(final.status).toBe('completed');
    // The workflow's own span ends with its last activation, a moment after the status says completed.
    const deadline = Date.now() + 10_000;
    while (!exporter.getFinishedSpans().some((span) => span.name === 'RunWorkflow:videoJobWorkflow') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    spans = exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === CALLER_TRACE_ID);
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await youtube?.close();
    await tracing?.shutdown();
  });

  const named = (name: string) => spans.filter((span) => span.name === name);
  const byId = () => new Map(spans.map((span) => [span.spanContext().spanId, span]));
  /** Span names from `span` up to the trace's root, which the caller owns. */
  function ancestry(span: ReadableSpan): string[] {
    const index = byId();
    const names: string[] = [];
    let parentId = span.parentSpanId;
    while (parentId && index.has(parentId)) {
      const parent = index.get(parentId)!;
      names.push(parent.name);
      parentId = parent.parentSpanId;
    }
    names.push(parentId ?? '(root)');
    return names;
  }

  it('continues the caller trace in a server span named by the route template', () => {
    const [server] = named('POST /api/v1/videos/process');
    expect(server).toBeDefined();
    expect(server!.kind).toBe(SpanKind.SERVER);
    expect(server!.parentSpanId).toBe(CALLER_SPAN_ID);
    expect(server!.attributes).toMatchObject({ 'http.route': '/api/v1/videos/process', 'http.response.status_code': 202 });
  });

  it('starts the workflow inside the request, and runs it in the same trace', () => {
    const [start] = named('StartWorkflow:videoJobWorkflow');
    expect(start).toBeDefined();
    expect(ancestry(start!)).toEqual(['POST /api/v1/videos/process', CALLER_SPAN_ID]);
    const [run] = named('RunWorkflow:videoJobWorkflow');
    expect(run).toBeDefined();
    expect(ancestry(run!)).toEqual(['StartWorkflow:videoJobWorkflow', 'POST /api/v1/videos/process', CALLER_SPAN_ID]);
  });

  it('traces every activity the job ran, each a descendant of the request', () => {
    const activities = spans.filter((span) => span.name.startsWith('RunActivity:'));
    const names = new Set(activities.map((span) => span.name));
    for (const expected of ['RunActivity:fetchVideoMetadata', 'RunActivity:fetchTranscript', 'RunActivity:writeSummaries', 'RunActivity:finishJob']) expect(names).toContain(expected);
    expect(activities.length).toBeGreaterThanOrEqual(4);
    for (const activity of activities) {
      const chain = ancestry(activity);
      expect(chain).toContain('RunWorkflow:videoJobWorkflow');
      expect(chain.slice(-2)).toEqual(['POST /api/v1/videos/process', CALLER_SPAN_ID]);
    }
  });

  it('traces status reads as their own requests, with the id kept out of the span name', async () => {
    const before = exporter.getFinishedSpans().length;
    const { key } = await service.createUser('pro');
    await call(service, 'GET', `/api/v1/videos/status/${jobId}`, { key });
    const read = exporter.getFinishedSpans().slice(before).find((span) => span.kind === SpanKind.SERVER);
    expect(read?.name).toBe('GET /api/v1/videos/status/:job_id');
    expect(read?.name).not.toContain(jobId);
  });

  it('keeps a batch, its child jobs and its webhook delivery in the trace of the request that submitted it', async () => {
    const receiver = http.createServer((req, res) => req.resume().on('end', () => res.writeHead(204).end()));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { key } = await service.createUser('pro');
      const traceId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
      const submitted = await call(service, 'POST', '/api/v1/batch/process', {
        key,
        body: {
          videos: [{ url: VIDEO_MANUAL_AND_AUTO }, { url: `https://youtu.be/${VIDEO_MANUAL_AND_AUTO}`, options: { summary_modes: ['detailed'] } }],
          webhook_url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
        },
        headers: { traceparent: `00-${traceId}-${CALLER_SPAN_ID}-01` },
      });
      expect(submitted.status).toBe(202);
      const inTrace = () => exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
      const deadline = Date.now() + 60_000;
      while (!inTrace().some((span) => span.name === 'RunWorkflow:webhookDeliveryWorkflow') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const names = inTrace().map((span) => span.name);
      expect(names).toContain('POST /api/v1/batch/process');
      expect(names).toContain('RunWorkflow:batchWorkflow');
      expect(names.filter((name) => name === 'RunWorkflow:videoJobWorkflow')).toHaveLength(2);
      expect(names).toContain('RunWorkflow:webhookDeliveryWorkflow');
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 90_000);

  it('lets workflows started without tracing replay on a tracing worker, and the other way round', async () => {
    const saved = readHistoryFiles([path.join(__dirname, '../workflows/histories')]);
    expect(saved.length).toBeGreaterThan(10);
    expect(await replayHistories(saved, tracedBundle as never, tracing)).toEqual({ replayed: saved.length, failed: [] });
    // This job ran traced; a worker with tracing turned off must still replay it.
    const temporal = createTemporalClient({ address: service.config.temporal.address!, namespace: service.config.temporal.namespace, taskQueue: service.config.temporal.taskQueue });
    const traced = await fetchWorkflowHistory(temporal.client, jobId).finally(() => temporal.close());
    expect(await replayHistories([{ workflowId: jobId, history: traced }], workflowBundle() as never)).toEqual({ replayed: 1, failed: [] });
  }, 120_000);
});

describe('OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('is off when unset: no tracing is started', () => {
    expect(tracingFromConfig(loadConfig({}).tracing)).toBeNull();
  });

  it('sends spans to the collector at {endpoint}/v1/traces as OTLP/HTTP', async () => {
    const received: { path: string; contentType: string; body: any }[] = [];
    const collector = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ path: req.url ?? '', contentType: String(req.headers['content-type']), body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/`;
    const tracing = tracingFromConfig(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'digest-under-test' }).tracing);
    try {
      expect(tracing).not.toBeNull();
      tracing!.tracer.startSpan('exported-span').end();
      await tracing!.shutdown(); // flushes the batch
    } finally {
      await new Promise((resolve) => collector.close(resolve));
    }
    expect(received.map((request) => request.path)).toEqual(['/v1/traces']);
    expect(received[0]!.contentType).toContain('application/json');
    const [resourceSpans] = received[0]!.body.resourceSpans;
    const serviceName = resourceSpans.resource.attributes.find((attribute: any) => attribute.key === 'service.name');
    expect(serviceName.value.stringValue).toBe('digest-under-test');
    expect(resourceSpans.scopeSpans.flatMap((scope: any) => scope.spans.map((span: any) => span.name))).toEqual(['exported-span']);
  });
});

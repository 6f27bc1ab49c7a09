import http from 'node:http';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { createApp } from '../http/app';
import { startReconciler } from './reconciler';
import { SUBMISSION_START_TIMEOUT_MS } from '../jobs/start-workflow';
import { settleLiveQueries } from '../jobs/live-progress';
import { createJobLookup } from '../jobs/job-lookup';
import { createKeyResolver } from '../auth/key-resolver';
import { createTemporalClient } from '../temporal/client';
import type { Infrastructure } from './infrastructure';
import { createUsageRecorder } from '../usage/recorder';
import { createDrain } from '../http/drain';
import { answerClientError } from '../http/client-error';
import { createArtifactStore } from '../artifacts/open-artifact-store';
import { createPdfRenderer } from '../pdf/pdf-renderer';
import { CHECK_TIMEOUT_MS } from '../http/routes/health';
import { createPdfExports } from '../jobs/pdf-exports';
import { tracingClientInterceptors } from '../tracing/temporal-tracing';
import { listenOn } from '../lib/listen';

export interface RunningApi {
  server: http.Server;
  url: string;
  /**
   * Drains: new requests are refused (503, or a refused connection once the listener is closed),
   * requests in flight may finish until `graceDeadline` (default SHUTDOWN_GRACE_SECONDS from now),
   * then the connections still open are dropped. What it closes (the usage log, the Temporal
   * client, the PDF renderer) stays open until no request is being handled, those whose clients
   * hung up included, or until that deadline.
   */
  close(graceDeadline?: number): Promise<void>;
}

export interface ApiServerOptions {
  /** Record authenticated requests for the usage endpoints (default true; benchmarks turn it off to measure it). */
  recordRequests?: boolean;
}

export async function startApiServer(config: Config, infra: Infrastructure, logger: Logger, options: ApiServerOptions = {}): Promise<RunningApi> {
  const temporal = createTemporalClient({
    address: infra.temporalAddress,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    callTimeoutMs: config.temporal.callTimeoutMs,
    methodTimeoutsMs: { QueryWorkflow: config.http.statusQueryTimeoutMs, GetSystemInfo: CHECK_TIMEOUT_MS, StartWorkflowExecution: SUBMISSION_START_TIMEOUT_MS },
    uiUrl: infra.temporalUiUrl,
    interceptors: infra.tracing ? tracingClientInterceptors(infra.tracing) : undefined,
  });
  const db = infra.database.db;
  const drain = createDrain();
  const artifacts = createArtifactStore(config.artifacts, config.process.dataDir);
  const pdfRenderer = createPdfRenderer({ maxThreads: config.exports.renderThreads });
  const services = {
    db,
    store: infra.store,
    temporal,
    logger,
    config,
    jobs: createJobLookup(db),
    keys: await createKeyResolver(db, infra.store),
    usageRecorder: options.recordRequests === false ? undefined : createUsageRecorder(db, logger),
    drain,
    artifacts,
    pdfExports: createPdfExports({
      db,
      artifacts,
      renderer: pdfRenderer,
      // Read when a render starts: tests set publicBaseUrl once the port is known.
      get publicBaseUrl() {
        return config.http.publicBaseUrl;
      },
      rendersPerUser: config.exports.rendersPerUser,
    }),
    tracer: infra.tracing?.tracer,
    metrics: infra.metrics,
  };
  const app = createApp(services);
  const handleRequest = app.callback();
  const server = http.createServer((req, res) => drain.track(handleRequest(req, res)));
  server.on('clientError', answerClientError);
  // Slow clients must not hold sockets forever; long polls are not part of this API.
  server.requestTimeout = 60_000;
  server.headersTimeout = 20_000;
  server.keepAliveTimeout = 5_000;
  await listenOn(server, { port: config.http.port, host: config.http.host, portSetting: 'PORT', hostSetting: 'HOST' });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.http.port;
  const reconciler = startReconciler(services);
  logger.info({ port }, 'API listening');
  return {
    server,
    url: `http://127.0.0.1:${port}`,
    close: async (graceDeadline = Date.now() + config.process.shutdownGraceSeconds * 1000) => {
      drain.track(reconciler.stop());
      drain.begin();
      // Stop accepting. Until the deadline, the connections open may finish their requests, and
      // work that outlives a connection may finish too: a handler whose client hung up (a job
      // half-submitted, a usage row not yet recorded) or a reconciler round. Then the connections
      // left are dropped, and what that work used is closed.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      drain.track(closed);
      server.closeIdleConnections();
      await drain.idle(graceDeadline);
      server.closeAllConnections();
      await closed;
      await services.usageRecorder?.close();
      await settleLiveQueries(temporal.client);
      await temporal.close();
      await pdfRenderer.close();
      await services.artifacts.close();
    },
  };
}

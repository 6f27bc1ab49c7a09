/** The Koa application: middleware, the declared routes and the OpenAPI document. */
import Koa from 'koa';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { JobServices } from '../jobs/services';
import type { KeyResolver } from '../auth/key-resolver';
import { errorEnvelope } from './middleware/errors';
import { requestId } from './middleware/request-id';
import { coalesceResponses } from './middleware/coalesce-responses';
import { observeRequests } from './middleware/observe-requests';
import { API_TITLE, buildOpenApiDocument } from './openapi';
import { mountApiReference } from './api-reference';
import { defineRoute, type AnyRoute } from './route';
import { buildRouters } from './router';
import { healthRoute } from './routes/health';
import { proxyRoutes } from './routes/proxies/proxy-routes';
import { authRoutes } from './routes/auth/auth-routes';
import { accountRoutes } from './routes/account/account-routes';
import { listJobsRoute } from './routes/videos/list';
import { processVideoRoute } from './routes/videos/process';
import { jobResultRoute } from './routes/videos/result';
import { exportPdfRoute } from './routes/videos/export-pdf';
import { markdownExportRoute, transcriptDownloadRoute } from './routes/videos/downloads';
import { jobInfographicRoute } from './routes/videos/infographic';
import type { ArtifactStore } from '../artifacts/artifact-store';
import type { PdfExports } from '../jobs/pdf-exports';
import { jobStatusRoute } from './routes/videos/status';
import { processVideoSyncRoute } from './routes/videos/process-sync';
import { thumbnailsRoute } from './routes/videos/thumbnails';
import type { RequestState } from './route';
import { createThrottle, type Throttle } from '../usage/throttle';
import { createAuthFailureLimit } from './auth-failure-limit';
import { usageRoutes } from './routes/usage/usage-routes';
import { batchRoutes } from './routes/batch/batch-routes';
import { webhookRoutes } from './routes/webhooks/webhook-routes';
import { recordApiRequests } from './middleware/record-api-requests';
import type { UsageRecorder } from '../usage/recorder';
import { drainGate, type Drain } from './drain';
import { traceRequests } from './middleware/trace-requests';
import type { Tracer } from '@opentelemetry/api';
import { measureRequests } from './middleware/request-metrics';

export interface ApiServices extends JobServices {
  config: Pick<Config, 'auth' | 'http' | 'jobs' | 'limits' | 'llm' | 'webhooks' | 'youtube'>;
  logger: Logger;
  keys: KeyResolver;
  /** Records authenticated requests for the usage endpoints; absent = not recorded. */
  usageRecorder?: UsageRecorder;
  /** Where job files (infographics) are read from. */
  artifacts: ArtifactStore;
  /** Completed jobs as PDF, rendered once off the event loop and kept. */
  pdfExports: PdfExports;
  /** Shutdown state: absent, the app never drains (tests that build it alone). */
  drain?: Drain;
  /** Present when traces are exported (OTEL_EXPORTER_OTLP_ENDPOINT): each request gets a server span. */
  tracer?: Tracer;
}

export function apiRoutes(services: ApiServices): AnyRoute[] {
  return [
    healthRoute(services),
    processVideoRoute(services),
    jobStatusRoute(services),
    jobResultRoute(services),
    exportPdfRoute(services),
    markdownExportRoute(services),
    transcriptDownloadRoute(services),
    jobInfographicRoute(services),
    listJobsRoute(services),
    ...batchRoutes(services),
    ...webhookRoutes(services),
    ...proxyRoutes(services),
    ...authRoutes(services),
    ...accountRoutes(services),
    processVideoSyncRoute(services),
    thumbnailsRoute(),
  ];
}

/**
 * Every declared route the app serves, /openapi.json included: the router and the OpenAPI document
 * are both built from this list (and so is the typed client, through the document).
 */
export function declaredRoutes(services: ApiServices, throttle: Throttle): AnyRoute[] {
  const routes = [...apiRoutes(services), ...usageRoutes({ ...services, throttle })];
  let openApiDocument: unknown;
  const openApiRoute = defineRoute({
    method: 'get',
    path: '/openapi.json',
    summary: 'This OpenAPI document',
    tags: ['meta'],
    auth: { kind: 'none' },
    responses: { 200: { description: 'OpenAPI 3.1' } },
    async handler() {
      openApiDocument ??= buildOpenApiDocument([...routes, openApiRoute], services.config.http.publicBaseUrl);
      return { body: openApiDocument as Record<string, unknown> };
    },
  });
  return [...routes, openApiRoute];
}

export function createApp(services: ApiServices): Koa<RequestState> {
  const throttle = createThrottle(services.store, services.config.limits.plans, services.metrics);
  const routes = declaredRoutes(services, throttle);

  const app = new Koa<RequestState>({ proxy: false });
  app.silent = true; // errors are logged by the envelope middleware, once and without secrets
  const routers = buildRouters(routes, {
    keys: services.keys,
    throttle,
    authFailures: createAuthFailureLimit(services.store, services.config.limits.authFailuresPerIpPerMinute, services.metrics),
    legacyKeyPrefix: services.config.auth.legacyKeyPrefix,
    requireApiAuth: services.config.auth.required,
    requestDeadlineMs: services.config.http.requestDeadlineMs,
  });
  mountApiReference(routers.others, { title: API_TITLE });
  app.use(coalesceResponses());
  app.use(requestId);
  const observers = [
    ...(services.metrics ? [measureRequests(services.metrics)] : []),
    ...(services.usageRecorder ? [recordApiRequests(services.usageRecorder)] : []),
  ];
  if (observers.length > 0) app.use(observeRequests(observers));
  if (services.tracer) app.use(traceRequests(services.tracer));
  app.use(errorEnvelope(services.logger));
  if (services.drain) app.use(drainGate(services.drain));
  app.use(routers.middleware());
  return app;
}

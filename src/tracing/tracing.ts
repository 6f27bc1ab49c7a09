/**
 * OpenTelemetry tracing for one process: a tracer provider registered globally (so the Temporal
 * interceptors and the request middleware share its context and W3C propagation), exporting to
 * OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is set. With no endpoint nothing is registered, so the
 * API's tracer calls stay the no-op defaults and no interceptor runs.
 */
import { context, propagation, trace, type Tracer } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Config } from '../config';

const TRACER_NAME = 'video-digest';

export interface Tracing {
  tracer: Tracer;
  /** Spans recorded inside the workflow sandbox leave through this (Temporal's workflow exporter sink). */
  spanProcessor: SpanProcessor;
  resource: Resource;
  /** Exports what is buffered, then unregisters the globals. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  serviceName: string;
  /** Where spans go; production batches them, tests pass an in-memory exporter with a simple processor. */
  spanProcessor: SpanProcessor;
}

/**
 * The SDK, loaded only by a process that traces: without OTEL_EXPORTER_OTLP_ENDPOINT (the default)
 * it is never needed, and an idle service is several megabytes smaller without it.
 */
function sdk() {
  return {
    ...(require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http')),
    ...(require('@opentelemetry/resources') as typeof import('@opentelemetry/resources')),
    ...(require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base')),
    ...(require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node')),
  };
}

export function startTracing(options: TracingOptions): Tracing {
  const { Resource, NodeTracerProvider } = sdk();
  const resource = new Resource({ 'service.name': options.serviceName });
  const provider = new NodeTracerProvider({ resource, spanProcessors: [options.spanProcessor] });
  // AsyncLocalStorage context and W3C trace-context propagation, for the whole process.
  provider.register();
  return {
    tracer: provider.getTracer(TRACER_NAME),
    spanProcessor: options.spanProcessor,
    resource,
    shutdown: async () => {
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}

/** The process's tracing per OTEL_EXPORTER_OTLP_ENDPOINT, or null when it is unset. */
export function tracingFromConfig(tracing: Config['tracing']): Tracing | null {
  if (!tracing.otlpEndpoint) return null;
  // The endpoint variable names the collector's root; traces go to its /v1/traces (OTLP/HTTP spec).
  const url = `${tracing.otlpEndpoint.replace(/\/+$/, '')}/v1/traces`;
  const { BatchSpanProcessor, OTLPTraceExporter } = sdk();
  return startTracing({
    serviceName: tracing.serviceName,
    spanProcessor: new BatchSpanProcessor(new OTLPTraceExporter({ url }) as SpanExporter),
  });
}

/**
 * Carries a trace across Temporal: the client puts the caller's span context in the workflow's
 * headers, the workflow (in its sandbox) continues it and passes it to each activity and child
 * workflow, and the activities continue it in the worker. Temporal's own OpenTelemetry
 * interceptors do the work; this module only assembles them for our client and worker.
 */
import type { ClientInterceptors } from '@temporalio/client';
import type { WorkerOptions } from '@temporalio/worker';
import type { Tracing } from './tracing';

/** The workflow-side interceptors; they must be bundled with the workflow code (workers/workflow-bundle.ts). */
export const WORKFLOW_TRACING_INTERCEPTORS = require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors');

/** Loaded only when traces are exported, like the tracing SDK under it (tracing.ts). */
function interceptors() {
  return require('@temporalio/interceptors-opentelemetry') as typeof import('@temporalio/interceptors-opentelemetry');
}

export function tracingClientInterceptors(tracing: Tracing): ClientInterceptors {
  const { OpenTelemetryWorkflowClientInterceptor } = interceptors();
  return { workflow: [new OpenTelemetryWorkflowClientInterceptor({ tracer: tracing.tracer })] };
}

export function tracingWorkerOptions(tracing: Tracing): Pick<WorkerOptions, 'interceptors' | 'sinks'> {
  const { OpenTelemetryActivityInboundInterceptor, OpenTelemetryActivityOutboundInterceptor, makeWorkflowExporter } = interceptors();
  return {
    interceptors: {
      activity: [
        (ctx) => ({
          inbound: new OpenTelemetryActivityInboundInterceptor(ctx, { tracer: tracing.tracer }),
          outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
      ],
    },
    sinks: { exporter: makeWorkflowExporter(tracing.spanProcessor, tracing.resource) },
  };
}

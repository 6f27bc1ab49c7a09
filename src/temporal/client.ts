/** The Temporal client the API uses to start and query workflows. */
import { Client, Connection, defaultGrpcRetryOptions, makeGrpcRetryInterceptor, type ClientInterceptors, type ConnectionOptions } from '@temporalio/client';
import { scopeCallContextSynchronously } from './call-context';

type GrpcInterceptor = NonNullable<ConnectionOptions['interceptors']>[number];

/** Default bound on one Temporal call; TEMPORAL_CALL_TIMEOUT_MS in the service. */
export const DEFAULT_TEMPORAL_CALL_TIMEOUT_MS = 10_000;

export interface TemporalHandle {
  client: Client;
  connection: Connection;
  taskQueue: string;
  /** The workflow's page in the Temporal Web UI, for logs; null when no UI is known. */
  uiLink(workflowId: string): string | null;
  close(): Promise<void>;
}

/** A workflow's page in the Temporal Web UI at `uiUrl`. */
export function workflowUiLink(uiUrl: string, namespace: string, workflowId: string): string {
  return `${uiUrl.replace(/\/+$/, '')}/namespaces/${encodeURIComponent(namespace)}/workflows/${encodeURIComponent(workflowId)}`;
}

/**
 * Lazy, so the API starts (and answers /health with 503) even while Temporal is down; the
 * connection is made on first use and re-made after failures.
 */
export function createTemporalClient(options: {
  address: string;
  namespace: string;
  taskQueue: string;
  /** Bound on connecting and on each call that sets no deadline of its own. */
  callTimeoutMs?: number;
  /**
   * Tighter bounds for some calls, by gRPC method name (e.g. QueryWorkflow for the status route's
   * live progress). Set here rather than with `withDeadline`, which scopes the call with an
   * AsyncLocalStorage: once one has run, Node 20 calls a hook on every promise the process creates,
   * a large share of the API's CPU per request (bench/status-route.ts).
   */
  methodTimeoutsMs?: Partial<Record<BoundedMethod, number>>;
  /** The Temporal Web UI's address, for links to workflows. */
  uiUrl?: string | null;
  /** Client interceptors, e.g. trace propagation into the workflows it starts. */
  interceptors?: ClientInterceptors;
}): TemporalHandle {
  const callTimeoutMs = options.callTimeoutMs ?? DEFAULT_TEMPORAL_CALL_TIMEOUT_MS;
  const connection = Connection.lazy({
    address: options.address,
    connectTimeout: callTimeoutMs,
    // Outermost, so the deadline bounds the retries as a whole, not each attempt.
    interceptors: [defaultDeadline(callTimeoutMs, options.methodTimeoutsMs ?? {}), makeGrpcRetryInterceptor(defaultGrpcRetryOptions())],
  });
  scopeCallContextSynchronously(connection);
  const client = new Client({ connection, namespace: options.namespace, interceptors: options.interceptors });
  const uiUrl = options.uiUrl ?? null;
  return {
    client,
    connection,
    taskQueue: options.taskQueue,
    uiLink: (workflowId) => (uiUrl ? workflowUiLink(uiUrl, options.namespace, workflowId) : null),
    close: () => connection.close(),
  };
}

// Waiting for a result or an update is the call's purpose: the server answers these long polls
// within its own interval, and callers that need a bound set one (await-job does).
const LONG_POLLS = /\/(GetWorkflowExecutionHistory|PollWorkflowExecutionUpdate)$/;

/** Workflow-service methods the API bounds more tightly than the default. */
export type BoundedMethod = 'QueryWorkflow' | 'GetSystemInfo' | 'StartWorkflowExecution';

/**
 * gRPC calls have no deadline unless the caller sets one, and a Temporal that accepts the
 * connection but never answers would hold the caller (and an API request) forever.
 */
function defaultDeadline(timeoutMs: number, methodTimeoutsMs: Partial<Record<BoundedMethod, number>>): GrpcInterceptor {
  // grpc-js only needs the call interface back; wrapping it in an InterceptingCall adds nothing.
  return (callOptions, nextCall) => {
    const path = callOptions.method_definition.path;
    if (callOptions.deadline !== undefined || LONG_POLLS.test(path)) return nextCall(callOptions) as ReturnType<GrpcInterceptor>;
    const method = path.slice(path.lastIndexOf('/') + 1) as BoundedMethod;
    const bound = methodTimeoutsMs[method] ?? timeoutMs;
    return nextCall({ ...callOptions, deadline: Date.now() + bound }) as ReturnType<GrpcInterceptor>;
  };
}

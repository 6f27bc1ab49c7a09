/**
 * One server span per request, continuing a caller's W3C `traceparent` when it sends one. It is
 * the root of the job's trace: the workflow started inside the request (and so every activity)
 * becomes its descendant through the Temporal client interceptor, which reads the active context.
 */
import { context, propagation, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import type { Middleware } from 'koa';
import type { RequestState } from '../route';

export function traceRequests(tracer: Tracer): Middleware<RequestState> {
  return async (ctx, next) => {
    const parent = propagation.extract(context.active(), ctx.headers);
    const span = tracer.startSpan(`${ctx.method}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path } }, parent);
    try {
      await context.with(trace.setSpan(parent, span), next);
    } finally {
      // The declared route is known once the router has run; ids stay out of the span name.
      // Routes mounted outside the declared list (the /docs page) are named by the router's match.
      const route = ctx.state.route?.path ?? (ctx as { _matchedRoute?: string | RegExp })._matchedRoute?.toString();
      if (route) {
        span.updateName(`${ctx.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', ctx.status);
      if (ctx.state.principal) span.setAttribute('enduser.id', ctx.state.principal.userId);
      if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
}

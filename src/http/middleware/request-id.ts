import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { RequestState } from '../route';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echoes a client's sane X-Request-Id, or makes one, on every response. */
export const requestId: Middleware<RequestState> = (ctx, next) => {
  const offered = ctx.get('x-request-id');
  ctx.state.requestId = SANE_REQUEST_ID.test(offered) ? offered : randomUUID();
  ctx.set('X-Request-Id', ctx.state.requestId);
  // Nothing to do afterwards: no async frame of its own on every request.
  return next();
};

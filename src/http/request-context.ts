import type { Context } from 'koa';
import type { Principal } from '../domain/access';
import type { ErrorCode } from '../domain/errors';
import type { AnyRoute } from './route';

/** What our middleware adds to Koa's state. */
export interface RequestState {
  requestId: string;
  /** The declared route the router dispatched to (absent for unknown paths). */
  route?: AnyRoute;
  principal?: Principal;
  /** The error code the client was answered with (set by the error envelope), for metrics. */
  errorCode?: ErrorCode;
}

export type AppContext = Context & { state: RequestState };

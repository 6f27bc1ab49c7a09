import type { Context } from 'koa';
import type { Principal } from '../domain/access';
import type { AnyRoute } from './route';

/** What our middleware adds to Koa's state. */
export interface RequestState {
  requestId: string;
  /** The declared route the router dispatched to (absent for unknown paths). */
  route?: AnyRoute;
  principal?: Principal;
}

export type AppContext = Context & { state: RequestState };

import type { Context } from 'koa';
import type { Principal } from '../domain/access';

/** What our middleware adds to Koa's state. */
export interface RequestState {
  requestId: string;
  principal?: Principal;
}

export type AppContext = Context & { state: RequestState };

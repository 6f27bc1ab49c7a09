/**
 * Deadlines on every database call, so a stalled or overloaded Postgres turns into an error the
 * API can answer (503) instead of a request that waits forever.
 *
 * The `pg` client used gives up its connection when a query outlives `query_timeout`.
 *
 * `pg` answers a timed-out query with "Query read timeout" but keeps the connection, with the query
 * still outstanding on it: whatever the server sends later (a BEGIN's reply, a row) is read by the
 * next borrower, which may find itself inside a transaction it never opened. Dropping the socket
 * makes the pool discard the client and the server roll back whatever it held.
 */
import { Client, type PoolConfig } from 'pg';

export const QUERY_READ_TIMEOUT = 'Query read timeout';

export class DeadlineClient extends Client {
  constructor(config?: ConstructorParameters<typeof Client>[0]) {
    super(config);
    // A borrowed client whose connection breaks (the server restarted or was killed, the network
    // cut) emits 'error' as well as failing its queries; the pool listens only to idle clients.
    // Unheard, the event would end the process. The failed queries carry the error to their
    // callers, and the pool drops the client, no longer queryable, when it is released.
    this.on('error', () => {});
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pg's query has a dozen overloads; this override must fit them all.
  override query(...args: unknown[]): any {
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (error: Error | null, result?: unknown) => void;
      args[last] = (error: Error | null, result?: unknown) => {
        if (error) this.abandonIfTimedOut(error);
        callback(error, result);
      };
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result && typeof (result as Promise<unknown>).catch === 'function') {
      // A branch of its own: the caller still receives the rejection from the original promise.
      (result as Promise<unknown>).catch((error: Error) => this.abandonIfTimedOut(error));
    }
    return result;
  }

  private abandonIfTimedOut(error: Error): void {
    if (error?.message !== QUERY_READ_TIMEOUT) return;
    const self = this as unknown as { _queryable: boolean; connection?: { stream?: { destroy(): void } } };
    // Not queryable: released to the pool, it is removed rather than handed out again.
    self._queryable = false;
    self.connection?.stream?.destroy();
  }
}

/**
 * Pool options for one bound `timeoutMs`: the wait for a pooled connection (a full pool or a
 * server that does not answer the handshake), the server cancelling a long statement, and, a
 * little later, the client giving up on a connection that stays silent (a stalled TCP path, where
 * the server's own timeout never reaches us).
 */
export function databaseDeadlines(timeoutMs: number): PoolConfig {
  return {
    Client: DeadlineClient,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + 1_000,
    keepAlive: true,
  };
}

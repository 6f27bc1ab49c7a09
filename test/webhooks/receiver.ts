/**
 * A local webhook receiver for tests and the benchmark. Each path has its own behaviour, set with
 * `behave(path, ...)`: fail the first N requests then accept, always fail, redirect, or accept.
 * Every request is recorded with its raw body, headers and arrival time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  receivedAt: number;
  answeredWith: number;
}

export type Behaviour =
  | { kind: 'accept'; status?: number }
  | { kind: 'fail-then-accept'; failures: number; failStatus?: number }
  | { kind: 'always-fail'; status?: number }
  | { kind: 'redirect'; location: string; status?: number }
  | { kind: 'hang' };

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  requestsTo(path: string): ReceivedRequest[];
  behave(path: string, behaviour: Behaviour): void;
  /** Resolves once `path` has had `count` requests. */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export async function startReceiver(options: { record?: boolean } = {}): Promise<Receiver> {
  const record = options.record ?? true;
  const behaviours = new Map<string, Behaviour>();
  const counts = new Map<string, number>();
  const requests: ReceivedRequest[] = [];
  const waiters = new Set<() => void>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const seen = (counts.get(path) ?? 0) + 1;
      counts.set(path, seen);
      const behaviour = behaviours.get(path) ?? { kind: 'accept' };
      let status: number;
      const headers: Record<string, string> = {};
      switch (behaviour.kind) {
        case 'accept':
          status = behaviour.status ?? 204;
          break;
        case 'fail-then-accept':
          status = seen <= behaviour.failures ? (behaviour.failStatus ?? 500) : 200;
          break;
        case 'always-fail':
          status = behaviour.status ?? 503;
          break;
        case 'redirect':
          status = behaviour.status ?? 302;
          headers.location = behaviour.location;
          break;
        case 'hang':
          status = 0;
          break;
      }
      if (record) {
        requests.push({
          path,
          method: req.method ?? '',
          headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
          body: Buffer.concat(chunks).toString('utf8'),
          receivedAt: Date.now(),
          answeredWith: status,
        });
        for (const wake of [...waiters]) wake();
      }
      if (behaviour.kind === 'hang') return; // never answers; the client's timeout ends it
      res.writeHead(status, headers);
      res.end(status === 204 ? undefined : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const requestsTo = (path: string) => requests.filter((r) => r.path === path);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    requestsTo,
    behave: (path, behaviour) => behaviours.set(path, behaviour),
    waitFor: (path, count, timeoutMs = 30_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const seen = requestsTo(path);
          if (seen.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(seen);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${path}: ${requestsTo(path).length} of ${count} requests within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A real forward proxy for tests, on node:http: CONNECT tunnels (what undici's ProxyAgent
 * uses, for http and https targets alike) and absolute-URI requests. It connects out from a
 * configurable loopback address (default 127.0.0.2), so the far side sees proxied traffic come
 * from another IP than direct traffic (127.0.0.1), the way YouTube would; the fake YouTube's
 * `refuseFrom` behaviour and `remoteAddress` log use that. It counts what passes through it and
 * can require Basic credentials.
 *
 * startHangingProxy() is a "proxy" that accepts connections and never answers.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';

export interface TestHttpProxyOptions {
  /** Local address of outgoing connections. Default 127.0.0.2. */
  egressAddress?: string;
  /** When set, requests without these Basic credentials get 407. */
  credentials?: { username: string; password: string };
  port?: number;
}

export interface TestHttpProxy {
  /** http://127.0.0.1:PORT, without credentials. */
  url: string;
  port: number;
  egressAddress: string;
  /** CONNECT tunnels opened, as "host:port". */
  tunnels: string[];
  /** Absolute-URI requests forwarded, as their URLs. */
  forwarded: string[];
  /** Requests and tunnels refused with 407. */
  refusedAuth: number;
  /** Tunnels plus forwarded requests. */
  readonly used: number;
  reset(): void;
  close(): Promise<void>;
}

export async function startHttpProxy(options: TestHttpProxyOptions = {}): Promise<TestHttpProxy> {
  const egressAddress = options.egressAddress ?? '127.0.0.2';
  const sockets = new Set<Socket>();
  const expectedAuth = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString('base64')}`
    : null;

  const authorised = (req: IncomingMessage) => expectedAuth === null || req.headers['proxy-authorization'] === expectedAuth;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!authorised(req)) {
      proxy.refusedAuth++;
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="test-proxy"', 'Content-Length': '0' });
      res.end();
      return;
    }
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400, { 'Content-Length': '0' });
      res.end();
      return;
    }
    proxy.forwarded.push(target.href);
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, via: '1.1 test-proxy' };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port || 80,
        path: target.pathname + target.search,
        method: req.method,
        headers,
        localAddress: egressAddress,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Length': '0' });
      res.end();
    });
    req.pipe(upstream);
  });

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    client.on('error', () => {});
    if (!authorised(req)) {
      proxy.refusedAuth++;
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test-proxy"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    let host: string;
    let port: number;
    try {
      const target = new URL(`http://${req.url ?? ''}`);
      host = target.hostname.replace(/^\[|\]$/g, '');
      port = Number(target.port || 443);
    } catch {
      client.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    proxy.tunnels.push(`${host}:${port}`);
    const upstream = net.connect({ host, port, localAddress: egressAddress });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      if (upstream.connecting) client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
      else client.destroy();
    });
    client.on('close', () => upstream.destroy());
  });

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await listen(server, options.port ?? 0);
  const { port } = server.address() as AddressInfo;

  const proxy: TestHttpProxy = {
    url: `http://127.0.0.1:${port}`,
    port,
    egressAddress,
    tunnels: [],
    forwarded: [],
    refusedAuth: 0,
    get used() {
      return proxy.tunnels.length + proxy.forwarded.length;
    },
    reset() {
      proxy.tunnels.length = 0;
      proxy.forwarded.length = 0;
      proxy.refusedAuth = 0;
    },
    close: () => closeServer(server, sockets),
  };
  return proxy;
}

/** Accepts TCP connections and never says a word: a proxy that times out. */
export async function startHangingProxy(): Promise<{ url: string; port: number; connections: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const state = { connections: 0 };
  const server = net.createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await listen(server, 0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    get connections() {
      return state.connections;
    },
    close: () => closeServer(server, sockets),
  };
}

/** A port on 127.0.0.1 with nothing listening: connections are refused. */
export async function deadPort(): Promise<number> {
  const server = net.createServer();
  await listen(server, 0);
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function listen(server: net.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: net.Server, sockets: Set<Socket>): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    for (const socket of sockets) socket.destroy();
  });
}

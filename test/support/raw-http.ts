/**
 * Requests fetch cannot make: a header sent twice (fetch joins repeats into one line), or from a
 * chosen loopback address (anything in 127.0.0.0/8 reaches the service on Linux), so per-address
 * limits can be tested without sharing a counter with every other test talking from 127.0.0.1.
 */
import http from 'node:http';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: any;
}

export function rawCall(
  service: { url: string },
  method: string,
  path: string,
  options: { headers?: Record<string, string | string[]>; body?: unknown; localAddress?: string } = {},
): Promise<RawResponse> {
  const url = new URL(path, service.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { method, host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, localAddress: options.localAddress, agent: false },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          let json: any = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = null;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, json });
        });
      },
    );
    request.on('error', reject);
    // An array value goes out as one header line per item.
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setHeader(name, value);
    if (options.body !== undefined) {
      request.setHeader('content-type', 'application/json');
      request.end(JSON.stringify(options.body));
    } else request.end();
  });
}

// A random start, so a rerun within the minute (against a Redis that kept its counters) is unlikely to reuse one.
let nextHost = Math.floor(Math.random() * 253);

/** A loopback address no other caller in this test file gets (127.0.0.2 to 127.0.0.254). */
export function privateLoopbackAddress(): string {
  nextHost = (nextHost + 1) % 253;
  return `127.0.0.${2 + nextHost}`;
}

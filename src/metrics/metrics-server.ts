/**
 * GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT), apart from the API so it
 * can stay on an internal address and is served even when the API drains or is absent (a worker).
 *
 * One scrape returns the process's own registry and, after it, the text of other exporters that
 * run inside the same process on loopback (the Temporal SDK core's). A family the registry already
 * has is dropped from theirs, since a repeated family makes Prometheus reject the whole scrape.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import { listenOn } from '../lib/listen';

/** A co-located exporter is on loopback and answers at once; a stuck one must not hold up the scrape. */
const INCLUDED_EXPORTER_TIMEOUT_MS = 2_000;

export interface MetricsServer {
  /** http://host:port of the listener. */
  url: string;
  /** Serves this exporter's text (e.g. http://127.0.0.1:PORT/metrics) after ours in every scrape. */
  include(exporterUrl: string): void;
  close(): Promise<void>;
}

export async function startMetricsServer(options: { host: string; port: number; registry: Registry; logger: Logger }): Promise<MetricsServer> {
  const { registry, logger } = options;
  const included = new Set<string>();
  const reportedCollisions = new Set<string>();

  async function scrape(): Promise<string> {
    const own = await registry.metrics();
    const ownFamilies = familyNames(own);
    const texts = [own];
    for (const url of included) {
      let text: string;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(INCLUDED_EXPORTER_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        text = await response.text();
      } catch (error) {
        // The Temporal runtime closes its exporter while no worker runs (between a worker's stop
        // and the next start); ours are still worth serving.
        logger.debug({ err: error, exporter: url }, 'an included metrics exporter did not answer');
        continue;
      }
      const { kept, dropped } = withoutFamilies(text, ownFamilies);
      for (const name of dropped) {
        if (reportedCollisions.has(name)) continue;
        reportedCollisions.add(name);
        logger.warn({ metric: name, exporter: url }, 'metric family served twice; the process registry keeps it');
      }
      texts.push(kept);
    }
    return texts.map((text) => (text === '' || text.endsWith('\n') ? text : `${text}\n`)).join('');
  }

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    scrape().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'collecting metrics failed');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Collecting metrics failed\n');
      },
    );
  });
  // Scrapers poll with short-lived requests; an idle keep-alive connection must not delay close().
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 30_000;
  await listenOn(server, { port: options.port, host: options.host, portSetting: 'METRICS_PORT', hostSetting: 'METRICS_HOST', otherChoice: ', or 0 for no metrics listener' });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  logger.info({ url: `${url}/metrics` }, 'serving metrics');

  let closing: Promise<void> | null = null;
  return {
    url,
    include(exporterUrl) {
      included.add(exporterUrl);
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}

/** Family names declared in Prometheus text (`# TYPE name kind`). */
export function familyNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const match = /^# TYPE (\S+) /.exec(line);
    if (match) names.add(match[1]!);
  }
  return names;
}

/**
 * Prometheus text without the given families: their HELP and TYPE lines and their samples (the
 * exposition format keeps a family's lines together, under its header).
 */
export function withoutFamilies(text: string, families: ReadonlySet<string>): { kept: string; dropped: string[] } {
  const dropped = new Set<string>();
  let current: string | null = null;
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    const header = /^# (?:HELP|TYPE) (\S+)/.exec(line);
    if (header) current = header[1]!;
    else if (line !== '' && !line.startsWith('#')) {
      const sample = /^[^{\s]+/.exec(line)?.[0] ?? '';
      // A sample outside any header (untyped) belongs to its own name.
      if (current === null || !belongsTo(sample, current)) current = sample;
    }
    if (current !== null && families.has(current)) {
      dropped.add(current);
      continue;
    }
    kept.push(line);
  }
  return { kept: kept.join('\n'), dropped: [...dropped] };
}

function belongsTo(sample: string, family: string): boolean {
  return sample === family || ['_bucket', '_sum', '_count', '_total', '_created'].some((suffix) => sample === family + suffix);
}

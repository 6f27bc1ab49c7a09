/**
 * GET /docs: the API reference as a web page, drawn from /openapi.json by Scalar's browser bundle,
 * which the service serves itself: the page fetches nothing from anywhere else, so it works
 * offline and behind firewalls. A page for people, not an API operation, so it stays out of the
 * OpenAPI document (and out of the typed client generated from it).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type Router from '@koa/router';
import type { Context } from 'koa';
import he from 'he';

export const API_REFERENCE_PATH = '/docs';
export const SCALAR_BUNDLE_PATH = '/docs/assets/scalar-api-reference.js';

// Resolved from the installed package, never copied into the repository; a missing package stops
// the service at start-up rather than at the first visit.
const scalarBundleFile = require.resolve('@scalar/api-reference/browser/standalone.js');
// The package's `exports` do not include its package.json; the bundle sits at dist/browser/.
export const scalarVersion: string = JSON.parse(
  fs.readFileSync(path.join(path.dirname(scalarBundleFile), '..', '..', 'package.json'), 'utf8'),
).version;

/**
 * Everything that would reach scalar.com turned off: fonts from its CDN, the developer toolbar and
 * AI agent it shows on local hostnames (they upload the document to Scalar's servers or call them
 * through Scalar's hosted proxy), the button that opens Scalar's hosted client, and telemetry.
 * "Test request" stays: it calls this service straight from the page, with no proxy between
 * (Scalar's documentation suggests its hosted one), so keys typed there go nowhere else.
 */
const scalarConfiguration = {
  withDefaultFonts: false,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  hideClientButton: true,
  proxyUrl: '',
  telemetry: false,
  documentDownloadType: 'json',
};

/**
 * Only this origin, for everything the page loads or calls. Scalar's components set inline
 * styles, hence 'unsafe-inline' for styles only; some of its images are data: URIs. Test
 * requests go to the server the document names (PUBLIC_BASE_URL), so they work on the page opened
 * there; another origin could not be called anyway, as the service sends no CORS headers.
 */
const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Every URL relative, so the page works wherever the service is mounted (PUBLIC_BASE_URL, a
 * reverse proxy under a path prefix). The configuration travels in a data attribute Scalar reads,
 * so no inline script is needed and the policy can forbid them. The icon link stops the browser
 * asking for a /favicon.ico the service does not have.
 */
function renderPage(title: string): string {
  const attribute = (value: string) => he.escape(value);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${attribute(title)} reference</title>
<link rel="icon" href="data:,">
</head>
<body>
<script id="api-reference" data-url="openapi.json" data-configuration="${attribute(JSON.stringify(scalarConfiguration))}"></script>
<script src="${attribute(`${SCALAR_BUNDLE_PATH.slice(1)}?v=${encodeURIComponent(scalarVersion)}`)}"></script>
</body>
</html>
`;
}

interface ScalarBundle {
  identity: { body: Buffer; etag: string };
  gzip: { body: Buffer; etag: string };
}

/**
 * Read and compressed once per process, on the first visit (processes nobody browses never pay
 * for it): megabytes of JavaScript, which compress well. Compressed off the event loop.
 */
let scalarBundle: Promise<ScalarBundle> | undefined;
function loadScalarBundle(): Promise<ScalarBundle> {
  scalarBundle ??= (async () => {
    const body = await fs.promises.readFile(scalarBundleFile);
    const gzipped = await promisify(zlib.gzip)(body, { level: zlib.constants.Z_BEST_COMPRESSION });
    const digest = crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27);
    // One strong ETag per representation, as HTTP caches expect of a body that varies by encoding.
    return { identity: { body, etag: `"${digest}"` }, gzip: { body: gzipped, etag: `"${digest}-gzip"` } };
  })().catch((error: unknown) => {
    scalarBundle = undefined;
    throw error;
  });
  return scalarBundle;
}

async function serveScalarBundle(ctx: Context): Promise<void> {
  const bundle = await loadScalarBundle();
  const representation = ctx.acceptsEncodings('gzip', 'identity') === 'gzip' ? bundle.gzip : bundle.identity;
  ctx.status = 200;
  ctx.type = 'text/javascript; charset=utf-8';
  ctx.vary('Accept-Encoding');
  ctx.set('X-Content-Type-Options', 'nosniff');
  // The page asks for this version; any other URL may name a bundle this process no longer has.
  ctx.set('Cache-Control', ctx.query.v === scalarVersion ? 'public, max-age=31536000, immutable' : 'no-cache');
  ctx.set('ETag', representation.etag);
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (representation === bundle.gzip) ctx.set('Content-Encoding', 'gzip');
  ctx.body = representation.body;
}

/** Adds the page and its script to the app's router: no key, no throttle, no request deadline. */
export function mountApiReference(router: Router, options: { title: string }): void {
  const page = Buffer.from(renderPage(options.title));
  router.get(API_REFERENCE_PATH, (ctx) => {
    // The router also matches /docs/, where the page's relative URLs would point under /docs/.
    if (ctx.path.endsWith('/')) {
      ctx.status = 308;
      ctx.redirect(`../${API_REFERENCE_PATH.slice(1)}`);
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', PAGE_CONTENT_SECURITY_POLICY);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'no-referrer');
    // Small, and names the bundle by version: revalidating it is what lets an upgrade show at once.
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = page;
  });
  router.get(SCALAR_BUNDLE_PATH, serveScalarBundle);
}

/**
 * GET /docs in a real browser: Chromium (Debian's package, driven by playwright-core) opens the
 * page the running API serves, against real Postgres, Redis and Temporal. The page must render
 * the reference from /openapi.json and load everything from the service itself, so it works
 * with the rest of the network gone.
 */
import fs from 'node:fs';
import http from 'node:http';
import { chromium, type Browser, type Page } from 'playwright-core';
import { API_TITLE } from '../../src/http/openapi';
import { SCALAR_BUNDLE_PATH, scalarVersion } from '../../src/http/api-reference';
import { call, startTestService, type TestService } from '../support/test-service';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/**
 * The service as deployed, under a name Scalar does not take for a developer's machine: it
 * behaves differently there (developer toolbar and AI agent on local names, its request proxy for
 * remote servers). Chromium resolves the name to the test's server; the rest of the network
 * stays as it is.
 */
const PUBLIC_NAME = 'video-digest.internal';

/**
 * Rendering a 3.5 MB single-page app takes a browser seconds on an idle machine and many more
 * beside the rest of the suite on two CPUs; the bounds are for a hung page, not a slow one.
 */
const BROWSER_STEP_MS = 60_000;
jest.setTimeout(3 * BROWSER_STEP_MS);

let service: TestService;
let browser: Browser;
/** Where the browser opens the service: as deployed, and as a developer opens it locally. */
const sites: Record<'public' | 'local', string> = { public: '', local: '' };

beforeAll(async () => {
  // A missing browser fails the suite: a skipped browser test would pass without checking anything.
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium is needed for the /docs browser test and is not at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
  }
  // No metrics listener: the default port would be contended by the other test files' services.
  service = await startTestService({ withWorker: false, env: { METRICS_PORT: '0' } });
  sites.local = service.url;
  sites.public = `http://${PUBLIC_NAME}:${new URL(service.url).port}`;
  // PUBLIC_BASE_URL as a deployment sets it; read when /openapi.json is first served.
  service.config.http.publicBaseUrl = sites.public;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // --no-sandbox: the suite runs as root in CI, where Chromium's sandbox refuses to start.
    args: ['--no-sandbox', `--host-resolver-rules=MAP ${PUBLIC_NAME} 127.0.0.1`],
  });
});

afterAll(async () => {
  await browser?.close();
  await service?.stop();
});

type PolicyViolation = { directive: string; blocked: string };

interface DocsVisit {
  page: Page;
  requests: string[];
  /** Requests for anything outside the service, refused when the visit refuses them. */
  refused: string[];
  consoleErrors: string[];
  /** Content-Security-Policy violations: what the page tried and its policy refused. */
  policyViolations(): Promise<PolicyViolation[]>;
  /** "POST /api/v1/videos/process", as the reference lists the operations under each tag. */
  listedOperations: string[];
  close(): Promise<void>;
}

/** Opens /docs in a fresh browser context and waits until the reference has rendered. */
async function visitDocs(site: string, options: { refuseOutside: boolean; hash?: string }): Promise<DocsVisit> {
  const origin = new URL(site).origin;
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  context.setDefaultTimeout(BROWSER_STEP_MS);
  const page = await context.newPage();
  const requests: string[] = [];
  const refused: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  if (options.refuseOutside) {
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (new URL(url).origin === origin) return route.continue();
      refused.push(url);
      return route.abort('internetdisconnected');
    });
  }
  // As source text: the test's TypeScript knows no DOM, and this must run before the page's scripts.
  await page.addInitScript(`
    window.policyViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.policyViolations.push({ directive: event.violatedDirective, blocked: event.blockedURI }));
  `);

  const response = await page.goto(`${site}/docs${options.hash ?? ''}`, { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { name: API_TITLE, level: 1 }).waitFor();
  const lists = page.getByRole('list', { name: / endpoints$/ });
  await lists.first().waitFor();
  const items = await lists.getByRole('listitem').allInnerTexts();
  return {
    page,
    requests,
    refused,
    consoleErrors,
    policyViolations: () => page.evaluate<PolicyViolation[]>('window.policyViolations'),
    listedOperations: [...new Set(items.map((text) => text.replace(/\s+/g, ' ').trim()))].sort(),
    close: () => context.close(),
  };
}

/** Every operation /openapi.json documents, spelled as the reference lists it. */
async function documentedOperations(): Promise<string[]> {
  const { json } = await call(service, 'GET', '/openapi.json');
  const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);
  return Object.entries(json.paths as Record<string, Record<string, unknown>>)
    .flatMap(([path, item]) => Object.keys(item).filter((key) => methods.has(key)).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

/**
 * Zod, inside Scalar's bundle, probes whether it may compile code (`new Function("")` in a
 * try/catch) and works without when it may not. Refusing that is the policy doing its job.
 */
const isZodEvalProbe = (violation: PolicyViolation) => violation.directive === 'script-src' && violation.blocked === 'eval';

describe.each(['public', 'local'] as const)('the API reference page in a browser, opened at the %s address', (siteName) => {
  it('renders the reference from /openapi.json, every documented operation listed, asking nothing of any other origin', async () => {
    const site = sites[siteName];
    const visit = await visitDocs(site, { refuseOutside: false });
    try {
      expect(await visit.page.title()).toBe(`${API_TITLE} reference`);
      expect(visit.listedOperations).toEqual(await documentedOperations());
      expect(visit.listedOperations).toEqual(expect.arrayContaining(['POST /api/v1/videos/process', 'POST /api/v1/batch/process', 'GET /api/v1/videos/status/{job_id}']));

      const origin = new URL(site).origin;
      expect(visit.requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
      expect(visit.requests.map((url) => new URL(url).pathname)).toEqual(expect.arrayContaining(['/docs', SCALAR_BUNDLE_PATH, '/openapi.json']));
      // The page's policy refuses anything from elsewhere, and would have reported it here.
      expect((await visit.policyViolations()).filter((violation) => !isZodEvalProbe(violation))).toEqual([]);
      expect(visit.consoleErrors).toEqual([]);
    } finally {
      await visit.close();
    }
  });

  it('renders the same with every request outside the service refused, as offline', async () => {
    const offline = await visitDocs(sites[siteName], { refuseOutside: true });
    try {
      expect(offline.refused).toEqual([]);
      expect(offline.listedOperations).toEqual(await documentedOperations());
      expect(offline.consoleErrors).toEqual([]);
    } finally {
      await offline.close();
    }
  });
});

describe('trying a request from the reference', () => {
  it('sends it straight to the service the document names, through no proxy', async () => {
    const visit = await visitDocs(sites.public, { refuseOutside: true, hash: '#tag/health/GET/health' });
    try {
      const { page } = visit;
      // The server shown with the examples is this service, so they are ready to paste.
      await page.getByText(sites.public, { exact: true }).first().waitFor();
      await page.getByRole('button', { name: /test request/i }).first().click();
      const answered = page.waitForResponse(`${sites.public}/health`);
      await page.getByRole('button', { name: `Send get request to ${sites.public}/health` }).click();
      expect((await answered).status()).toBe(200);
      await page.getByText('200 OK').first().waitFor();
      expect(visit.refused).toEqual([]);
      expect((await visit.policyViolations()).filter((violation) => !isZodEvalProbe(violation))).toEqual([]);
      expect(visit.consoleErrors).toEqual([]);
    } finally {
      await visit.close();
    }
  });
});

/** One GET with exactly these headers, and the body's size as sent (fetch would decompress it). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${service.url}${path}`, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('the page and its script over HTTP', () => {
  const versionedBundle = `${SCALAR_BUNDLE_PATH}?v=${scalarVersion}`;

  it('serves the page without a key, under a policy that allows only this origin', async () => {
    const page = await rawGet('/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const policy = page.headers['content-security-policy'] ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    const { text } = await call(service, 'GET', '/docs');
    expect(text).toContain(`src="docs/assets/scalar-api-reference.js?v=${scalarVersion}"`);
    expect(text).toContain('data-url="openapi.json"');
  });

  it('sends /docs/ to /docs, where the page\'s relative URLs resolve', async () => {
    const slash = await rawGet('/docs/');
    expect(slash.status).toBe(308);
    expect(new URL(slash.headers.location!, `${service.url}/docs/`).pathname).toBe('/docs');
  });

  it('serves the script gzipped to browsers that accept it, cached for good under its version', async () => {
    const plain = await rawGet(versionedBundle);
    const gzipped = await rawGet(versionedBundle, { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes).toBe(fs.statSync(require.resolve('@scalar/api-reference/browser/standalone.js')).size);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.bytes).toBeLessThan(plain.bytes / 3);
    for (const response of [plain, gzipped]) {
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toBe('Accept-Encoding');
    }
    expect(gzipped.headers.etag).not.toBe(plain.headers.etag);

    const revalidated = await rawGet(versionedBundle, { 'accept-encoding': 'gzip', 'if-none-match': gzipped.headers.etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes).toBe(0);
  });

  it('does not let another version\'s URL be cached for good', async () => {
    const other = await rawGet(`${SCALAR_BUNDLE_PATH}?v=0.0.1`);
    expect(other.status).toBe(200);
    expect(other.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the page out of the OpenAPI document, which describes the API alone', async () => {
    const { json } = await call(service, 'GET', '/openapi.json');
    expect(Object.keys(json.paths).filter((path) => path.startsWith('/docs'))).toEqual([]);
  });
});

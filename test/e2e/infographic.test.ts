/**
 * Infographics end to end: a Pro job asks for one, the worker draws it, the API serves the PNG and
 * the SVG to the owner with an ETag, the PDF export carries it, and the switch turns it off. Run
 * once with artifacts on the filesystem under DATA_DIR and once in an S3 bucket over HTTP.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { VIDEO_LONG, VIDEO_MANUAL_AND_AUTO, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';
import { startTestS3, type TestS3 } from '../support/s3-server';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let youtube: FakeYouTube;
let s3: TestS3;
let dataDir: string;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  s3 = await startTestS3();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'infographic-e2e-'));
});
afterAll(async () => {
  await youtube?.close();
  await s3?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function runJob(service: TestService, key: string, body: Record<string, unknown>) {
  const res = await call(service, 'POST', '/api/v1/videos/process', { key, body });
  expect(res.status).toBe(202);
  const jobId = res.json.job_id as string;
  const { final } = await waitForJob(service, key, jobId, 120_000);
  expect(final.status).toBe('completed');
  const result = await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key });
  expect(result.status).toBe(200);
  return { jobId, submitted: res.json, result: result.json };
}

async function getBytes(service: TestService, key: string | null, pathname: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${service.url}${pathname}`, { headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const pngWidth = (png: Buffer) => png.readUInt32BE(16);

const storages: [string, () => Record<string, string>][] = [
  ['on the filesystem', () => ({ DATA_DIR: path.join(dataDir, 'fs') })],
  [
    'in an S3 bucket',
    () => ({
      DATA_DIR: path.join(dataDir, 's3'),
      ARTIFACTS_S3_URL: `s3://${s3.bucket}/e2e`,
      ARTIFACTS_S3_ENDPOINT: s3.endpoint,
      ARTIFACTS_S3_ACCESS_KEY_ID: s3.accessKeyId,
      ARTIFACTS_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    }),
  ],
];

describe.each(storages)('infographic artifacts %s', (where, env) => {
  let service: TestService;
  let pro: { key: string };
  let other: { key: string };

  beforeAll(async () => {
    service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, env: env() });
    pro = await service.createUser('pro');
    other = await service.createUser('pro');
  });
  afterAll(() => service?.stop());

  it('draws one for a job that asks, and serves PNG and SVG to the owner only', async () => {
    const { jobId, submitted, result } = await runJob(service, pro.key, {
      url: VIDEO_LONG,
      options: { summary_modes: ['tldr', 'key_insights', 'timestamped'], generate_infographic: true },
    });
    expect(submitted.warnings).toEqual([]);
    expect(result.infographic_url).toBe(`${service.url}/api/v1/videos/infographic/${jobId}`);
    expect(result.warnings).toEqual([]);

    const png = await getBytes(service, pro.key, `/api/v1/videos/infographic/${jobId}`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngWidth(png.bytes)).toBe(1080);
    const etag = png.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(png.headers.get('cache-control')).toContain('private');

    const svg = await getBytes(service, pro.key, `/api/v1/videos/infographic/${jobId}?format=svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.bytes.toString('utf8')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(svg.headers.get('etag')).not.toBe(etag);

    const again = await getBytes(service, pro.key, `/api/v1/videos/infographic/${jobId}`, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);

    expect((await getBytes(service, other.key, `/api/v1/videos/infographic/${jobId}`)).status).toBe(404);
    expect((await getBytes(service, null, `/api/v1/videos/infographic/${jobId}`)).status).toBe(401);
    const badFormat = await call(service, 'GET', `/api/v1/videos/infographic/${jobId}?format=gif`, { key: pro.key });
    expect(badFormat.status).toBe(422);
    expect(badFormat.json.error.code).toBe('VALIDATION_ERROR');
  });

  it('puts the infographic in the PDF export, after the title block', async () => {
    const withPicture = await runJob(service, pro.key, { url: VIDEO_MANUAL_AND_AUTO, options: { generate_infographic: true } });
    const without = await runJob(service, pro.key, { url: VIDEO_MANUAL_AND_AUTO, force_refresh: true });
    const pdfWith = await getBytes(service, pro.key, `/api/v1/videos/export/${withPicture.jobId}/pdf`);
    const pdfWithout = await getBytes(service, pro.key, `/api/v1/videos/export/${without.jobId}/pdf`);
    expect(pdfWith.status).toBe(200);
    expect(pdfWithout.status).toBe(200);
    const images = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length;
    expect(images(pdfWith.bytes)).toBeGreaterThanOrEqual(1);
    expect(images(pdfWithout.bytes)).toBe(0);
    const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    // The picture has a page of its own: the text after it starts on the next.
    expect(pages(pdfWith.bytes)).toBeGreaterThanOrEqual(pages(pdfWithout.bytes) + 1);
  });

  it('has no infographic for a job that did not ask: infographic_url null and 404', async () => {
    const { jobId, result } = await runJob(service, pro.key, { url: VIDEO_MANUAL_AND_AUTO });
    expect(result.infographic_url).toBeNull();
    const missing = await call(service, 'GET', `/api/v1/videos/infographic/${jobId}`, { key: pro.key });
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe('NOT_FOUND');
  });

  if (where === 'on the filesystem') {
    it('keeps the files under DATA_DIR/artifacts', async () => {
      const { jobId } = await runJob(service, pro.key, { url: VIDEO_MANUAL_AND_AUTO, options: { generate_infographic: true } });
      const files = await fs.readdir(path.join(service.config.process.dataDir, 'artifacts', 'jobs', jobId));
      expect(files.sort()).toEqual(['infographic.png', 'infographic.svg']);
    });
  }
});

describe('INFOGRAPHICS_ENABLED=false and plan gates', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, env: { DATA_DIR: path.join(dataDir, 'off'), INFOGRAPHICS_ENABLED: 'false' } });
  });
  afterAll(() => service?.stop());

  it('completes the job without a picture, warning FEATURE_DISABLED', async () => {
    const { key } = await service.createUser('pro');
    const { submitted, result } = await runJob(service, key, { url: VIDEO_MANUAL_AND_AUTO, options: { generate_infographic: true } });
    expect(submitted.warnings).toEqual([expect.objectContaining({ code: 'FEATURE_DISABLED', field: 'options.generate_infographic' })]);
    expect(result.infographic_url).toBeNull();
    expect(result.warnings).toEqual([expect.objectContaining({ code: 'FEATURE_DISABLED' })]);
    await expect(fs.readdir(path.join(service.config.process.dataDir, 'artifacts'))).rejects.toThrow(/ENOENT/);
  });

  it('still refuses generate_infographic on the free plan', async () => {
    const { key } = await service.createUser('free');
    const res = await call(service, 'POST', '/api/v1/videos/process', { key, body: { url: VIDEO_MANUAL_AND_AUTO, options: { generate_infographic: true } } });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('PLAN_UPGRADE_REQUIRED');
    expect(res.json.error.details.feature).toBe('generate_infographic');
  });
});

/**
 * GET /api/v1/videos/export/{job_id}/pdf as a client uses it: real jobs run to completion
 * (API, Postgres, Redis, Temporal server and worker; YouTube is the local fake), then exported.
 * The PDF's text is read back with pdf-parse.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { renderJobPdf } from '../../src/pdf';
import { VIDEO_MANUAL_AND_AUTO, VIDEO_UNAVAILABLE, startFakeYouTube, type FakeCue, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, submitAndWait, waitForJob, type TestService } from '../support/test-service';
import { createArtifactStore } from '../../src/artifacts/open-artifact-store';
import { findArtifact } from '../../src/storage/repositories/job-artifacts';
import { PDF_EXPORT } from '../../src/jobs/pdf-exports';

let youtube: FakeYouTube;
let service: TestService;
let pro: { key: string; userId: string };

const ALL_MODES = ['tldr', 'detailed', 'study_notes', 'timestamped', 'key_insights'];
const MODE_HEADINGS = ['TL;DR', 'Detailed summary', 'Study notes', 'Timestamped outline', 'Key insights'];

const RUSSIAN_VIDEO = 'RuPchelovod';
const RUSSIAN_TITLE = 'Как живут пчёлы: взгляд в улей';
const RUSSIAN_LINES = [
  'Привет всем, добро пожаловать на пасеку.',
  'Сегодня мы откроем улей и посмотрим на пчёл.',
  'Пчелиная семья состоит из матки, рабочих пчёл и трутней.',
  'Рабочие пчёлы собирают нектар и пыльцу с цветов.',
  'Из нектара пчёлы делают мёд и запасают его на зиму.',
  'Зимой пчёлы собираются в клуб и греют друг друга.',
  'Весной матка снова начинает откладывать яйца.',
  'Ελληνικά: οι μέλισσες φτιάχνουν μέλι.',
  'Grüße aus dem Bienenstock, schön, dass ihr dabei wart.',
  'Спасибо за внимание, до новых встреч.',
];

beforeAll(async () => {
  youtube = await startFakeYouTube();
  youtube.addVideo({
    videoId: RUSSIAN_VIDEO,
    title: RUSSIAN_TITLE,
    author: 'Пасека у леса',
    channelId: 'UCpaseka0000000000000001',
    lengthSeconds: RUSSIAN_LINES.length * 5 + 3,
    description: 'Короткий взгляд в жизнь медоносных пчёл.',
    publishDate: '2022-06-01T10:00:00+03:00',
    tracks: [{ languageCode: 'ru', name: 'Russian', isTranslatable: false, cues: cues(RUSSIAN_LINES) }],
  });
  // One render at a time per user, so the limit can be seen with ordinary jobs.
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl, env: { EXPORT_RENDERS_PER_USER: '1' } });
  pro = await service.createUser('pro');
});

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
});

function cues(lines: readonly string[]): FakeCue[] {
  return lines.map((text, i) => ({ startMs: 500 + i * 5000, durationMs: 4700, text }));
}

async function download(jobId: string, key: string) {
  const res = await fetch(`${service.url}/api/v1/videos/export/${jobId}/pdf`, { headers: { authorization: `Bearer ${key}` } });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body, json: () => JSON.parse(body.toString('utf8')) };
}

/**
 * Text and metadata of a PDF, read by pdf-parse (pdf.js) in a child Node process: pdf.js loads
 * its worker with a dynamic import, which jest's module system does not allow.
 */
async function pdfText(pdf: Buffer): Promise<{ text: string; info: Record<string, unknown>; pages: number }> {
  const script = `
    const { PDFParse } = require('pdf-parse');
    const chunks = [];
    process.stdin.on('data', (c) => chunks.push(c));
    process.stdin.on('end', async () => {
      const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
      const text = await parser.getText();
      const info = await parser.getInfo();
      await parser.destroy();
      process.stdout.write(JSON.stringify({ text: text.text, pages: text.total, info: info.info }));
    });`;
  const child = spawn(process.execPath, ['-e', script], { cwd: path.resolve(__dirname, '../..'), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  child.stdin.end(pdf);
  const code = await exited;
  if (code !== 0) throw new Error(`pdf-parse failed (${code}): ${stderr}`);
  const parsed = JSON.parse(stdout) as { text: string; pages: number; info: Record<string, unknown> };
  return { text: squash(parsed.text), info: parsed.info, pages: parsed.pages };
}

/** Line breaks of the layout become spaces, so sentences can be looked for whole. */
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The plain text of a Markdown sentence (the summaries escape Markdown specials with backslashes). */
const plain = (markdown: string) => squash(markdown.replace(/\\([\\`*_{}[\]()#+\-.!|>~<])/g, '$1').replace(/\*\*|__/g, ''));

function expectError(res: { status: number; json: () => any }, status: number, code: string) {
  const json = res.json();
  expect({ status: res.status, code: json?.error?.code }).toEqual({ status, code });
  expect(json.success).toBe(false);
  return json.error;
}

describe('a completed job', () => {
  let jobId: string;
  let result: any;
  let res: Awaited<ReturnType<typeof download>>;
  let extracted: Awaited<ReturnType<typeof pdfText>>;

  beforeAll(async () => {
    jobId = await submitAndWait(service, pro.key, { url: `https://youtu.be/${VIDEO_MANUAL_AND_AUTO}`, options: { summary_modes: ALL_MODES } });
    result = (await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key: pro.key })).json;
    expect(result.status).toBe('completed');
    res = await download(jobId, pro.key);
    extracted = await pdfText(res.body);
  });

  it('answers a PDF download with its length and a file name from the title', () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Sourdough for Beginners The Whole Process.pdf"; ' +
      "filename*=UTF-8''Sourdough%20for%20Beginners%3A%20The%20Whole%20Process.pdf");
    expect(Number(res.headers.get('content-length'))).toBe(res.body.length);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(res.body.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
  });

  it('carries document metadata', () => {
    expect(extracted.info).toMatchObject({
      Title: result.video_info.title,
      Author: result.video_info.channel,
      Subject: expect.stringContaining(result.video_info.url),
    });
    expect(extracted.info.CreationDate).toEqual(expect.any(String));
  });

  it('has the title block, every summary under its heading in mode order, and page numbers', () => {
    const { text } = extracted;
    expect(text).toContain(result.video_info.title);
    expect(text).toContain(result.video_info.channel);
    expect(text).toContain(result.video_info.url);
    expect(text).toContain('Captions by the creator');
    const positions = MODE_HEADINGS.map((heading) => text.indexOf(`${heading} Written by`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).toContain('Page 1');
    expect(text).toContain(`Page ${extracted.pages}`);
  });

  it('renders summary text, timestamped items, key insights and chapters', () => {
    const { text } = extracted;
    const tldrSentence = plain(result.summaries.tldr.content).split(/(?<=[.!?])\s+/)[0]!;
    expect(tldrSentence.length).toBeGreaterThan(20);
    expect(text).toContain(tldrSentence);
    // Markdown is drawn, not printed: no list markers or emphasis asterisks from study notes.
    expect(result.summaries.study_notes.content).toMatch(/^## /m);
    expect(text).not.toMatch(/(^| )## /);
    expect(text).not.toContain('**');
    for (const item of result.summaries.timestamped.items) expect(text).toContain(`${item.timestamp} ${squash(item.title)}`);
    expect(text).toContain(squash(result.summaries.key_insights.insights[0]));
    expect(text).toContain('Chapters');
    for (const chapter of result.video_info.chapters) expect(text).toContain(`${chapter.timestamp} ${chapter.title}`);
  });

  it('ends with the transcript in timestamped paragraphs', () => {
    const { text } = extracted;
    const appendix = text.indexOf('Appendix: Transcript');
    expect(appendix).toBeGreaterThan(text.indexOf('Key insights'));
    const segments = result.transcript.segments as { text: string }[];
    const middle = squash(segments[Math.floor(segments.length / 2)]!.text);
    expect(text.indexOf(middle, appendix)).toBeGreaterThan(appendix);
    expect(text.indexOf(squash(segments[segments.length - 1]!.text), appendix)).toBeGreaterThan(appendix);
    expect(text.slice(appendix)).toMatch(/ 0:0\d /);
  });

  it('is documented in the OpenAPI document', async () => {
    const { json } = await call(service, 'GET', '/openapi.json');
    const operation = json.paths['/api/v1/videos/export/{job_id}/pdf']?.get;
    expect(operation).toBeDefined();
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '403', '404', '409']));
  });
});

describe('text beyond Latin', () => {
  it('renders a Russian title and transcript with Greek and German in it', async () => {
    const jobId = await submitAndWait(service, pro.key, { url: RUSSIAN_VIDEO, options: { summary_modes: ['tldr', 'key_insights'] } });
    const status = (await call(service, 'GET', `/api/v1/videos/status/${jobId}`, { key: pro.key })).json;
    expect(status.status).toBe('completed');
    const res = await download(jobId, pro.key);
    expect(res.status).toBe(200);
    // Nothing of the title is ASCII: the job id names the file, filename* has the title.
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${jobId}.pdf"; filename*=UTF-8''${encodeURIComponent(`${RUSSIAN_TITLE}.pdf`)}`,
    );
    const { text, info } = await pdfText(res.body);
    expect(info.Title).toBe(RUSSIAN_TITLE);
    expect(text).toContain(RUSSIAN_TITLE);
    expect(text).toContain('Пасека у леса');
    expect(text).toContain('Пчелиная семья состоит из матки, рабочих пчёл и трутней.');
    expect(text).toContain('οι μέλισσες φτιάχνουν μέλι');
    expect(text).toContain('Grüße aus dem Bienenstock');
  });
});

describe('refusals', () => {
  it('refuses the free plan with PLAN_UPGRADE_REQUIRED, even for its own completed job', async () => {
    const free = await service.createUser('free');
    const jobId = await submitAndWait(service, free.key, { url: VIDEO_MANUAL_AND_AUTO });
    const error = expectError(await download(jobId, free.key), 403, 'PLAN_UPGRADE_REQUIRED');
    expect(error.details).toMatchObject({ feature: 'pdf_export' });
  });

  it('needs the read permission', async () => {
    const processOnly = await service.createUser('pro', ['process']);
    const error = expectError(await download('job_AAAAAAAAAAAAAAAAAAAAAA', processOnly.key), 403, 'INSUFFICIENT_PERMISSIONS');
    expect(error.details).toEqual({ required: 'read' });
  });

  it("answers NOT_FOUND for another user's job, an unknown id and a malformed id", async () => {
    const jobId = await submitAndWait(service, pro.key, { url: VIDEO_MANUAL_AND_AUTO });
    const other = await service.createUser('pro');
    expectError(await download(jobId, other.key), 404, 'NOT_FOUND');
    expectError(await download('job_AAAAAAAAAAAAAAAAAAAAAA', pro.key), 404, 'NOT_FOUND');
    expectError(await download('not-a-job-id', pro.key), 404, 'NOT_FOUND');
  });

  it('answers JOB_FAILED with the job error for a failed job', async () => {
    const jobId = await submitAndWait(service, pro.key, { url: `https://www.youtube.com/watch?v=${VIDEO_UNAVAILABLE}` });
    const error = expectError(await download(jobId, pro.key), 409, 'JOB_FAILED');
    expect(error.details).toMatchObject({ error: { code: 'VIDEO_UNAVAILABLE' } });
  });

  it('answers JOB_NOT_COMPLETED with the status while the job has not finished', async () => {
    await service.stopWorker();
    let jobId: string | undefined;
    try {
      const submitted = await call(service, 'POST', '/api/v1/videos/process', { key: pro.key, body: { url: 'genExport01' } });
      expect(submitted.status).toBe(202);
      jobId = submitted.json.job_id as string;
      const error = expectError(await download(jobId, pro.key), 409, 'JOB_NOT_COMPLETED');
      expect(error.details).toEqual({ status: 'queued' });
    } finally {
      await service.startWorker();
      // Nothing left running: a job still in flight when the suite ends holds the worker's shutdown
      // for its grace period.
      if (jobId) await waitForJob(service, pro.key, jobId);
    }
  });
});

describe('long transcripts', () => {
  it('cuts the appendix past its limit and says so, in the document', async () => {
    const segments = Array.from({ length: 400 }, (_, i) => ({ start: i * 4, end: i * 4 + 3.5, text: `Sentence number ${i} of a long talk.` }));
    const pdf = await renderJobPdf(
      {
        jobId: 'job_AAAAAAAAAAAAAAAAAAAAAA',
        video: { videoId: 'LongTalk001', url: 'https://www.youtube.com/watch?v=LongTalk001', title: 'A long talk', channel: null, durationSeconds: 1600, publishedAt: null, language: 'en', chapters: [] },
        transcript: { language: 'en', source: 'captions_auto', translated: false, segments, truncated: false, wordCount: 2800 },
        summaries: [],
        processingTime: null,
        completedAt: null,
        warnings: [],
        resultUrl: 'http://api.example/api/v1/videos/result/job_AAAAAAAAAAAAAAAAAAAAAA',
      },
      { maxAppendixChars: 2000 },
    );
    const { text } = await pdfText(pdf);
    expect(text).toContain('Sentence number 0 of a long talk.');
    expect(text).not.toContain('Sentence number 399');
    expect(text).toContain("This appendix shows 2,000 of the transcript's 14,290 characters");
    expect(text).toMatch(/\[The appendix stops here, at \d+:\d\d/);
    // The address may wrap anywhere; without the spaces line ends became, it is whole.
    expect(text.replace(/ /g, '')).toContain('(http://api.example/api/v1/videos/result/job_AAAAAAAAAAAAAAAAAAAAAA)');
  });
});

describe('hostile metadata', () => {
  const HOSTILE_TITLE = '</rdf:li></rdf:Alt></dc:title><xmp:CreatorTool>Spoofed</xmp:CreatorTool><script>alert(1)</script> & «Пчёлы»';

  /** The XMP packet: pdfkit writes its stream uncompressed, between the xpacket markers. */
  function xmpPacket(pdf: Buffer): string {
    const text = pdf.toString('latin1');
    const begin = text.indexOf('<?xpacket begin=');
    const end = text.indexOf('<?xpacket end="w"?>', begin);
    expect(begin).toBeGreaterThanOrEqual(0);
    return Buffer.from(text.slice(begin, end + '<?xpacket end="w"?>'.length), 'latin1').toString('utf8');
  }

  it('escapes a title in the XMP metadata, so it cannot add or change fields, and keeps it whole in the Info dictionary', async () => {
    const pdf = await renderJobPdf({
      jobId: 'job_BBBBBBBBBBBBBBBBBBBBBB',
      video: { videoId: 'Hostile0001', url: 'https://www.youtube.com/watch?v=Hostile0001', title: HOSTILE_TITLE, channel: '<b>Channel</b>', durationSeconds: 60, publishedAt: null, language: 'en', chapters: [] },
      transcript: null,
      summaries: [],
      processingTime: null,
      completedAt: null,
      warnings: [],
    });
    const xmp = xmpPacket(pdf);
    expect(XMLValidator.validate(xmp)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: true, processEntities: true, htmlEntities: true }).parse(xmp);
    const descriptions = [parsed['x:xmpmeta']['rdf:RDF']['rdf:Description']].flat();
    const creatorTools = descriptions.map((description: any) => description['xmp:CreatorTool']).filter(Boolean);
    expect(creatorTools).toEqual(['Video Digest']);
    const dublinCore = descriptions.find((description: any) => description['dc:title']);
    expect(dublinCore['dc:title']['rdf:Alt']['rdf:li']).toBe(HOSTILE_TITLE);
    expect(dublinCore['dc:creator']['rdf:Seq']['rdf:li']).toBe('<b>Channel</b>');
    // The stream's declared length is its length in bytes: the packet is read whole.
    const declared = /\/Length (\d+)\s*\/Type \/Metadata|\/Type \/Metadata[^>]*\/Length (\d+)/.exec(pdf.toString('latin1'));
    expect(declared).not.toBeNull();
    expect(Number(declared![1] ?? declared![2])).toBe(Buffer.byteLength(xmp, 'utf8'));
    const { info } = await pdfText(pdf);
    expect(info.Title).toBe(HOSTILE_TITLE);
  });
});

describe('prepared once and kept', () => {
  let jobId: string;
  let first: Awaited<ReturnType<typeof download>>;

  beforeAll(async () => {
    jobId = await submitAndWait(service, pro.key, { url: `https://youtu.be/${VIDEO_MANUAL_AND_AUTO}`, options: { summary_modes: ['tldr', 'timestamped'] } });
    first = await download(jobId, pro.key);
    expect(first.status).toBe(200);
  });

  it('keeps the first render as a job artifact and serves later downloads from it', async () => {
    const kept = await findArtifact(service.db, jobId, PDF_EXPORT);
    expect(kept).toMatchObject({ contentType: 'application/pdf', byteSize: first.body.length });
    const store = createArtifactStore(service.config.artifacts, service.config.process.dataDir);
    try {
      expect(await store.get(kept!.storageKey)).toEqual(first.body);
      // A marker in place of the stored file: a download that rendered again would not return it.
      const marker = Buffer.concat([first.body, Buffer.from('\n% kept copy\n')]);
      await store.put(kept!.storageKey, marker, 'application/pdf');
      const again = await download(jobId, pro.key);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(marker);
      expect(again.headers.get('content-length')).toBe(String(marker.length));
    } finally {
      await store.close();
    }
  });

  it('shares one render among simultaneous downloads of a job, and refuses a user more renders at once than allowed', async () => {
    const jobs = await Promise.all(
      [['detailed'], ['study_notes'], ['key_insights']].map((modes) =>
        submitAndWait(service, pro.key, { url: `https://youtu.be/${VIDEO_MANUAL_AND_AUTO}`, options: { summary_modes: modes } }),
      ),
    );
    // Three downloads of one job: one render, three PDFs.
    const same = await Promise.all([1, 2, 3].map(() => download(jobs[0]!, pro.key)));
    expect(same.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(new Set(same.map((res) => res.body.toString('base64'))).size).toBe(1);
    // Two other jobs at once, with one render allowed per user: the second waits its turn outside.
    const [a, b] = await Promise.all([download(jobs[1]!, pro.key), download(jobs[2]!, pro.key)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 429]);
    const refused = [a, b].find((res) => res.status === 429)!;
    expect(expectError(refused, 429, 'RATE_LIMITED').details).toMatchObject({ limit: 1 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user is not held back by this one's renders.
    const other = await service.createUser('pro');
    const otherJob = await submitAndWait(service, other.key, { url: `https://youtu.be/${VIDEO_MANUAL_AND_AUTO}` });
    const [mine, theirs] = await Promise.all([download(jobs[refused === a ? 1 : 2]!, pro.key), download(otherJob, other.key)]);
    expect([mine.status, theirs.status]).toEqual([200, 200]);
  });
});

/**
 * GET /api/v1/videos/transcript/{job_id}?format=… and GET /api/v1/videos/export/{job_id}/markdown
 * as a client uses them, on real jobs run to completion (YouTube is the local fake). WebVTT is
 * checked by webvtt-parser, SRT by a strict reading of its grammar.
 */
import { WebVTTParser } from 'webvtt-parser';
import { srtFile, vttFile, MAX_CUE_LINES, MAX_LINE_CHARS } from '../../src/transcripts/caption-files';
import { VIDEO_MANUAL_AND_AUTO, VIDEO_UNAVAILABLE, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, submitAndWait, waitForJob, type TestService } from '../support/test-service';

let youtube: FakeYouTube;
let service: TestService;
let free: { key: string; userId: string };

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl });
  free = await service.createUser('free');
});

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
});

async function get(path: string, key: string) {
  const res = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}

function expectError(res: { status: number; json: () => any }, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = res.json();
  expect(body).toMatchObject({ success: false, error: { code } });
  return body.error;
}

interface SrtCue {
  index: number;
  start: number;
  end: number;
  lines: string[];
}

/** SRT read strictly: index from 1 in order, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, text lines, a blank line. */
function parseSrtStrictly(file: string): SrtCue[] {
  expect(file.endsWith('\n')).toBe(true);
  const blocks = file.replace(/\n$/, '').split('\n\n');
  const time = (text: string) => {
    const match = /^(\d{2}):(\d{2}):(\d{2}),(\d{3})$/.exec(text);
    if (!match) throw new Error(`not an SRT time: ${text}`);
    return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) + Number(match[4]) / 1000;
  };
  return blocks.map((block, i) => {
    const [index, timing, ...lines] = block.split('\n');
    expect(index).toBe(String(i + 1));
    const match = /^(\S+) --> (\S+)$/.exec(timing ?? '');
    if (!match) throw new Error(`not an SRT timing line: ${timing}`);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.trim()).not.toBe('');
    return { index: i + 1, start: time(match[1]!), end: time(match[2]!), lines };
  });
}

/** WebVTT cue text as a player shows it: its escapes read. */
function shown(text: string): string[] {
  return text.split('\n').map((line) => line.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}

function expectReadableCues(cues: { start: number; end: number; lines: string[] }[]) {
  expect(cues.length).toBeGreaterThan(0);
  cues.forEach((cue, i) => {
    expect(cue.end).toBeGreaterThan(cue.start);
    expect(cue.lines.length).toBeLessThanOrEqual(MAX_CUE_LINES);
    for (const line of cue.lines) expect(Array.from(line).length).toBeLessThanOrEqual(MAX_LINE_CHARS);
    if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[i - 1]!.end);
  });
}

describe('caption files', () => {
  // Long segments, overlapping and zero-length ones, a word longer than a line, markup-like text.
  const segments = [
    { start: 0, end: 9.5, text: 'This first caption segment runs on for far longer than two lines of forty-two characters could ever hold, so it is cut.' },
    { start: 9, end: 12, text: 'It overlaps the one before & has <angle> brackets --> and an arrow.' },
    { start: 12, end: 12, text: 'Zero length.' },
    { start: 12.5, end: 20, text: 'Pneumonoultramicroscopicsilicovolcanoconiosisandthensomemorelettersattheend is long.' },
  ];

  it('writes WebVTT that webvtt-parser reads without an error, in cues of two short lines', () => {
    const vtt = vttFile(segments);
    const parsed = new WebVTTParser().parse(vtt);
    expect(parsed.errors).toEqual([]);
    expectReadableCues(parsed.cues.map((cue) => ({ start: cue.startTime, end: cue.endTime, lines: shown(cue.text) })));
    const said = parsed.cues.map((cue) => cue.text.replace(/\n/g, ' ')).join(' ');
    expect(said).toContain('&amp; has &lt;angle&gt; brackets --&gt; and an arrow.');
  });

  it('writes SRT with sequential indexes, arrow timings and no overlaps, the time split by characters', () => {
    const cues = parseSrtStrictly(srtFile(segments));
    expectReadableCues(cues);
    // The first segment's 9.5 s are shared by its cues in proportion to their characters.
    const first = cues.filter((cue) => cue.end <= 9.5);
    expect(first.length).toBeGreaterThan(1);
    expect(first[0]!.start).toBe(0);
    expect(cues.map((cue) => cue.lines.join(' ')).join(' ')).not.toMatch(/-->/);
  });
});

describe('GET /api/v1/videos/transcript/{job_id}', () => {
  let jobId: string;
  let transcript: { segments: { start: number; end: number; text: string }[]; text: string };
  beforeAll(async () => {
    jobId = await submitAndWait(service, free.key, { url: VIDEO_MANUAL_AND_AUTO });
    transcript = (await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key: free.key })).json.transcript;
  });

  const download = (format?: string, key = free.key) => get(`/api/v1/videos/transcript/${jobId}${format ? `?format=${format}` : ''}`, key);

  it.each([
    [undefined, 'text/plain'],
    ['txt', 'text/plain'],
    ['srt', 'application/x-subrip'],
    ['vtt', 'text/vtt'],
    ['json', 'application/json'],
    ['md', 'text/markdown'],
  ])('answers format %s as %s, an attachment named after the title', async (format, type) => {
    const res = await download(format);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${type}; charset=utf-8`);
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="[A-Za-z0-9 ._()-]+\\.${format ?? 'txt'}"`));
  });

  it('gives the text, valid caption files, the JSON segments and Markdown paragraphs linked to their moments', async () => {
    expect((await download('txt')).text).toBe(`${transcript.text}\n`);
    const vtt = new WebVTTParser().parse((await download('vtt')).text);
    expect(vtt.errors).toEqual([]);
    expectReadableCues(vtt.cues.map((cue) => ({ start: cue.startTime, end: cue.endTime, lines: shown(cue.text) })));
    expectReadableCues(parseSrtStrictly((await download('srt')).text));
    const json = (await download('json')).json();
    expect(json).toMatchObject({ success: true, job_id: jobId, segments: transcript.segments });
    const md = (await download('md')).text;
    expect(md).toMatch(/^# .+\n\n\*\*\[0:\d{2}\]\(https:\/\/www\.youtube\.com\/watch\?v=EnManAuto01&t=\d+s\)\*\* \S/);
  });

  it('refuses an unknown format, and answers NOT_FOUND for another user, JOB_FAILED and JOB_NOT_COMPLETED as the result does', async () => {
    expectError(await download('docx'), 422, 'VALIDATION_ERROR');
    const other = await service.createUser('free');
    expectError(await download('txt', other.key), 404, 'NOT_FOUND');
    expectError(await get('/api/v1/videos/transcript/job_AAAAAAAAAAAAAAAAAAAAAA', free.key), 404, 'NOT_FOUND');
    const failed = await submitAndWait(service, free.key, { url: `https://www.youtube.com/watch?v=${VIDEO_UNAVAILABLE}` });
    const error = expectError(await get(`/api/v1/videos/transcript/${failed}`, free.key), 409, 'JOB_FAILED');
    expect(error.details).toMatchObject({ error: { code: 'VIDEO_UNAVAILABLE' } });
    await service.stopWorker();
    let pending: string | undefined;
    try {
      const submitted = await call(service, 'POST', '/api/v1/videos/process', { key: free.key, body: { url: 'genDownld01' } });
      pending = submitted.json.job_id as string;
      for (const path of [`/api/v1/videos/transcript/${pending}`, `/api/v1/videos/export/${pending}/markdown`]) {
        expect(expectError(await get(path, free.key), 409, 'JOB_NOT_COMPLETED').details).toEqual({ status: 'queued' });
      }
    } finally {
      await service.startWorker();
      if (pending) await waitForJob(service, free.key, pending);
    }
  });
});

describe('GET /api/v1/videos/export/{job_id}/markdown', () => {
  it('is a paste-ready document on every plan: title block, summaries with their links, the transcript', async () => {
    const jobId = await submitAndWait(service, free.key, { url: VIDEO_MANUAL_AND_AUTO });
    const result = (await call(service, 'GET', `/api/v1/videos/result/${jobId}`, { key: free.key })).json;
    const res = await get(`/api/v1/videos/export/${jobId}/markdown`, free.key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.md"/);
    const md = res.text;
    expect(md.startsWith(`# ${result.video_info.title}\n\n- **Channel:** `)).toBe(true);
    expect(md).toContain(`- **Video:** <${result.video_info.url}>`);
    expect(md).toContain(`## TL;DR\n\n${result.summaries.tldr.content}\n`);
    for (const point of result.summaries.tldr.points) expect(md).toContain(`](${point.url})`);
    expect(md).toMatch(/## Transcript\n\n\*\*\[0:\d{2}\]\([^)]+&t=\d+s\)\*\* /);
    expect(md).not.toContain('## Infographic');
    const other = await service.createUser('free');
    expectError(await get(`/api/v1/videos/export/${jobId}/markdown`, other.key), 404, 'NOT_FOUND');
  });
});

/**
 * Hostile input (docs/api-behaviour.md#text-rules,
 * docs/api-behaviour.md#requests-refused-before-routing): text Postgres or Unicode refuses, bodies
 * that cannot be decoded, requests Node's HTTP parser refuses, and a video whose uploader put NUL
 * and unpaired surrogates in everything they write. Duplicate credentials are in
 * hostile-input-credentials.test.ts. Real API, Postgres, Redis, Temporal and worker; YouTube is the
 * local fake.
 */
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { answerClientError } from '../../src/http/client-error';
import { VIDEO_HOSTILE_TEXT, VIDEO_MANUAL_AND_AUTO, builtInVideo, startFakeYouTube, type FakeYouTube } from '../fake-youtube';
import { call, startTestService, waitForJob, type TestService } from '../support/test-service';

let youtube: FakeYouTube;
let service: TestService;
let key: string;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  service = await startTestService({ youtubeBaseUrl: youtube.baseUrl });
  ({ key } = await service.createUser('pro'));
});

afterAll(async () => {
  await service?.stop();
  await youtube?.close();
});

const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function expectError(res: { status: number; json: any }, status: number, code: string) {
  expect({ status: res.status, code: res.json?.error?.code }).toEqual({ status, code });
  expect(res.json).toMatchObject({ success: false, error: { message: expect.any(String) }, request_id: expect.any(String) });
}

/** Every string anywhere in a value. */
function allStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(allStrings);
  return [];
}

describe('text that cannot be stored', () => {
  const UNSTORABLE: Array<[string, string]> = [
    ['a NUL', 'agent\u0000one'],
    ['a lone high surrogate', 'agent \uD83D one'],
    ['a lone low surrogate', 'agent \uDE00 one'],
    ['a reversed pair', 'agent \uDE00\uD83D one'],
  ];
  const ATTRIBUTION = ['service_name', 'agent_name', 'client_reference', 'custom_instructions'];

  describe.each(UNSTORABLE)('%s', (_kind, text) => {
    it.each(ATTRIBUTION)('in %s is 422 VALIDATION_ERROR, naming the field', async (field) => {
      const res = await call(service, 'POST', '/api/v1/videos/process', { key, body: { url: VIDEO_MANUAL_AND_AUTO, [field]: text } });
      expectError(res, 422, 'VALIDATION_ERROR');
      expect(res.json.error.details.issues).toContainEqual({ path: field, message: expect.any(String) });
    });

    it("in a key's name is 422 VALIDATION_ERROR, and no key is made", async () => {
      const res = await call(service, 'POST', '/api/v1/auth/keys', { key, body: { name: text } });
      expectError(res, 422, 'VALIDATION_ERROR');
      expect(res.json.error.details.issues).toContainEqual({ path: 'name', message: expect.any(String) });
      const keys = await call(service, 'GET', '/api/v1/auth/keys', { key });
      expect(keys.json.keys.map((k: { name: string }) => k.name)).not.toContain(text);
    });

    it('deep in a body, and in a batch item, is 422 with the path', async () => {
      const nested = await call(service, 'POST', '/api/v1/videos/process', { key, body: { url: VIDEO_MANUAL_AND_AUTO, options: { language: text } } });
      expectError(nested, 422, 'VALIDATION_ERROR');
      expect(nested.json.error.details.issues).toContainEqual({ path: 'options.language', message: expect.any(String) });
      const batch = await call(service, 'POST', '/api/v1/batch/process', {
        key,
        body: { videos: [{ url: VIDEO_MANUAL_AND_AUTO }, { url: `${VIDEO_MANUAL_AND_AUTO}${text}` }] },
      });
      expectError(batch, 422, 'VALIDATION_ERROR');
      expect(batch.json.error.details.issues).toContainEqual({ path: 'videos.1.url', message: expect.any(String) });
    });
  });

  it('in the name of a key of the body is 422, the path shown escaped', async () => {
    const res = await call(service, 'POST', '/api/v1/videos/process', {
      key,
      rawBody: `{"url": "${VIDEO_MANUAL_AND_AUTO}", "options": {"lang\\u0000uage": "en"}}`,
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 422, 'VALIDATION_ERROR');
    expect(res.json.error.details.issues).toContainEqual({ path: 'options.lang\\u0000uage', message: expect.stringMatching(/^key /) });
  });

  it('in the query string is 422', async () => {
    const res = await call(service, 'GET', '/api/v1/usage/history?start_date=2026-01-01%00', { key });
    expectError(res, 422, 'VALIDATION_ERROR');
    expect(res.json.error.details.issues).toContainEqual({ path: 'start_date', message: expect.stringMatching(/NUL/) });
  });

  it('in a path is 404, like any id that names nothing', async () => {
    expectError(await call(service, 'GET', '/api/v1/videos/status/job_%00%ED%A0%80', { key }), 404, 'NOT_FOUND');
    expectError(await call(service, 'GET', '/api/v1/no%00such/route', { key }), 404, 'NOT_FOUND');
  });

  it('is refused however deep a body nests, without a 500', async () => {
    const depth = 100_000;
    const res = await call(service, 'POST', '/api/v1/videos/process', {
      key,
      rawBody: `{"url": "${VIDEO_MANUAL_AND_AUTO}", "options": {"language": ${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}}}`,
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 422, 'VALIDATION_ERROR');
    expect(JSON.stringify(res.json).length).toBeLessThan(10_000);
  });

  it('while paired surrogates (emoji) and other Unicode are accepted and echoed as sent', async () => {
    const attribution = { service_name: 'bakery 🍞', agent_name: 'агент 日本語', client_reference: 'ref\twith\ttabs\nand lines', custom_instructions: 'Résumé, s’il vous plaît 🙂' };
    const res = await call(service, 'POST', '/api/v1/videos/process', { key, body: { url: VIDEO_MANUAL_AND_AUTO, ...attribution } });
    expect(res.status).toBe(202);
    const status = await call(service, 'GET', `/api/v1/videos/status/${res.json.job_id}`, { key });
    expect(status.json).toMatchObject({ service_name: attribution.service_name, agent_name: attribution.agent_name, client_reference: attribution.client_reference });
  });
});

/** A request with a raw body and the headers given (fetch would not send some of these). */
function send(path: string, options: { headers: Record<string, string>; body: Buffer }): Promise<{ status: number; json: any }> {
  const url = new URL(path, service.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { method: 'POST', host: url.hostname, port: url.port, path: url.pathname, agent: false, headers: { 'content-type': 'application/json', ...options.headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('request bodies that cannot be decoded', () => {
  const body = Buffer.from(JSON.stringify({ name: 'encoded' }));
  const withKey = (encoding: string) => ({ authorization: `Bearer ${key}`, 'content-encoding': encoding });

  it.each([
    ['brotli that is not brotli', 'br', Buffer.from('this is not brotli at all')],
    ['brotli cut short', 'br', zlib.brotliCompressSync(body).subarray(0, 4)],
    ['gzip that is not gzip', 'gzip', Buffer.from('this is not gzip')],
    ['gzip cut short', 'gzip', zlib.gzipSync(body).subarray(0, 12)],
    ['deflate that is not deflate', 'deflate', Buffer.from('xx')],
    ['an empty brotli body', 'br', Buffer.alloc(0)],
  ])('%s is 415 UNSUPPORTED_MEDIA_TYPE', async (_case, encoding, payload) => {
    expectError(await send('/api/v1/auth/keys', { headers: withKey(encoding), body: payload }), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it.each(['zstd', 'compress', 'gzip, br', 'x-unknown'])('Content-Encoding: %s, which the service does not decode, is 415', async (encoding) => {
    const res = await send('/api/v1/auth/keys', { headers: withKey(encoding), body });
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(res.json.error.message).toMatch(/gzip, deflate, br/);
  });

  it('while well-formed brotli, gzip and deflate bodies are read', async () => {
    for (const [encoding, compress] of [['br', zlib.brotliCompressSync], ['gzip', zlib.gzipSync], ['deflate', zlib.deflateSync]] as const) {
      const res = await send('/api/v1/auth/keys', { headers: withKey(encoding), body: compress(Buffer.from(JSON.stringify({ name: `encoded ${encoding}` }))) });
      expect(res.status).toBe(201);
      expect(res.json.name).toBe(`encoded ${encoding}`);
    }
  });

  it('whatever the case of the coding\'s name (RFC 9110: case-insensitive)', async () => {
    const res = await send('/api/v1/auth/keys', { headers: withKey('GZIP'), body: zlib.gzipSync(Buffer.from(JSON.stringify({ name: 'encoded GZIP' }))) });
    expect(res.status).toBe(201);
    expect(res.json.name).toBe('encoded GZIP');
  });

  it('and a body that decodes to more than 1 MB is still 413', async () => {
    const bomb = zlib.brotliCompressSync(Buffer.alloc(8 * 1024 * 1024, ' '));
    expectError(await send('/api/v1/auth/keys', { headers: withKey('br'), body: bomb }), 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('request bodies that are not JSON', () => {
  const withType = (type: string) => ({ authorization: `Bearer ${key}`, 'content-type': type });

  it.each([
    ['a form', 'application/x-www-form-urlencoded', 'name=form'],
    ['text', 'text/plain; charset=utf-8', 'name: text'],
    ['multipart', 'multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n'],
    ['XML', 'application/xml', '<key><name>xml</name></key>'],
  ])('%s is 415 UNSUPPORTED_MEDIA_TYPE, naming JSON', async (_case, type, payload) => {
    const res = await send('/api/v1/auth/keys', { headers: withType(type), body: Buffer.from(payload) });
    expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(res.json.error.message).toContain('application/json');
  });

  it.each([
    ['declared as JSON', 'application/json', 'name=json'],
    ['declared as a JSON type', 'application/merge-patch+json', '{"name":'],
    ['labelled a form (curl -d)', 'application/x-www-form-urlencoded', '{"name":'],
    ['labelled text (fetch with a string)', 'text/plain;charset=UTF-8', '[{"name": 1'],
  ])('a body meant as JSON that does not parse, %s, is 400 INVALID_JSON', async (_case, type, payload) => {
    expectError(await send('/api/v1/auth/keys', { headers: withType(type), body: Buffer.from(payload) }), 400, 'INVALID_JSON');
  });

  it('while a JSON body is read whatever its Content-Type says (curl -d labels it a form)', async () => {
    const res = await send('/api/v1/auth/keys', { headers: withType('application/x-www-form-urlencoded'), body: Buffer.from('{"name": "labelled a form"}') });
    expect(res.status).toBe(201);
    expect(res.json.name).toBe('labelled a form');
  });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes bytes to a fresh connection and reads until the server closes it. `then` is written once
 * the first answer has begun to arrive.
 */
function exchange(port: number, request: string | Buffer, then?: string): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (then !== undefined && chunks.length === 1) socket.write(then);
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(parseAnswers(Buffer.concat(chunks).toString('utf8'))));
    socket.write(request);
  });
}

/** Responses one after the other on one connection, each framed by its Content-Length. */
function parseAnswers(raw: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) throw new Error(`not an HTTP response: ${JSON.stringify(rest.slice(0, 200))}`);
    const [statusLine, ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? '0');
    answers.push({ status: Number(statusLine!.split(' ')[1]), headers, body: rest.slice(end + 4, end + 4 + length) });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

function expectEnvelope(answer: RawAnswer | undefined, status: number, code: string) {
  expect(answer).toBeDefined();
  expect(answer!.status).toBe(status);
  expect(answer!.headers['content-type']).toMatch(/^application\/json/);
  expect(answer!.headers.connection).toBe('close');
  const json = JSON.parse(answer!.body);
  expect(json).toEqual({ success: false, error: { code, message: expect.any(String) }, request_id: answer!.headers['x-request-id'] });
  expect(answer!.body).not.toMatch(/\n\s+at |node:internal|HPE_|Error:/);
}

describe("requests Node's HTTP server refuses before the app sees them", () => {
  const port = () => Number(new URL(service.url).port);

  it('headers over the limit: 431 HEADERS_TOO_LARGE in the envelope', async () => {
    const [answer, ...more] = await exchange(port(), `GET /health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(40_000)}\r\n\r\n`);
    expectEnvelope(answer, 431, 'HEADERS_TOO_LARGE');
    expect(more).toEqual([]);
  });

  it.each([
    ['a Content-Length that is not a number', 'Content-Length: abc\r\n'],
    ['two Content-Lengths that differ', 'Content-Length: 2\r\nContent-Length: 5\r\n'],
    ['a Content-Length beside chunked Transfer-Encoding', 'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n'],
    ['a negative Content-Length', 'Content-Length: -1\r\n'],
  ])('%s: 400 MALFORMED_REQUEST in the envelope', async (_case, framing) => {
    const answers = await exchange(port(), `POST /api/v1/auth/keys HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${framing}\r\n{}`);
    expect(answers).toHaveLength(1);
    expectEnvelope(answers[0], 400, 'MALFORMED_REQUEST');
  });

  it('a body longer than its Content-Length: the request is answered, the bytes after it get 400', async () => {
    const answers = await exchange(port(), 'GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}', 'garbage that is not a request\r\n\r\n');
    expect(answers.map((a) => a.status)).toEqual([200, 400]);
    expectEnvelope(answers[1], 400, 'MALFORMED_REQUEST');
  });

  it('bytes that are not HTTP at all: 400 in the envelope', async () => {
    const [answer] = await exchange(port(), Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x0d, 0x0a, 0x0d, 0x0a]));
    expectEnvelope(answer, 400, 'MALFORMED_REQUEST');
  });

  it('a client that resets mid-request is dropped, and the server carries on', async () => {
    await new Promise<void>((resolve) => {
      const socket = net.connect(port(), '127.0.0.1', () => {
        socket.write('POST /api/v1/auth/keys HTTP/1.1\r\nHost: x\r\nContent-Le');
        setTimeout(() => {
          socket.resetAndDestroy();
          resolve();
        }, 50);
      });
    });
    const health = await call(service, 'GET', '/health');
    expect(health.status).toBe(200);
  });

  it('a request too slow to arrive: 408 REQUEST_TIMEOUT in the envelope', async () => {
    // The API waits 20 s for headers; a server of its own with the same handler and a short wait.
    const server = http.createServer({ requestTimeout: 300, headersTimeout: 300, connectionsCheckingInterval: 50 }, (_req, res) => res.end());
    server.on('clientError', answerClientError);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const [answer] = await exchange((server.address() as net.AddressInfo).port, 'GET / HTTP/1.1\r\nHost: x\r\n');
      expectEnvelope(answer, 408, 'REQUEST_TIMEOUT');
    } finally {
      server.close();
    }
  });
});

describe('a video whose uploader wrote NUL and unpaired surrogates everywhere', () => {
  const video = builtInVideo(VIDEO_HOSTILE_TEXT)!;
  let result: any;

  beforeAll(async () => {
    const res = await call(service, 'POST', '/api/v1/videos/process', {
      key,
      body: { url: VIDEO_HOSTILE_TEXT, options: { include_comments: true, summary_modes: ['tldr', 'timestamped', 'key_insights'] } },
    });
    expect(res.status).toBe(202);
    const { final } = await waitForJob(service, key, res.json.job_id, 120_000);
    expect(final).toMatchObject({ status: 'completed' });
    result = (await call(service, 'GET', `/api/v1/videos/result/${res.json.job_id}`, { key })).json;
  });

  it('is processed, its text cleaned: controls gone, unpaired surrogates replaced by U+FFFD', () => {
    expect(video.title).toMatch(/\u0000/);
    expect(result.video_info.title).toBe('Null and \uFFFD half \uFFFD a pair: a bell title');
    expect(result.video_info.channel).toBe('Control Room \uFFFD');
    expect(result.video_info.chapters.length).toBeGreaterThanOrEqual(2);
    for (const chapter of result.video_info.chapters) expect(chapter.title).toMatch(/ \uFFFD$/);
    expect(result.transcript.text).toContain('A NUL here, half \uFFFD an emoji there, and a bell to end.');
    expect(result.comments.fetched).toBe(30);
    expect(result.summaries.timestamped.items.length).toBeGreaterThanOrEqual(2);
  });

  it('has no control character or unpaired surrogate anywhere in its result', () => {
    const strings = allStrings(result);
    expect(strings.length).toBeGreaterThan(100);
    for (const text of strings) {
      expect(text.replace(/[\t\n]/g, '')).not.toMatch(CONTROL);
      expect(text).not.toMatch(LONE_SURROGATE);
    }
  });
});

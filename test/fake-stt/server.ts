/**
 * A local speech-to-text server speaking OpenAI's audio API: `POST <any base>/audio/transcriptions`
 * (e.g. /v1/audio/transcriptions), multipart with `file`, `model`, `response_format`
 * (verbose_json, json or text), `timestamp_granularities[]` and `language`. It answers
 * verbose_json in OpenAI's real shape ({task, language, duration, text, segments: [{id, seek,
 * start, end, text, tokens, temperature, avg_logprob, compression_ratio, no_speech_prob}], usage}).
 *
 * What it "hears" is derived from the uploaded WAV (16-bit PCM), so times are real:
 * - `transcript = 'clock'` (default): one segment per `segmentSeconds` (default 5) of audio, whose
 *   text names its start within the uploaded file: "words at 12.5 seconds". After stitching, a
 *   segment's absolute start minus that number is the start of the chunk it came from.
 * - `transcript = 'tones'`: one segment per sound (frames louder than silence, gaps under 0.3 s
 *   merged), with the text "tone 440 hertz" from the sound's frequency (zero crossings, to 10 Hz).
 *   Audio with tones of distinct frequencies at known places then checks absolute times across
 *   chunk boundaries, and a tone inside an overlap, heard by two chunks, must come out once.
 *
 * Language: the `language` field when the request has one (as speaches answers), otherwise
 * `reportedLanguage` (default "english", as OpenAI answers: a name, not a code).
 *
 * Scripting, per test:
 * - `failNext(fault, count = 1, retryAfter = 1)`: the next `count` requests answer `fault`:
 *   'rate-limited' (429 with Retry-After: `retryAfter`, seconds or an HTTP date), 'server-error'
 *   (500), 'unauthorized' (401, its message echoing the key sent, as OpenAI's does), 'bad-request'
 *   (400), 'hang' (no answer until the client gives up or the server closes).
 * - `behave = (request) => ({ fault?, retryAfter?, delayMs? }) | undefined`: decides per request
 *   (e.g. by `request.audioSha256` or `request.audioSeconds`); queued `failNext` faults go first.
 * - `latencyMs`: added before every answer (slow answers).
 * - `apiKey`: when set, requests without `Authorization: Bearer <apiKey>` get 401.
 * Counting: `requests` (every request, with its form fields, audio hash and duration, and the
 * status answered), `requestsByAudio()` (sha256 of the uploaded file -> requests that carried it:
 * a chunk redone after a crash shows as 2), and `sha256OfFile(path)` to name a chunk's audio.
 * `reset()` forgets the requests and puts every setting back to its default.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

export type FakeSttFault = 'rate-limited' | 'server-error' | 'unauthorized' | 'bad-request' | 'hang';

export interface FakeSttBehaviour {
  fault?: FakeSttFault;
  /** For 'rate-limited': the Retry-After header, seconds or an HTTP date. */
  retryAfter?: number | string;
  delayMs?: number;
}

export interface FakeSttRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The text fields of the form; repeated fields (timestamp_granularities[]) as arrays. */
  fields: Record<string, string | string[]>;
  fileName: string | null;
  fileType: string | null;
  /** sha256 (hex) of the uploaded file; '' when there was none. */
  audioSha256: string;
  /** Seconds of audio by the WAV header; null when the upload is not a readable WAV. */
  audioSeconds: number | null;
  /** The status answered, once answered. */
  status?: number;
}

export interface FakeStt {
  /** STT_BASE_URL for this server: http://127.0.0.1:<port>/v1 */
  readonly baseUrl: string;
  readonly requests: FakeSttRequest[];
  requestsByAudio(): Map<string, number>;
  failNext(fault: FakeSttFault, count?: number, retryAfter?: number | string): void;
  behave: ((request: FakeSttRequest) => FakeSttBehaviour | undefined) | null;
  transcript: 'clock' | 'tones';
  segmentSeconds: number;
  reportedLanguage: string | null;
  latencyMs: number;
  apiKey: string | null;
  reset(): void;
  close(): Promise<void>;
}

export function sha256OfFile(filePath: string): string {
  return crypto.createHash('sha256').update(fs.readFileSync(filePath)).digest('hex');
}

export async function startFakeStt(): Promise<FakeStt> {
  const requests: FakeSttRequest[] = [];
  const queued: FakeSttBehaviour[] = [];
  const hanging = new Set<http.ServerResponse>();
  const defaults = { behave: null, transcript: 'clock', segmentSeconds: 5, reportedLanguage: 'english', latencyMs: 0, apiKey: null } as const;
  const fake = { ...defaults } as unknown as FakeStt;

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, openAiError(`fake server error: ${String(error)}`, 'server_error', null));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'POST' || !url.pathname.endsWith('/audio/transcriptions')) {
      json(res, 404, openAiError(`Invalid URL (${req.method} ${url.pathname})`, 'invalid_request_error', null));
      return;
    }
    // The multipart body is parsed by the platform's own (undici) form-data parser.
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: Readable.toWeb(req) as ReadableStream,
      duplex: 'half',
    } as RequestInit).formData();
    const fields: Record<string, string | string[]> = {};
    let audio: Buffer | null = null;
    let fileName: string | null = null;
    let fileType: string | null = null;
    for (const [name, value] of form) {
      if (typeof value !== 'string') {
        audio = Buffer.from(await value.arrayBuffer());
        fileName = (value as File).name ?? null;
        fileType = value.type || null;
        continue;
      }
      const known = fields[name];
      fields[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
    }
    const wav = audio ? readWav(audio) : null;
    const request: FakeSttRequest = {
      path: url.pathname,
      headers: req.headers,
      fields,
      fileName,
      fileType,
      audioSha256: audio ? crypto.createHash('sha256').update(audio).digest('hex') : '',
      audioSeconds: wav ? wav.seconds : null,
    };
    requests.push(request);
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      request.status = status;
      if (typeof body === 'string') res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(body);
      else json(res, status, body, headers);
    };

    const behaviour = queued.shift() ?? fake.behave?.(request) ?? {};
    const delay = fake.latencyMs + (behaviour.delayMs ?? 0);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));

    const presented = String(req.headers.authorization ?? '');
    if (behaviour.fault === 'unauthorized' || (fake.apiKey !== null && presented !== `Bearer ${fake.apiKey}`)) {
      return answer(401, openAiError(`Incorrect API key provided: ${presented.replace(/^Bearer /, '')}. You can find your API key at https://platform.openai.com/account/api-keys.`, 'invalid_request_error', 'invalid_api_key'));
    }
    if (behaviour.fault === 'hang') {
      hanging.add(res);
      return;
    }
    if (behaviour.fault === 'rate-limited') {
      return answer(429, openAiError('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'), { 'retry-after': String(behaviour.retryAfter ?? 1) });
    }
    if (behaviour.fault === 'server-error') return answer(500, openAiError('The server had an error while processing your request. Sorry about that!', 'server_error', null));
    if (behaviour.fault === 'bad-request') return answer(400, openAiError('Invalid request', 'invalid_request_error', null));

    if (typeof fields.model !== 'string' || fields.model === '') {
      return answer(400, openAiError("you must provide a model parameter", 'invalid_request_error', null));
    }
    if (!audio || !wav) {
      return answer(400, openAiError('Audio file might be corrupted or unsupported', 'invalid_request_error', 'invalid_value'));
    }
    const format = typeof fields.response_format === 'string' ? fields.response_format : 'json';
    const segments = fake.transcript === 'tones' ? toneSegments(wav) : clockSegments(wav.seconds, fake.segmentSeconds);
    const text = segments.map((segment) => segment.text).join('');
    const language = typeof fields.language === 'string' ? fields.language : fake.reportedLanguage;
    if (format === 'text') return answer(200, text.trim());
    if (format === 'json') return answer(200, { text: text.trim() });
    if (format !== 'verbose_json') return answer(400, openAiError(`Unsupported response_format: ${format}`, 'invalid_request_error', null));
    return answer(200, {
      task: 'transcribe',
      language,
      duration: round(wav.seconds),
      text: text.trim(),
      segments: segments.map((segment, id) => ({
        id,
        seek: Math.floor(segment.start / 30) * 3000,
        start: round(segment.start),
        end: round(segment.end),
        text: segment.text,
        tokens: [50364, ...Array.from(segment.text.trim(), (char) => 220 + (char.charCodeAt(0) % 1000)), 50614],
        temperature: 0,
        avg_logprob: -0.25,
        compression_ratio: 1.2,
        no_speech_prob: 0.01,
      })),
      usage: { type: 'duration', seconds: Math.ceil(wav.seconds) },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  Object.defineProperty(fake, 'baseUrl', { value: `http://127.0.0.1:${port}/v1` });
  Object.defineProperty(fake, 'requests', { get: () => requests });
  fake.requestsByAudio = () => {
    const counts = new Map<string, number>();
    for (const request of requests) if (request.audioSha256) counts.set(request.audioSha256, (counts.get(request.audioSha256) ?? 0) + 1);
    return counts;
  };
  fake.reset = () => {
    requests.length = 0;
    queued.length = 0;
    Object.assign(fake, defaults);
  };
  fake.failNext = (fault, count = 1, retryAfter = 1) => {
    for (let i = 0; i < count; i++) queued.push({ fault, retryAfter });
  };
  fake.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

interface HeardSegment {
  start: number;
  end: number;
  /** With a leading space, as Whisper writes segment texts. */
  text: string;
}

function clockSegments(seconds: number, every: number): HeardSegment[] {
  const segments: HeardSegment[] = [];
  for (let start = 0; start < seconds - 0.05; start = round(start + every)) {
    segments.push({ start, end: Math.min(seconds, start + every), text: ` words at ${round(start)} seconds` });
  }
  return segments;
}

interface Wav {
  sampleRate: number;
  seconds: number;
  /** The first channel, -1..1. */
  samples: Float32Array;
}

/** A RIFF/WAVE file with 16-bit PCM; null for anything else. */
function readWav(bytes: Buffer): Wav | null {
  if (bytes.length < 12 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') return null;
  let offset = 12;
  let format: { channels: number; sampleRate: number; bits: number; tag: number } | null = null;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = { tag: bytes.readUInt16LE(body), channels: bytes.readUInt16LE(body + 2), sampleRate: bytes.readUInt32LE(body + 4), bits: bytes.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      // ffmpeg writing to a pipe leaves the size at its maximum: the data then runs to the end.
      const length = Math.min(size, bytes.length - body);
      if (!format || format.bits !== 16 || (format.tag !== 1 && format.tag !== 0xfffe) || format.channels < 1) return null;
      const frames = Math.floor(length / (2 * format.channels));
      const samples = new Float32Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = bytes.readInt16LE(body + i * 2 * format.channels) / 32768;
      return { sampleRate: format.sampleRate, seconds: frames / format.sampleRate, samples };
    }
    offset = body + size + (size % 2);
  }
  return null;
}

/** Sounds: 20 ms frames louder than silence, merged across gaps under 0.3 s, each named by its frequency. */
function toneSegments(wav: Wav): HeardSegment[] {
  const frame = Math.max(1, Math.round(wav.sampleRate * 0.02));
  const loud: Array<{ start: number; end: number }> = [];
  for (let first = 0; first < wav.samples.length; first += frame) {
    let energy = 0;
    const last = Math.min(wav.samples.length, first + frame);
    for (let i = first; i < last; i++) energy += wav.samples[i]! * wav.samples[i]!;
    if (Math.sqrt(energy / (last - first)) < 0.01) continue;
    const previous = loud[loud.length - 1];
    if (previous && first - previous.end < wav.sampleRate * 0.3) previous.end = last;
    else loud.push({ start: first, end: last });
  }
  return loud
    .filter((sound) => sound.end - sound.start >= wav.sampleRate * 0.1)
    .map((sound) => {
      let crossings = 0;
      for (let i = sound.start + 1; i < sound.end; i++) if ((wav.samples[i - 1]! < 0) !== (wav.samples[i]! < 0)) crossings += 1;
      const seconds = (sound.end - sound.start) / wav.sampleRate;
      const hertz = Math.round(crossings / 2 / seconds / 10) * 10;
      return { start: sound.start / wav.sampleRate, end: sound.end / wav.sampleRate, text: ` tone ${hertz} hertz` };
    });
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

function openAiError(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

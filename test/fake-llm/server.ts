/**
 * A local language-model server speaking the real wire formats: OpenAI Chat Completions
 * (POST /v1/chat/completions: text, response_format json_schema) and Anthropic Messages
 * (POST /v1/messages: text, forced tool calls), and OpenAI embeddings (POST /v1/embeddings: one
 * vector per input, from its words hashed, so texts sharing words are near). Its answers are derived from the request (times
 * are taken from the [m:ss] lines sent), it records every request, and it can be told to answer
 * 429 with Retry-After, 500, 401, malformed structured output, a refusal, or nothing at all.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeFault = 'rate-limited' | 'server-error' | 'unauthorized' | 'malformed' | 'refusal' | 'hang';

export interface RecordedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
  /** System and user text of the request, joined. */
  text: string;
  /** The tokens the answer reported, when it was answered 200 with a usage. */
  usage?: { input: number; output: number };
}

export interface FakeLlm {
  /** API root as LLM_BASE_URL takes it: with /v1 for openai, without for anthropic. */
  baseUrlFor(provider: 'openai' | 'anthropic'): string;
  readonly requests: RecordedRequest[];
  /** The next `count` model requests answer with `fault` (after `answeredFirst` answered properly). */
  failNext(fault: FakeFault, count?: number, retryAfterSeconds?: number, answeredFirst?: number): void;
  /** Added before each answer. */
  latencyMs: number;
  close(): Promise<void>;
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const requests: RecordedRequest[] = [];
  /** What the next requests get, in order: a fault, or null for a proper answer. */
  const faults: Array<{ fault: FakeFault; retryAfterSeconds: number } | null> = [];
  const hanging = new Set<http.ServerResponse>();
  const fake = { latencyMs: 0 } as FakeLlm;

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (req.url === '/v1/embeddings' && req.method === 'POST') {
      requests.push({ path: req.url, headers: req.headers, body, text: [body.input].flat().join('\n') });
      const inputs: string[] = [body.input].flat();
      const tokens = inputs.reduce((sum, input) => sum + Math.ceil(input.length / 4), 0);
      return json(res, 200, {
        object: 'list',
        data: inputs.map((input, index) => ({ object: 'embedding', index, embedding: hashedEmbedding(input) })),
        model: body.model,
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      });
    }
    const provider = req.url === '/v1/chat/completions' ? 'openai' : req.url === '/v1/messages' ? 'anthropic' : null;
    if (!provider || req.method !== 'POST') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const text = provider === 'openai' ? openAiText(body) : anthropicText(body);
    const recorded: RecordedRequest = { path: req.url!, headers: req.headers, body, text };
    requests.push(recorded);
    if (fake.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.latencyMs));

    const fault = faults.shift();
    if (fault?.fault === 'hang') {
      hanging.add(res);
      return;
    }
    if (fault?.fault === 'rate-limited') return json(res, 429, errorBody(provider, 'rate_limit_error', 'Rate limit reached'), { 'retry-after': String(fault.retryAfterSeconds) });
    if (fault?.fault === 'server-error') return json(res, 500, errorBody(provider, 'api_error', 'Internal server error'));
    if (fault?.fault === 'unauthorized') {
      const presented = String(req.headers.authorization ?? req.headers['x-api-key'] ?? '');
      return json(res, 401, errorBody(provider, 'authentication_error', `Incorrect API key provided: ${presented}`));
    }

    const structured = structuredKind(provider, body);
    const answer = fault?.fault === 'malformed' ? { nope: true } : structured ? structuredAnswer(structured, text) : textAnswer(text);
    const usage = { input: Math.ceil(text.length / 4), output: Math.ceil(JSON.stringify(answer).length / 4) };
    recorded.usage = usage;
    const refused = fault?.fault === 'refusal';
    if (provider === 'openai') {
      const content = typeof answer === 'string' ? answer : JSON.stringify(answer);
      return json(res, 200, {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: refused ? '' : content, refusal: null }, finish_reason: refused ? 'content_filter' : 'stop', logprobs: null }],
        usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
      });
    }
    const toolName = body.tool_choice?.name ?? body.tools?.[0]?.name;
    const content = refused
      ? []
      : typeof answer === 'string' || !toolName
        ? [{ type: 'text', text: typeof answer === 'string' ? answer : JSON.stringify(answer) }]
        : [{ type: 'tool_use', id: `toolu_${requests.length}`, name: toolName, input: answer }];
    return json(res, 200, {
      id: `msg_${requests.length}`,
      type: 'message',
      role: 'assistant',
      model: body.model,
      content,
      stop_reason: refused ? 'refusal' : content[0]?.type === 'tool_use' ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: usage.output },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  fake.baseUrlFor = (provider) => (provider === 'openai' ? `http://127.0.0.1:${port}/v1` : `http://127.0.0.1:${port}`);
  Object.defineProperty(fake, 'requests', { get: () => requests });
  fake.failNext = (fault, count = 1, retryAfterSeconds = 1, answeredFirst = 0) => {
    for (let i = 0; i < answeredFirst; i++) faults.push(null);
    for (let i = 0; i < count; i++) faults.push({ fault, retryAfterSeconds });
  };
  fake.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

function errorBody(provider: 'openai' | 'anthropic', type: string, message: string) {
  return provider === 'openai' ? { error: { message, type, code: null, param: null } } : { type: 'error', error: { type, message } };
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('\n');
  return '';
}

function openAiText(body: any): string {
  return (body.messages ?? []).map((message: any) => contentText(message.content)).join('\n');
}

function anthropicText(body: any): string {
  return [contentText(body.system), ...(body.messages ?? []).map((message: any) => contentText(message.content))].join('\n');
}

type StructuredKind = 'timestamped' | 'key_insights';

function structuredKind(provider: 'openai' | 'anthropic', body: any): StructuredKind | null {
  // Anthropic forces a tool call with tool_choice "tool" (that tool) or "any" (one of the tools).
  const forcedTool = body.tool_choice?.type === 'tool' ? body.tools?.find((tool: any) => tool.name === body.tool_choice.name) : body.tool_choice?.type === 'any' ? body.tools?.[0] : null;
  const schema = provider === 'openai' ? body.response_format?.json_schema?.schema : forcedTool?.input_schema;
  const properties = schema?.properties ?? {};
  if ('items' in properties) return 'timestamped';
  if ('insights' in properties) return 'key_insights';
  return null;
}

/** The [m:ss] or [h:mm:ss] lines of the transcript or notes sent. */
function timedLines(text: string): Array<{ seconds: number; text: string }> {
  const lines: Array<{ seconds: number; text: string }> = [];
  for (const match of text.matchAll(/\[(\d+(?::\d{2}){1,2})\]\s*([^\n]*)/g)) {
    const seconds = match[1]!.split(':').map(Number).reduce((total, part) => total * 60 + part, 0);
    lines.push({ seconds, text: match[2]!.trim() });
  }
  return lines;
}

function pick<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

function structuredAnswer(kind: StructuredKind, text: string) {
  const lines = timedLines(text);
  if (kind === 'timestamped') {
    return {
      items: pick(lines, 5).map((line) => ({
        start_seconds: line.seconds,
        title: line.text.split(/\s+/).slice(0, 5).join(' ') || 'Topic',
        summary: line.text || 'The speaker moves on.',
      })),
    };
  }
  return { insights: pick(lines, 4).map((line) => `The speaker says that ${line.text.replace(/[.!?]*$/, '')}.`) };
}

function textAnswer(text: string): string {
  const lines = timedLines(text);
  if (/dense notes/.test(text)) return pick(lines, 6).map((line) => `- [${formatTime(line.seconds)}] ${line.text}`).join('\n');
  const title = /title: ([^\n]*)/.exec(text)?.[1] ?? 'this video';
  return `This video, "${title}", covers ${pick(lines, 3).map((line) => line.text.replace(/[.!?]*$/, '')).join('; ')}.`;
}

function formatTime(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** 64 dimensions: each word adds 1 at its hash, so texts that share words point the same way. */
function hashedEmbedding(text: string): number[] {
  const vector = new Array<number>(64).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let hash = 0;
    for (const char of word) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    vector[hash % 64]! += 1;
  }
  return vector;
}

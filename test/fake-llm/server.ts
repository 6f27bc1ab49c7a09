/**
 * A local language-model server speaking the real wire formats: OpenAI Chat Completions
 * (POST /v1/chat/completions: text, response_format json_schema) and Anthropic Messages
 * (POST /v1/messages: text, forced tool calls). Its answers are derived from the request: every
 * point quotes a [P<number> m:ss] line sent and cites that line's number. It records every request,
 * and it can be told to answer 429 with Retry-After, 500, 401, malformed structured output, a
 * refusal, or nothing at all, and to cite wrongly besides (`wrongCitations`): a number past the
 * video's end and one of a passage the call was not shown, both on a point that quotes a line sent
 * (repairable), and a point that shares no word with anything sent (to be dropped).
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
  /** Every structured answer also carries the wrong citations described above. */
  wrongCitations: boolean;
  close(): Promise<void>;
}

export async function startFakeLlm(): Promise<FakeLlm> {
  const requests: RecordedRequest[] = [];
  /** What the next requests get, in order: a fault, or null for a proper answer. */
  const faults: Array<{ fault: FakeFault; retryAfterSeconds: number } | null> = [];
  const hanging = new Set<http.ServerResponse>();
  const fake = { latencyMs: 0, wrongCitations: false } as FakeLlm;

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
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
    const answer = fault?.fault === 'malformed' ? { nope: true } : structured ? structuredAnswer(structured, text, fake.wrongCitations) : textAnswer(text);
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

type StructuredKind = 'tldr' | 'detailed' | 'study_notes' | 'timestamped' | 'key_insights' | 'notes';

/** Which answer the request's schema asks for, told by its top-level properties. */
const KIND_BY_PROPERTY: ReadonlyArray<[string, StructuredKind]> = [
  ['sentences', 'tldr'],
  ['overview', 'detailed'],
  ['sections', 'study_notes'],
  ['items', 'timestamped'],
  ['insights', 'key_insights'],
  ['notes', 'notes'],
];

function structuredKind(provider: 'openai' | 'anthropic', body: any): StructuredKind | null {
  // Anthropic forces a tool call with tool_choice "tool" (that tool) or "any" (one of the tools).
  const forcedTool = body.tool_choice?.type === 'tool' ? body.tools?.find((tool: any) => tool.name === body.tool_choice.name) : body.tool_choice?.type === 'any' ? body.tools?.[0] : null;
  const schema = provider === 'openai' ? body.response_format?.json_schema?.schema : forcedTool?.input_schema;
  const properties = schema?.properties ?? {};
  return KIND_BY_PROPERTY.find(([property]) => property in properties)?.[1] ?? null;
}

interface PassageLine {
  number: number;
  seconds: number;
  text: string;
}

/** The [P<number> m:ss] lines of the transcript or notes sent. */
function passageLines(text: string): PassageLine[] {
  const lines: PassageLine[] = [];
  for (const match of text.matchAll(/\[P(\d+) (\d+(?::\d{2}){1,2})\]\s*([^\n]*)/g)) {
    const seconds = match[2]!.split(':').map(Number).reduce((total, part) => total * 60 + part, 0);
    lines.push({ number: Number(match[1]), seconds, text: match[3]!.trim() });
  }
  return lines;
}

function pick<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

interface Point {
  text: string;
  passage: number;
}

const cite = (line: PassageLine, say: (text: string) => string = (text) => text): Point => ({ text: say(line.text.replace(/[.!?]*$/, '')) + '.', passage: line.number });

/** Citations a checker must repair (a number past the end, one not shown) or drop (no shared words). */
function wrongPoints(lines: PassageLine[]): Point[] {
  if (lines.length === 0) return [];
  const shown = new Set(lines.map((line) => line.number));
  const last = lines[lines.length - 1]!;
  const wrong: Point[] = [{ ...cite(last), passage: last.number + 100_000 }];
  let hidden = 1;
  while (shown.has(hidden)) hidden += 1;
  if (hidden < last.number) wrong.push({ ...cite(lines[0]!), passage: hidden });
  wrong.push({ text: 'Quokkas juggle xylophones beneath zeppelins.', passage: -7 });
  return wrong;
}

function structuredAnswer(kind: StructuredKind, text: string, wrongCitations: boolean) {
  const lines = passageLines(text);
  const wrong = wrongCitations ? wrongPoints(lines) : [];
  switch (kind) {
    case 'tldr':
      return { sentences: [...pick(lines, 3).map((line) => cite(line)), ...wrong] };
    case 'detailed': {
      const [first, ...rest] = pick(lines, 5);
      return {
        overview: first ? cite(first, (said) => `The video opens with this: ${said}`) : { text: 'The video says little.', passage: 1 },
        topics: [{ heading: 'Main points', points: [...(rest.length > 0 ? rest : lines).map((line) => cite(line)), ...wrong] }],
      };
    }
    case 'study_notes':
      return {
        sections: [
          { heading: 'Notes', points: [...pick(lines, 4).map((line) => cite(line)), ...wrong] },
          { heading: 'Review questions', points: pick(lines, 2).map((line) => cite(line, (said) => `What does the speaker mean by this: ${said}? They explain it`)) },
        ],
      };
    case 'timestamped':
      return {
        items: [
          ...pick(lines, 5).map((line) => ({ passage: line.number, title: line.text.split(/\s+/).slice(0, 5).join(' ') || 'Topic', summary: line.text || 'The speaker moves on.' })),
          ...wrong.map((point) => ({ passage: point.passage, title: 'Aside', summary: point.text })),
        ],
      };
    case 'key_insights':
      return { insights: [...pick(lines, 4).map((line) => cite(line, (said) => `The speaker says that ${said}`)), ...wrong] };
    case 'notes':
      return { notes: [...pick(lines, 6).map((line) => cite(line)), ...wrong] };
  }
}

function textAnswer(text: string): string {
  const lines = passageLines(text);
  const title = /title: ([^\n]*)/.exec(text)?.[1] ?? 'this video';
  return `This video, "${title}", covers ${pick(lines, 3).map((line) => line.text.replace(/[.!?]*$/, '')).join('; ')}.`;
}

/**
 * Benchmark of the built-in extractive summary engine on synthetic auto-caption transcripts of
 * about 60 KB, 1 MB and 10 MB (the largest transcript the service accepts).
 *
 *   npx tsx bench/summary-engine.ts            all three sizes
 *   npx tsx bench/summary-engine.ts 1mb        one size
 *
 * Each size runs in its own child process so its peak RSS is its own. Prints a table and one
 * JSON line. Targets for 10 MB: all five modes under 5 s in total, peak RSS under 1 GB.
 */
import { fork } from 'node:child_process';
import * as os from 'node:os';
import { performance } from 'node:perf_hooks';
import { SUMMARY_MODES, type SummaryInput, type SummaryMode } from '../src/domain/summary';
import type { TranscriptSegment } from '../src/domain/transcript';
import { analyzeTranscript, summarizeAnalysis } from '../src/summaries';

const SIZES: Record<string, number> = { '60kb': 60 * 1024, '1mb': 1024 * 1024, '10mb': 10 * 1024 * 1024 };
/** For the 10 MB transcript. */
const TARGET = { totalMs: 5000, rssMb: 1024 } as const;

interface SizeResult {
  size: string;
  bytes: number;
  segments: number;
  words: number;
  sentences: number;
  sections: number;
  analysisMs: number;
  modeMs: Record<SummaryMode, number>;
  totalMs: number;
  /** CPU time (user + system) of analysis and all modes: unlike wall time, not inflated when other work shares the machine. */
  cpuMs: number;
  peakRssMb: number;
}

// ---------------------------------------------------------------------------------------------
// Synthetic transcripts: sentences from per-topic templates and word lists, with invented
// jargon drawn from a Zipf distribution so the vocabulary grows as in real speech. Lower case,
// no punctuation, 5-11 word segments back to back, occasional fillers and sound cues.

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Topic {
  nouns: string[];
  verbs: string[];
  adjectives: string[];
}

const TOPICS: Topic[] = [
  { nouns: ['dough', 'starter', 'flour', 'oven', 'crust', 'loaf', 'yeast', 'salt', 'basket', 'crumb', 'gluten', 'hydration'], verbs: ['knead', 'bake', 'proof', 'shape', 'score', 'feed', 'fold', 'mix'], adjectives: ['sticky', 'warm', 'crispy', 'sour', 'dense', 'airy'] },
  { nouns: ['router', 'signal', 'channel', 'network', 'antenna', 'cable', 'firmware', 'password', 'node', 'bandwidth', 'modem', 'switch'], verbs: ['configure', 'restart', 'update', 'scan', 'connect', 'route', 'secure', 'test'], adjectives: ['wireless', 'congested', 'fast', 'stable', 'encrypted', 'slow'] },
  { nouns: ['budget', 'savings', 'debt', 'interest', 'account', 'paycheck', 'expense', 'fund', 'credit', 'mortgage', 'loan', 'portfolio'], verbs: ['save', 'invest', 'borrow', 'repay', 'automate', 'track', 'spend', 'refinance'], adjectives: ['monthly', 'essential', 'high', 'fixed', 'variable', 'liquid'] },
  { nouns: ['mileage', 'tempo', 'interval', 'shoe', 'stride', 'recovery', 'race', 'pace', 'injury', 'hill', 'taper', 'cadence'], verbs: ['run', 'stretch', 'recover', 'train', 'fuel', 'rest', 'sprint', 'jog'], adjectives: ['easy', 'aerobic', 'long', 'steady', 'sore', 'fresh'] },
  { nouns: ['function', 'variable', 'compiler', 'loop', 'array', 'pointer', 'thread', 'cache', 'module', 'test', 'bug', 'interface'], verbs: ['compile', 'refactor', 'debug', 'deploy', 'profile', 'allocate', 'parse', 'cache'], adjectives: ['recursive', 'immutable', 'async', 'typed', 'generic', 'fast'] },
  { nouns: ['soil', 'seed', 'compost', 'root', 'leaf', 'pest', 'mulch', 'bed', 'tomato', 'sunlight', 'fertilizer', 'pot'], verbs: ['water', 'plant', 'prune', 'harvest', 'sow', 'repot', 'weed', 'transplant'], adjectives: ['moist', 'sandy', 'shady', 'organic', 'dry', 'healthy'] },
  { nouns: ['empire', 'treaty', 'revolution', 'dynasty', 'trade', 'army', 'colony', 'parliament', 'war', 'charter', 'province', 'tax'], verbs: ['conquer', 'negotiate', 'rebel', 'govern', 'expand', 'collapse', 'reform', 'unite'], adjectives: ['ancient', 'medieval', 'colonial', 'royal', 'powerful', 'fragile'] },
  { nouns: ['electron', 'field', 'wave', 'energy', 'particle', 'photon', 'orbit', 'charge', 'spin', 'mass', 'force', 'momentum'], verbs: ['accelerate', 'emit', 'absorb', 'collide', 'measure', 'decay', 'oscillate', 'radiate'], adjectives: ['quantum', 'magnetic', 'relativistic', 'stable', 'excited', 'neutral'] },
];

const TEMPLATES: string[] = [
  'so the {adj} {noun} is really about the {noun} and the {noun}',
  'you should always {verb} the {noun} before you {verb} the {noun}',
  'if your {noun} is too {adj} it is usually because the {noun} was never {adj}',
  'i recommend that you {verb} your {noun} every {time} because the {noun} gets {adj}',
  'the {noun} can {verb} the {noun} which means the {noun} ends up {adj}',
  'um what i like about the {noun} is that you can {verb} it without a {adj} {noun}',
  'a lot of people forget to {verb} the {noun} and then the {noun} is {adj} for a {time}',
  'make sure the {noun} stays {adj} otherwise the {noun} will not {verb} properly',
  'now the next thing is the {noun} which you {verb} with a {adj} {noun}',
  'uh honestly the {adj} {noun} surprised me because it helped the {noun} {verb} faster',
  'the trick is to {verb} the {noun} slowly so the {noun} never becomes {adj}',
  'there are two kinds of {noun} the {adj} one and the {adj} one with more {noun}',
  'when we tested the {noun} the {noun} was {adj} after about a {time}',
  'do not {verb} the {noun} too early because the {noun} needs time to get {adj}',
  'okay so let us talk about the {noun} and how it affects the {noun}',
  'my {noun} was {adj} last {time} so i decided to {verb} the {noun} again',
];
const TIMES = ['day', 'week', 'month', 'hour', 'minute', 'year', 'season', 'morning'];
const SYLLABLES = ['ka', 'lo', 'mi', 'ter', 'van', 'sul', 'rix', 'po', 'den', 'gal', 'cor', 'nim', 'tu', 'bra', 'fel', 'zo', 'qua', 'shi', 'mor', 'pen'];

function inventedLexicon(size: number, next: () => number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const syllables = 2 + Math.floor(next() * 3);
    let word = '';
    for (let i = 0; i < syllables; i += 1) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)] ?? 'ka';
    words.add(word);
  }
  return [...words];
}

function syntheticTranscript(targetBytes: number, seed = 7): SummaryInput {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const jargon = inventedLexicon(Math.min(60000, 2000 + Math.floor(targetBytes / 200)), next);
  // Zipf-like: low ranks far more often than high ones.
  const jargonWord = () => jargon[Math.min(jargon.length - 1, Math.floor(jargon.length ** next()) - 1)] ?? 'kalo';

  const segments: TranscriptSegment[] = [];
  let bytes = 0;
  let time = 0;
  const pending: string[] = [];
  let segmentWords = 8;
  let topic = pick(TOPICS);
  let sentencesLeftInTopic = 0;
  const emit = (text: string, seconds: number) => {
    segments.push({ start: Math.round(time * 100) / 100, end: Math.round((time + seconds) * 100) / 100, text });
    time += seconds;
    bytes += text.length + 1;
  };
  while (bytes < targetBytes) {
    if (sentencesLeftInTopic <= 0) {
      topic = pick(TOPICS);
      sentencesLeftInTopic = 40 + Math.floor(next() * 80);
      if (next() < 0.5) emit('[Music]', 3);
    }
    sentencesLeftInTopic -= 1;
    const noun = () => (next() < 0.25 ? jargonWord() : pick(topic.nouns));
    const sentence = pick(TEMPLATES)
      .replace(/\{noun\}/g, noun)
      .replace(/\{verb\}/g, () => pick(topic.verbs))
      .replace(/\{adj\}/g, () => pick(topic.adjectives))
      .replace(/\{time\}/g, () => pick(TIMES));
    if (next() < 0.05) pending.push('>>');
    pending.push(...sentence.split(' '));
    while (pending.length >= segmentWords) {
      const words = pending.splice(0, segmentWords);
      emit(words.join(' '), words.length / 2.6);
      segmentWords = 5 + Math.floor(next() * 7);
    }
  }
  if (pending.length > 0) emit(pending.join(' '), pending.length / 2.6);
  return {
    title: 'Synthetic benchmark transcript',
    videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    channel: 'Benchmark',
    language: 'en',
    durationSeconds: Math.ceil(time),
    chapters: [],
    segments,
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring one size (in a child process) and reporting all of them (in the parent).

function measure(size: string): SizeResult {
  const targetBytes = SIZES[size];
  if (targetBytes === undefined) throw new Error(`unknown size ${size}; use one of ${Object.keys(SIZES).join(', ')}`);
  const input = syntheticTranscript(targetBytes);
  const bytes = input.segments.reduce((sum, s) => sum + Buffer.byteLength(s.text) + 1, 0);

  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const analysis = analyzeTranscript(input);
  const analysisMs = performance.now() - started;
  const modeMs = {} as Record<SummaryMode, number>;
  for (const mode of SUMMARY_MODES) {
    const modeStarted = performance.now();
    const entry = summarizeAnalysis(analysis, mode, input.videoUrl);
    modeMs[mode] = performance.now() - modeStarted;
    if (entry.content.length === 0) throw new Error(`${mode} produced no content`);
  }
  const totalMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  return {
    size,
    bytes,
    segments: input.segments.length,
    words: analysis.words.length,
    sentences: analysis.sentences.count,
    sections: analysis.sections.length,
    analysisMs,
    modeMs,
    totalMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

function runChild(size: string): Promise<SizeResult> {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, ['--child', size], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: SizeResult | undefined;
    child.on('message', (message) => {
      result = message as SizeResult;
    });
    child.on('error', reject);
    child.on('exit', (code) => (result ? resolve(result) : reject(new Error(`benchmark for ${size} exited with ${code}`))));
  });
}

function table(results: readonly SizeResult[]): string {
  const ms = (v: number) => v.toFixed(0);
  const header = ['size', 'MB', 'segments', 'sentences', 'sections', 'analysis', ...SUMMARY_MODES, 'total ms', 'cpu ms', 'peak RSS MB', 'targets'];
  const rows = results.map((r) => [
    r.size,
    (r.bytes / 1048576).toFixed(2),
    String(r.segments),
    String(r.sentences),
    String(r.sections),
    ms(r.analysisMs),
    ...SUMMARY_MODES.map((m) => ms(r.modeMs[m])),
    ms(r.totalMs),
    ms(r.cpuMs),
    r.peakRssMb.toFixed(0),
    r.totalMs < TARGET.totalMs && r.peakRssMb < TARGET.rssMb ? 'met' : 'MISSED',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padStart(widths[i] ?? 0)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    const result = measure(args[1] ?? '');
    process.send?.(result);
    return;
  }
  const sizes = args.length > 0 ? args : Object.keys(SIZES);
  const results: SizeResult[] = [];
  for (const size of sizes) results.push(await runChild(size));
  console.log(`Extractive summary engine, all five modes (times in ms; targets for 10mb: < ${TARGET.totalMs} ms, < ${TARGET.rssMb} MB)`);
  console.log(`Machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0]?.toFixed(2)} (wall times grow when other work shares the CPUs; cpu ms does not)`);
  console.log(table(results));
  console.log(JSON.stringify({ benchmark: 'summary-engine', node: process.version, results }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

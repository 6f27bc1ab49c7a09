/**
 * The library's evaluation and its speed and size (docs/library.md#evaluation):
 *
 *   node --require tsx/cjs bench/library.ts [--part eval|speed|large|all] [--train 30] [--meetings N] [--videos 1000] [--queries 200]
 *
 * On a fresh embedded Postgres under a temporary DATA_DIR, with the offline embedding model:
 *
 * - eval: QMSum's AMI and ICSI meetings (test/evaluation/data/qmsum) indexed as one library per
 *   split, each turn a segment timed by its words (2.5 words a second). Each specific query's
 *   spans are its gold passages (a passage is relevant when its times overlap a span's turns).
 *   recall@5 is the share of queries with a relevant passage in the first five, MRR the mean of
 *   1 / the first relevant rank (over the first 50). The fusion's k and weights are chosen on the
 *   first `--train` training meetings, then reported on val and test. The off-library questions
 *   (test/evaluation/library/off-library-questions.json) measure the share answered "not found"
 *   at the coverage threshold, beside the share of in-library queries still answered.
 * - speed: a generated library of `--videos` ten-minute videos (passages of generated words, random
 *   unit vectors): search p50/p95 over `--queries` queries, fused, the query embedded by the model;
 *   the index's size per hour of video; indexing cost of a ten-minute transcript.
 * - large: a 10 MB transcript indexed (lexical), with the process's peak RSS and heap.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../src/storage/database';
import { indexJob } from '../src/library/index-job';
import { createLocalEmbedder } from '../src/library/embeddings/local-embedder';
import type { Embedder } from '../src/library/embeddings';
import { createCosineIndex, type SemanticIndex } from '../src/library/semantic-index';
import { lexicalMatches, insertPassages, markJobIndexed, userSearchConfigs } from '../src/storage/repositories/library';
import { DEFAULT_FUSION, fuseByReciprocalRank, type FusionSettings } from '../src/library/fusion';
import { createLibrarySearch } from '../src/library/search';
import { COVERAGE } from '../src/library/ask';
import { unitVector } from '../src/library/embeddings/embedder';
import { insertJobOwner, insertJobRow } from '../test/support/job-rows';
import { machineLine, percentile, printTable, runMain, tempDir, textOptions } from './support';
import { round } from '../src/usage/rounding';

const args = textOptions({ part: 'all', train: '30', meetings: '1000', videos: '1000', queries: '200' });
const QMSUM = path.join(__dirname, '..', 'test', 'evaluation', 'data', 'qmsum');
const OFF_LIBRARY = path.join(__dirname, '..', 'test', 'evaluation', 'library', 'off-library-questions.json');
const WORDS_PER_SECOND = 2.5;
const DEPTH = 50;

interface Meeting {
  meeting_id: string;
  turns: Array<{ speaker: string; text: string }>;
  specific_queries: Array<{ query: string; spans: Array<[number, number]> }>;
}

interface IndexedMeeting {
  jobId: string;
  /** Start and end second of each turn. */
  times: Array<[number, number]>;
  queries: Meeting['specific_queries'];
}

async function completedJob(db: Db, userId: string, videoId: string, segments: Array<{ start: number; end: number; text: string }>): Promise<string> {
  const job = await insertJobRow(db, userId, { videoId, row: { status: 'completed', current_step: 'completed', progress_percentage: 100, video_info: JSON.stringify({ title: videoId }) as never } });
  await db
    .insertInto('job_transcripts')
    .values({ job_id: job.id, transcript: JSON.stringify({ language: 'en', source: 'captions_manual', translated: false, segments }), truncated: false, word_count: 0 })
    .execute();
  return job.id;
}

function meetingSegments(meeting: Meeting) {
  let at = 0;
  const times: Array<[number, number]> = [];
  const segments = meeting.turns.map((turn) => {
    const words = Math.max(1, turn.text.split(/\s+/).length);
    const start = at;
    at += words / WORDS_PER_SECOND;
    times.push([start, at]);
    return { start, end: at, text: turn.text };
  });
  return { segments, times };
}

function readSplit(split: string, limit = Infinity): Meeting[] {
  const dir = path.join(QMSUM, split);
  return fs.readdirSync(dir).sort().slice(0, limit).map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Meeting);
}

async function indexSplit(db: Db, embedder: Embedder, split: string, limit?: number) {
  const userId = await insertJobOwner(db, `${split}-${Date.now()}@bench.local`);
  const meetings: IndexedMeeting[] = [];
  const started = performance.now();
  let passages = 0;
  for (const meeting of readSplit(split, limit)) {
    const { segments, times } = meetingSegments(meeting);
    const jobId = await completedJob(db, userId, meeting.meeting_id.slice(0, 11), segments);
    const outcome = await indexJob({ db, embedder }, jobId);
    if (outcome.kind === 'indexed') passages += outcome.passages;
    meetings.push({ jobId, times, queries: meeting.specific_queries });
  }
  console.error(`${split}: ${meetings.length} meetings, ${passages} passages indexed in ${round((performance.now() - started) / 1000)} s`);
  return { userId, meetings };
}

interface QueryLists {
  lexical: string[];
  semantic: Array<{ id: string; similarity: number }>;
  relevant: Set<string>;
}

async function queryLists(db: Db, embedder: Embedder, semantic: SemanticIndex, library: { userId: string; meetings: IndexedMeeting[] }): Promise<QueryLists[]> {
  const configs = await userSearchConfigs(db, library.userId);
  const lists: QueryLists[] = [];
  for (const meeting of library.meetings) {
    const passages = await db.selectFrom('library_passages').select(['id', 'start_seconds', 'end_seconds']).where('job_id', '=', meeting.jobId).execute();
    for (const query of meeting.queries) {
      const relevant = new Set(
        passages
          .filter((p) => query.spans.some(([first, last]) => p.start_seconds < meeting.times[Math.min(last, meeting.times.length - 1)]![1] - 1e-3 && p.end_seconds > meeting.times[first]![0] + 1e-3))
          .map((p) => String(p.id)),
      );
      if (relevant.size === 0) continue;
      const [vector] = await embedder.embed([query.query]);
      lists.push({
        lexical: (await lexicalMatches(db, library.userId, query.query, configs, null, DEPTH)).map((hit) => hit.id),
        semantic: await semantic.nearest(library.userId, vector!, DEPTH, null),
        relevant,
      });
    }
  }
  return lists;
}

function scoreRanking(lists: QueryLists[], rank: (list: QueryLists) => string[]) {
  let hits = 0;
  let reciprocal = 0;
  for (const list of lists) {
    const ranked = rank(list);
    const first = ranked.findIndex((id) => list.relevant.has(id));
    if (first >= 0 && first < 5) hits += 1;
    if (first >= 0) reciprocal += 1 / (first + 1);
  }
  return { recallAt5: round(hits / lists.length, 3), mrr: round(reciprocal / lists.length, 3) };
}

const fused = (settings: FusionSettings) => (list: QueryLists) =>
  fuseByReciprocalRank(
    [
      { ids: list.lexical, weight: settings.lexicalWeight },
      { ids: list.semantic.map((hit) => hit.id), weight: settings.semanticWeight },
    ],
    settings.k,
  ).map((hit) => hit.id);

function tuneFusion(lists: QueryLists[]): FusionSettings {
  let best = { settings: DEFAULT_FUSION, score: -1 };
  for (const k of [1, 2, 5, 10, 20, 40, 60, 100]) {
    for (const semanticWeight of [0.25, 0.5, 0.75, 1, 1.5, 2, 3]) {
      const settings = { k, lexicalWeight: 1, semanticWeight };
      const { recallAt5, mrr } = scoreRanking(lists, fused(settings));
      const score = recallAt5 + mrr;
      if (score > best.score) best = { settings, score };
    }
  }
  return best.settings;
}

async function evaluation(db: Db, embedder: Embedder) {
  const semantic = createCosineIndex(db, embedder.model, 512 * 1024 * 1024);
  const train = await indexSplit(db, embedder, 'train', Number(args.train));
  const trainLists = await queryLists(db, embedder, semantic, train);
  const tuned = tuneFusion(trainLists);
  console.error(`fusion tuned on ${trainLists.length} training queries: ${JSON.stringify(tuned)}`);
  const rows: Array<Record<string, string | number>> = [];
  const offQuestions = JSON.parse(fs.readFileSync(OFF_LIBRARY, 'utf8')) as string[];
  const coverageRows: Array<Record<string, string | number>> = [];
  for (const [split, library] of [['train (tuning)', train], ['val', await indexSplit(db, embedder, 'val', Number(args.meetings))], ['test', await indexSplit(db, embedder, 'test', Number(args.meetings))]] as const) {
    const lists = split.startsWith('train') ? trainLists : await queryLists(db, embedder, semantic, library);
    for (const [method, rank] of [
      ['lexical', (list: QueryLists) => list.lexical],
      ['semantic', (list: QueryLists) => list.semantic.map((hit) => hit.id)],
      ['fused (default k=60, 1:1)', fused(DEFAULT_FUSION)],
      [`fused (tuned k=${tuned.k}, 1:${tuned.semanticWeight})`, fused(tuned)],
    ] as const) {
      rows.push({ split, queries: lists.length, method, ...scoreRanking(lists, rank) });
    }
    // Coverage: the best passage's similarity against the threshold, for library and off-library questions.
    const answered = lists.filter((list) => (list.semantic[0]?.similarity ?? 0) >= COVERAGE.minSimilarity).length;
    let notFound = 0;
    const offSimilarities: number[] = [];
    for (const question of offQuestions) {
      const [vector] = await embedder.embed([question]);
      const best = (await semantic.nearest(library.userId, vector!, 1, null))[0]?.similarity ?? 0;
      offSimilarities.push(best);
      if (best < COVERAGE.minSimilarity) notFound += 1;
    }
    const inSimilarities = lists.map((list) => list.semantic[0]?.similarity ?? 0).sort((a, b) => a - b);
    offSimilarities.sort((a, b) => a - b);
    coverageRows.push({
      split,
      threshold: COVERAGE.minSimilarity,
      'off-library "not found"': `${notFound}/${offQuestions.length} (${round((100 * notFound) / offQuestions.length, 1)} %)`,
      'library queries answered': `${answered}/${lists.length} (${round((100 * answered) / lists.length, 1)} %)`,
      'off best sim p50/p90/max': `${round(percentile(offSimilarities, 50), 3)}/${round(percentile(offSimilarities, 90), 3)}/${round(offSimilarities.at(-1)!, 3)}`,
      'library best sim p10/p50': `${round(percentile(inSimilarities, 10), 3)}/${round(percentile(inSimilarities, 50), 3)}`,
    });
  }
  printTable('Retrieval on QMSum specific queries (recall@5: a gold passage in the first five)', rows);
  printTable('Coverage ("not found in your videos")', coverageRows);
}

const VOCABULARY = fs
  .readFileSync(path.join(QMSUM, 'val', fs.readdirSync(path.join(QMSUM, 'val'))[0]!), 'utf8')
  .toLowerCase()
  .match(/[a-z]{4,}/g)!
  .filter((word, index, all) => all.indexOf(word) === index);

function randomText(words: number, random: () => number): string {
  return Array.from({ length: words }, () => VOCABULARY[Math.floor(random() * VOCABULARY.length)]).join(' ');
}

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

async function speed(db: Db, embedder: Embedder) {
  const videos = Number(args.videos);
  const random = seeded(42);
  const userId = await insertJobOwner(db, `speed-${Date.now()}@bench.local`);
  const started = performance.now();
  for (let video = 0; video < videos; video++) {
    const jobId = await completedJob(db, userId, `gen${String(video).padStart(8, '0')}`, []);
    // Ten minutes: passages of 45 s, about 110 words each.
    const passages = Array.from({ length: 14 }, (_, seq) => ({
      seq,
      start: seq * 45,
      end: Math.min(600, seq * 45 + 45),
      text: randomText(110, random),
      embedding: unitVector(Array.from({ length: 512 }, () => random() - 0.5)),
    }));
    await insertPassages(db, { jobId, userId }, 'english', embedder.model, passages);
    await markJobIndexed(db, { jobId, userId }, 'english', passages.length, embedder.model);
  }
  console.error(`generated ${videos} videos in ${round((performance.now() - started) / 1000)} s`);

  const search = createLibrarySearch({ db, embedder, semantic: createCosineIndex(db, embedder.model, 512 * 1024 * 1024) });
  const queries = Array.from({ length: Number(args.queries) }, () => randomText(1 + Math.floor(random() * 4), random));
  // The first search loads the user's vectors into the cache, as the first after any change does.
  const first = performance.now();
  await search.search(userId, { query: queries[0]!, limit: 10, jobIds: null });
  const firstMs = performance.now() - first;
  const times: number[] = [];
  for (const query of queries) {
    const at = performance.now();
    await search.search(userId, { query, limit: 10, jobIds: null });
    times.push(performance.now() - at);
  }
  times.sort((a, b) => a - b);
  const size = await sql<{ table: string; indexes: string; total: string }>`
    SELECT pg_table_size('library_passages') AS table, pg_indexes_size('library_passages') AS indexes, pg_total_relation_size('library_passages') AS total`.execute(db);
  const hours = (videos * 600) / 3600;
  const mb = (bytes: string) => round(Number(bytes) / 1024 / 1024, 1);

  // Indexing one ten-minute transcript: a meeting's first ten minutes of turns.
  const meeting = readSplit('val', 1)[0]!;
  const segments = meetingSegments(meeting).segments.filter((segment) => segment.end <= 600);
  const tenMinutes = await completedJob(db, userId, 'tenminutes1', segments);
  const indexing = performance.now();
  const outcome = await indexJob({ db, embedder }, tenMinutes);
  const indexingMs = performance.now() - indexing;

  printTable(`Speed and size: ${videos} ten-minute videos (${round(hours, 1)} h, ${videos * 14} passages)`, [
    { measure: 'search p50, fused, query embedded (ms)', value: round(percentile(times, 50), 1) },
    { measure: 'search p95 (ms, target 100)', value: round(percentile(times, 95), 1) },
    { measure: 'first search after a change: vectors loaded (ms)', value: round(firstMs, 0) },
    { measure: 'index size, table / indexes / total (MB)', value: `${mb(size.rows[0]!.table)} / ${mb(size.rows[0]!.indexes)} / ${mb(size.rows[0]!.total)}` },
    { measure: 'index size per hour of video (MB)', value: round(Number(size.rows[0]!.total) / 1024 / 1024 / hours, 2) },
    { measure: `indexing a ten-minute transcript (${outcome.kind === 'indexed' ? outcome.passages : 0} passages, embedded), ms`, value: round(indexingMs, 0) },
  ]);
}

async function large(db: Db) {
  const userId = await insertJobOwner(db, `large-${Date.now()}@bench.local`);
  const random = seeded(7);
  const segments: Array<{ start: number; end: number; text: string }> = [];
  let bytes = 0;
  for (let i = 0; bytes < 10 * 1024 * 1024; i++) {
    const text = `${randomText(8, random)}${i % 4 === 3 ? '.' : ''}`;
    segments.push({ start: i * 3, end: i * 3 + 3, text });
    bytes += text.length + 40;
  }
  const jobId = await completedJob(db, userId, 'tenmegabyte', segments);
  segments.length = 0;
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const started = performance.now();
  const outcome = await indexJob({ db, embedder: null }, jobId);
  clearInterval(sampler);
  const mb = (value: number) => round(value / 1024 / 1024, 1);
  printTable('A 10 MB transcript indexed (full-text; embeddings go in the same bounded batches)', [
    { measure: 'passages', value: outcome.kind === 'indexed' ? outcome.passages : 0 },
    { measure: 'seconds', value: round((performance.now() - started) / 1000, 1) },
    { measure: 'RSS before / peak (MB)', value: `${mb(before.rss)} / ${mb(peakRss)}` },
    { measure: 'heap before / peak (MB)', value: `${mb(before.heapUsed)} / ${mb(peakHeap)}` },
  ]);
}

runMain(async () => {
  console.log(machineLine());
  const dataDir = tempDir('vd-bench-library-');
  // The embedded server runs as "postgres" when started by root: it must reach its directory.
  fs.chmodSync(dataDir, 0o755);
  const database = await openDatabase({ dataDir, poolSize: 4, embeddedMode: 'host', log: () => {} });
  const embedder = createLocalEmbedder();
  try {
    if (args.part === 'eval' || args.part === 'all') await evaluation(database.db, embedder);
    if (args.part === 'speed' || args.part === 'all') await speed(database.db, embedder);
    if (args.part === 'large' || args.part === 'all') await large(database.db);
  } finally {
    await embedder.close();
    await database.close();
  }
});

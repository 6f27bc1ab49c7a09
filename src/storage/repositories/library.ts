/**
 * The library's tables (0018): passages of completed jobs with their full-text vectors and
 * embeddings, and the marker of each indexed job. Every read is scoped to one user.
 */
import { sql } from 'kysely';
import type { Db } from '../database';
import type { TranscriptSegment } from '../../domain/transcript';

/** A job the library may index: completed, with its owner. */
export interface IndexableJob {
  jobId: string;
  userId: string;
}

export interface NewPassage {
  seq: number;
  start: number;
  end: number;
  text: string;
  embedding: Float32Array | null;
}

/** A passage as search shows it, with its job's video and title. */
export interface StoredPassage {
  id: string;
  jobId: string;
  videoId: string;
  title: string;
  start: number;
  end: number;
  text: string;
}

/** The transcript's language, or null when the job has no transcript. */
export async function transcriptLanguage(db: Db, jobId: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('job_transcripts')
    .select(sql<string | null>`transcript->>'language'`.as('language'))
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  return row ? row.language : undefined;
}

/**
 * The transcript's segments `batchSize` at a time, so a long transcript is never held whole by
 * the worker: Postgres unpacks the JSON, the worker receives one batch of segments per query.
 */
export async function* readTranscriptSegments(db: Db, jobId: string, batchSize: number): AsyncGenerator<TranscriptSegment> {
  for (let from = 0; ; from += batchSize) {
    const { rows } = await sql<{ start: number; end: number; text: string }>`
      SELECT (e.value->>'start')::float8 AS start, (e.value->>'end')::float8 AS "end", e.value->>'text' AS text
      FROM job_transcripts t, json_array_elements(t.transcript->'segments') WITH ORDINALITY AS e(value, n)
      WHERE t.job_id = ${jobId} AND e.n > ${from} AND e.n <= ${from + batchSize}
      ORDER BY e.n`.execute(db);
    yield* rows;
    if (rows.length < batchSize) return;
  }
}

/** Removes what an earlier, unfinished indexing of the job left, before it is indexed again. */
export async function clearJobPassages(db: Db, jobId: string): Promise<void> {
  await db.deleteFrom('library_passages').where('job_id', '=', jobId).execute();
}

export async function insertPassages(db: Db, job: IndexableJob, searchConfig: string, embeddingModel: string | null, passages: readonly NewPassage[]): Promise<void> {
  if (passages.length === 0) return;
  await db
    .insertInto('library_passages')
    .values(
      passages.map((passage) => ({
        job_id: job.jobId,
        user_id: job.userId,
        seq: passage.seq,
        start_seconds: passage.start,
        end_seconds: passage.end,
        text: passage.text,
        search_config: searchConfig,
        tsv: sql<string>`to_tsvector(${searchConfig}::regconfig, ${passage.text})`,
        embedding: passage.embedding ? sql<number[]>`${`{${Array.from(passage.embedding).join(',')}}`}::real[]` : null,
        embedding_model: passage.embedding ? embeddingModel : null,
      })),
    )
    .execute();
}

/** The job's marker: its passages are all stored. */
export async function markJobIndexed(db: Db, job: IndexableJob, searchConfig: string, passages: number, embeddingModel: string | null): Promise<void> {
  await db
    .insertInto('library_jobs')
    .values({ job_id: job.jobId, user_id: job.userId, search_config: searchConfig, passages, embedding_model: embeddingModel })
    .onConflict((oc) =>
      oc.column('job_id').doUpdateSet({ search_config: searchConfig, passages, embedding_model: embeddingModel, indexed_at: sql`now()` }),
    )
    .execute();
}

export async function findIndexableJob(db: Db, jobId: string): Promise<IndexableJob | null> {
  const row = await db.selectFrom('jobs').select(['id', 'user_id']).where('id', '=', jobId).where('status', '=', 'completed').executeTakeFirst();
  return row ? { jobId: row.id, userId: row.user_id } : null;
}

/** Completed jobs the library has no marker for, oldest first. */
export async function jobsNotIndexed(db: Db, limit: number, after: string | null = null): Promise<IndexableJob[]> {
  let query = db
    .selectFrom('jobs')
    .leftJoin('library_jobs', 'library_jobs.job_id', 'jobs.id')
    .select(['jobs.id', 'jobs.user_id'])
    .where('jobs.status', '=', 'completed')
    .where('library_jobs.job_id', 'is', null);
  if (after !== null) query = query.where('jobs.id', '>', after);
  const rows = await query.orderBy('jobs.id').limit(limit).execute();
  return rows.map((row) => ({ jobId: row.id, userId: row.user_id }));
}

/** Of `jobIds`, those that are not the user's (unknown ones included). */
export async function jobIdsNotOwned(db: Db, userId: string, jobIds: readonly string[]): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const owned = await db.selectFrom('jobs').select('id').where('user_id', '=', userId).where('id', 'in', [...jobIds]).execute();
  const ownedIds = new Set(owned.map((row) => row.id));
  return jobIds.filter((id) => !ownedIds.has(id));
}

/** The text search configurations the user's passages are indexed with. */
export async function userSearchConfigs(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('library_jobs').select('search_config').distinct().where('user_id', '=', userId).execute();
  return rows.map((row) => row.search_config);
}

export interface LexicalHit {
  id: string;
  rank: number;
}

/**
 * Full-text matches of the user's passages, best first: the query parsed per configuration
 * (websearch syntax: quotes, or, -; a plain question's words joined by "or"), each passage matched
 * by its own, ranked by cover density.
 */
export async function lexicalMatches(db: Db, userId: string, query: string, configs: readonly string[], jobIds: readonly string[] | null, limit: number): Promise<LexicalHit[]> {
  if (configs.length === 0) return [];
  // A plain question matches passages holding any of its words, ranked by how many and how close;
  // quotes, "or" and "-" keep websearch's own meaning.
  const plain = !/"|(^|\s)-\S|\bor\b/i.test(query);
  const parsed = (config: string) =>
    plain
      ? sql`to_tsquery('simple', replace(websearch_to_tsquery(${config}::regconfig, ${query})::text, ' & ', ' | '))`
      : sql`websearch_to_tsquery(${config}::regconfig, ${query})`;
  const branches = configs.map(
    (config) => sql`
      SELECT p.id, ts_rank_cd(p.tsv, q, 1) AS rank
      FROM library_passages p, ${parsed(config)} q
      WHERE p.user_id = ${userId} AND p.search_config = ${config}::regconfig AND p.tsv @@ q
      ${jobIds ? sql`AND p.job_id = ANY(${[...jobIds]}::text[])` : sql``}`,
  );
  const { rows } = await sql<{ id: string; rank: number }>`
    SELECT id, rank FROM (${sql.join(branches, sql` UNION ALL `)}) hits
    ORDER BY rank DESC, id LIMIT ${limit}`.execute(db);
  return rows.map((row) => ({ id: String(row.id), rank: Number(row.rank) }));
}

/** What decides whether a user's cached embeddings are current: their passages' count and last indexing. */
export async function embeddingsVersion(db: Db, userId: string, model: string): Promise<string> {
  const row = await db
    .selectFrom('library_jobs')
    .select([sql<string>`count(*)`.as('jobs'), sql<string>`coalesce(max(indexed_at)::text, '')`.as('latest')])
    .where('user_id', '=', userId)
    .where('embedding_model', '=', model)
    .executeTakeFirstOrThrow();
  return `${row.jobs}@${row.latest}`;
}

export interface StoredEmbedding {
  id: string;
  jobId: string;
  embedding: number[];
}

/** The user's passage embeddings of `model`, `batchSize` rows per query. */
export async function* readEmbeddings(db: Db, userId: string, model: string, batchSize: number): AsyncGenerator<StoredEmbedding[]> {
  let after = '0';
  for (;;) {
    const rows = await db
      .selectFrom('library_passages')
      .select(['id', 'job_id', 'embedding'])
      .where('user_id', '=', userId)
      .where('embedding_model', '=', model)
      .where(sql<boolean>`id > ${after}::bigint`)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((row) => ({ id: String(row.id), jobId: row.job_id, embedding: row.embedding ?? [] }));
    after = String(rows[rows.length - 1]!.id);
  }
}

/** Nearest passages by pgvector's cosine distance (HNSW), for a server with the extension. */
export async function vectorMatches(db: Db, userId: string, model: string, vector: Float32Array, jobIds: readonly string[] | null, limit: number): Promise<Array<{ id: string; similarity: number }>> {
  const dims = vector.length;
  const literal = `[${Array.from(vector).join(',')}]`;
  const { rows } = await sql<{ id: string; distance: number }>`
    SELECT id, (embedding::vector(${sql.raw(String(dims))}) <=> ${literal}::vector(${sql.raw(String(dims))})) AS distance
    FROM library_passages
    WHERE user_id = ${userId} AND embedding_model = ${model} AND cardinality(embedding) = ${dims}
    ${jobIds ? sql`AND job_id = ANY(${[...jobIds]}::text[])` : sql``}
    ORDER BY embedding::vector(${sql.raw(String(dims))}) <=> ${literal}::vector(${sql.raw(String(dims))})
    LIMIT ${limit}`.execute(db);
  return rows.map((row) => ({ id: String(row.id), similarity: 1 - Number(row.distance) }));
}

/** Whether the database has pgvector (created by the migration where the server offers it). */
export async function hasPgVector(db: Db): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`SELECT exists (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS present`.execute(db);
  return rows[0]?.present ?? false;
}

/** The HNSW index over the embeddings of one dimension (an expression index on the real[] column). */
export async function ensureVectorIndex(db: Db, dims: number): Promise<void> {
  const size = sql.raw(String(Math.trunc(dims)));
  await sql`CREATE INDEX IF NOT EXISTS ${sql.id(`library_passages_hnsw_${Math.trunc(dims)}`)} ON library_passages
    USING hnsw ((embedding::vector(${size})) vector_cosine_ops) WHERE cardinality(embedding) = ${size}`.execute(db);
}

/** The passages by id, with their jobs' video and title, in the order of `ids`. */
export async function passagesByIds(db: Db, userId: string, ids: readonly string[]): Promise<StoredPassage[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('library_passages as p')
    .innerJoin('jobs as j', 'j.id', 'p.job_id')
    .select(['p.id', 'p.job_id', 'j.video_id', sql<string | null>`j.video_info->>'title'`.as('title'), 'p.start_seconds', 'p.end_seconds', 'p.text'])
    .where('p.user_id', '=', userId)
    .where(sql<boolean>`p.id = ANY(${[...ids]}::bigint[])`)
    .execute();
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [{ id, jobId: row.job_id, videoId: row.video_id, title: row.title ?? '', start: row.start_seconds, end: row.end_seconds, text: row.text }];
  });
}

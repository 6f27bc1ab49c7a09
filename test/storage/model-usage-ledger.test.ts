/**
 * Migration 0015 moves the usage reports' model tokens from the summaries to a ledger of calls:
 * what the reports counted for the summaries written before it, they still count after it; 0017
 * drops the summaries' last token columns.
 */
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { Client, Pool } from 'pg';
import { migrateToLatest, type Db } from '../../src/storage/database';
import { migrationProvider } from '../../src/storage/migrations';
import { modelTokenFigures } from '../../src/storage/repositories/usage-reports';
import type { Database } from '../../src/storage/schema';
import { requireEnv, uniqueName } from '../support/infrastructure';
import { insertJobOwner, insertJobRow } from '../support/job-rows';

const adminUrl = () => requireEnv('TEST_DATABASE_URL');
let name: string;
let db: Db;

beforeAll(async () => {
  name = uniqueName('vd_ledger');
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: url.toString(), max: 2 }) }) });
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo('0014_billed_summary_tokens');
  if (error) throw error;
});

afterAll(async () => {
  await db?.destroy();
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** A summary row as the service wrote it at 0014: `billed` null on rows from before 0014. */
async function summaryAt0014(jobId: string, mode: string, engine: string, tokens: [number, number], billed: [number, number] | null) {
  await sql`
    INSERT INTO job_summaries (job_id, mode, entry, engine, model, input_tokens, output_tokens, billed_input_tokens, billed_output_tokens)
    VALUES (${jobId}, ${mode}, ${JSON.stringify({ mode })}::jsonb, ${engine}, ${engine === 'llm' ? 'gpt-4o-mini' : 'extractive-v1'},
            ${tokens[0]}, ${tokens[1]}, ${billed?.[0] ?? null}, ${billed?.[1] ?? null})`.execute(db);
}

it('carries the tokens the reports counted per summary into the ledger, and drops the per-summary columns', async () => {
  const owner = await insertJobOwner(db, 'ledger@example.com');
  const other = await insertJobOwner(db, 'other@example.com');
  const job = await insertJobRow(db, owner, { summaryModes: ['tldr', 'detailed', 'study_notes', 'key_insights'] });
  await summaryAt0014(job.id, 'tldr', 'llm', [1000, 200], [400, 100]);
  await summaryAt0014(job.id, 'detailed', 'llm', [700, 150], null);
  await summaryAt0014(job.id, 'study_notes', 'llm', [900, 120], [0, 0]);
  await summaryAt0014(job.id, 'key_insights', 'extractive', [0, 0], [0, 0]);
  const othersJob = await insertJobRow(db, other);
  await summaryAt0014(othersJob.id, 'tldr', 'llm', [5000, 900], [5000, 900]);

  await migrateToLatest(db);

  const from = new Date(Date.now() - 3_600_000);
  const to = new Date(Date.now() + 3_600_000);
  // At 0014 the reports summed coalesce(billed, tokens) over the model-written summaries.
  expect(await modelTokenFigures(db, owner, from, to)).toEqual([{ model: 'gpt-4o-mini', summaries: 3, inputTokens: 1100, outputTokens: 250 }]);
  expect(await modelTokenFigures(db, other, from, to)).toEqual([{ model: 'gpt-4o-mini', summaries: 1, inputTokens: 5000, outputTokens: 900 }]);
  const { rows } = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns WHERE table_name = 'job_summaries' AND column_name LIKE '%tokens'`.execute(db);
  expect(rows).toEqual([]);
});

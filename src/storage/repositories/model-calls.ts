/**
 * Finished language-model calls: the cache (table model_calls, by content address) and the
 * ledger of the calls made for each job (table model_usage), which the usage reports sum.
 */
import { sql } from 'kysely';
import type { Db } from '../database';

export interface StoredModelCall {
  output: string;
  inputTokens: number;
  outputTokens: number;
}

/** The call stored under `callKey`, if it was made at or after `notBefore` (force_refresh: the job's creation). */
export async function findModelCall(db: Db, callKey: string, notBefore: Date | null): Promise<StoredModelCall | null> {
  let query = db.selectFrom('model_calls').select(['output', 'input_tokens', 'output_tokens']).where('call_key', '=', callKey);
  if (notBefore) query = query.where('created_at', '>=', notBefore);
  const row = await query.executeTakeFirst();
  return row ? { output: row.output, inputTokens: row.input_tokens, outputTokens: row.output_tokens } : null;
}

/** The job a call was made for, and the model it was made to. */
export interface CallMadeFor {
  jobId: string;
  model: string;
}

/**
 * Enters a call just made to the provider in the ledger of the job it was made for, at its
 * tokens. Only calls actually sent to the provider come here, so the ledger counts each of them
 * once, whether its answer was used or its attempt failed later. Written on its own, apart from
 * the cache: the call is paid for whether or not the cache keeps it.
 */
export async function recordModelUsage(db: Db, call: Pick<StoredModelCall, 'inputTokens' | 'outputTokens'>, madeFor: CallMadeFor): Promise<void> {
  await db
    .insertInto('model_usage')
    .columns(['job_id', 'user_id', 'model', 'input_tokens', 'output_tokens'])
    .expression((eb) =>
      eb
        .selectFrom('jobs')
        .select([
          'jobs.id',
          'jobs.user_id',
          sql<string>`${madeFor.model}::text`.as('model'),
          sql<number>`${call.inputTokens}::integer`.as('input_tokens'),
          sql<number>`${call.outputTokens}::integer`.as('output_tokens'),
        ])
        .where('jobs.id', '=', madeFor.jobId),
    )
    .execute();
}

/** Keeps a call's answer under `callKey`; a later identical call replaces it (force_refresh made it again). */
export async function cacheModelCall(db: Db, callKey: string, call: StoredModelCall): Promise<void> {
  await db
    .insertInto('model_calls')
    .values({ call_key: callKey, output: call.output, input_tokens: call.inputTokens, output_tokens: call.outputTokens })
    .onConflict((oc) =>
      oc.column('call_key').doUpdateSet({
        output: (eb) => eb.ref('excluded.output'),
        input_tokens: (eb) => eb.ref('excluded.input_tokens'),
        output_tokens: (eb) => eb.ref('excluded.output_tokens'),
        created_at: (eb) => eb.ref('excluded.created_at'),
      }),
    )
    .execute();
}

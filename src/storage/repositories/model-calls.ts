/** Finished language-model calls (table model_calls), by content address. */
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

/** Stores a call; a later identical call replaces it (force_refresh made it again). */
export async function saveModelCall(db: Db, callKey: string, call: StoredModelCall): Promise<void> {
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

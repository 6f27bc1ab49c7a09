/** Jobs and batches accepted but never handed to Temporal (the API died, or Temporal was down). */
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';

/**
 * The oldest of `waiting` (a table's rows still in their first status) whose workflow was never
 * started and that have waited longer than a start normally takes.
 */
export function oldestUnstarted<DB, TB extends keyof DB>(
  waiting: SelectQueryBuilder<DB, TB, object>,
  olderThanSeconds: number,
  limit: number,
): Promise<Selectable<DB[TB]>[]> {
  return waiting
    .selectAll()
    .where(sql<boolean>`workflow_started = false and created_at < now() - make_interval(secs => ${olderThanSeconds})`)
    .orderBy(sql`created_at`)
    .limit(limit)
    // selectAll over one table is that table's row; kysely cannot see it through the generic.
    .execute() as unknown as Promise<Selectable<DB[TB]>[]>;
}

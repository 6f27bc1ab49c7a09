/** The paged lists of a user's rows (jobs, batches): newest first, with the count of all of them. */
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';

export interface PageRequest {
  limit: number;
  offset: number;
}

export interface Page<Row> {
  rows: Row[];
  total: number;
}

/**
 * `filtered` holds the owner's (and any status) conditions; the page and the count read the same
 * rows. `id` breaks ties between rows created in the same instant, so pages never overlap.
 */
export async function newestFirstPage<DB, TB extends keyof DB>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  page: PageRequest,
): Promise<Page<Selectable<DB[TB]>>> {
  const [rows, count] = await Promise.all([
    filtered
      .selectAll()
      .orderBy(sql`created_at`, 'desc')
      .orderBy(sql`id`, 'desc')
      .limit(page.limit)
      .offset(page.offset)
      // selectAll over one table is that table's row; kysely cannot see it through the generic.
      .execute() as unknown as Promise<Selectable<DB[TB]>[]>,
    filtered.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number((count as { total: number }).total) };
}

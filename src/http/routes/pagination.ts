/** Paged lists (GET /api/v1/videos/, GET /api/v1/batch/): the query that asks for a page, and what the answer says of it. */
import { z } from 'zod';

/** Query strings arrive as text; a repeated parameter arrives as an array and is refused. */
const intParam = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional()
    .transform((v) => v ?? fallback);

export const PaginationQuery = {
  limit: intParam(1, 100, 20).describe('1..100, default 20'),
  offset: intParam(0, Number.MAX_SAFE_INTEGER, 0).describe('>= 0, default 0'),
};

/** The query of a paged list that can be narrowed to one status. */
export const pagedListQuery = <Status extends string>(statuses: readonly [Status, ...Status[]]) =>
  z.object({ ...PaginationQuery, status: z.enum(statuses).optional() });

/** The `pagination` of a page of `shown` rows out of `total`. */
export function pagination(query: { limit: number; offset: number }, shown: number, total: number) {
  return { limit: query.limit, offset: query.offset, total, has_more: query.offset + shown < total };
}

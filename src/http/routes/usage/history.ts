import { z } from 'zod';
import { defineRoute, keyWith } from '../../route';
import { addDays, GRANULARITIES, parseCalendarDate, startOfDay } from '../../../usage/periods';
import { usageHistory, type UsageDeps } from '../../../usage/report';
import { refusal } from '../../standard-responses';
import { UsageHistorySchema } from './schemas';

const DEFAULT_DAYS = 30;
const DEFAULT_LIMIT = 30;
const MAX_LIMIT = 366;

const dateParam = (what: string) =>
  z
    .string()
    .refine((text) => parseCalendarDate(text) !== null, 'must be a real calendar date written YYYY-MM-DD')
    .optional()
    .describe(what);

/** The range a query asks for, defaults filled in (today is UTC). */
export function historyRange(query: { start_date?: string; end_date?: string }, now = new Date()): { startDate: Date; endDate: Date } {
  const start = query.start_date ? parseCalendarDate(query.start_date) : null;
  const end = query.end_date ? parseCalendarDate(query.end_date) : null;
  const endDate = end ?? (start && start > startOfDay(now) ? start : startOfDay(now));
  const startDate = start ?? addDays(endDate, -(DEFAULT_DAYS - 1));
  return { startDate, endDate };
}

export const HistoryQuery = z
  .object({
    start_date: dateParam(`YYYY-MM-DD (UTC), inclusive. Default: ${DEFAULT_DAYS - 1} days before end_date (${DEFAULT_DAYS} days in all).`),
    end_date: dateParam('YYYY-MM-DD (UTC), inclusive; not before start_date. Default: today, or start_date when that is later.'),
    granularity: z.enum(GRANULARITIES).optional().describe('day (default), week (ISO, Monday to Sunday) or month.'),
    limit: z
      .string()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1).max(MAX_LIMIT))
      .optional()
      .describe(`Most periods returned, 1..${MAX_LIMIT} (default ${DEFAULT_LIMIT}); the most recent ones when the range holds more.`),
  })
  .superRefine((query, ctx) => {
    if (!query.start_date || !query.end_date) return;
    const { startDate, endDate } = historyRange(query);
    if (startDate > endDate) ctx.addIssue({ code: 'custom', path: ['start_date'], message: 'must not be after end_date' });
  });

export const usageHistoryRoute = (deps: UsageDeps) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/usage/history',
    summary: "The caller's usage over time, by day, week or month",
    description: 'Videos submitted, jobs completed and failed, requests and average processing time per period (UTC), with totals and the query as applied.',
    auth: keyWith('read'),
    request: { query: HistoryQuery },
    responses: {
      200: { description: 'Usage per period', schema: UsageHistorySchema },
      422: refusal('VALIDATION_ERROR (details.issues): a malformed or impossible date, start_date after end_date, an unknown granularity or limit out of 1..366'),
    },
    async handler({ query, principal }) {
      const { startDate, endDate } = historyRange(query);
      const body = await usageHistory(deps, principal, {
        startDate,
        endDate,
        granularity: query.granularity ?? 'day',
        limit: query.limit ?? DEFAULT_LIMIT,
      });
      return { body };
    },
  });


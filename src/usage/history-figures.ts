/** GET /api/v1/usage/history: the queried periods, each with its figures, and their totals. */
import type { BucketFigures } from '../storage/repositories/usage-reports';
import { formatDate, type Granularity, type Period } from './periods';
import { percent, round } from './rounding';

export interface HistoryQuery {
  startDate: Date;
  endDate: Date;
  granularity: Granularity;
  limit: number;
}

type HistoryRow = ReturnType<typeof historyRow>;

/** A period without figures had no activity: zeros, and no average processing time. */
function historyRow(period: Period, figures: BucketFigures | undefined) {
  return {
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    videos_submitted: figures?.videosSubmitted ?? 0,
    jobs_completed: figures?.jobsCompleted ?? 0,
    jobs_failed: figures?.jobsFailed ?? 0,
    requests: figures?.requests ?? 0,
    average_processing_time: figures && figures.processingTimeCount > 0 ? round(figures.processingTimeSum / figures.processingTimeCount, 3) : null,
  };
}

const sumOf = <T>(items: readonly T[], value: (item: T) => number) => items.reduce((sum, item) => sum + value(item), 0);

/** The period with the most videos submitted (the first of equals), or null when none had any. */
function busiestOf(rows: readonly HistoryRow[]): HistoryRow | null {
  return rows.reduce<HistoryRow | null>((best, r) => (r.videos_submitted > 0 && (!best || r.videos_submitted > best.videos_submitted) ? r : best), null);
}

function historySummary(rows: readonly HistoryRow[], figures: ReadonlyArray<BucketFigures | undefined>, from: Date, to: Date) {
  const videos = sumOf(rows, (r) => r.videos_submitted);
  const completed = sumOf(rows, (r) => r.jobs_completed);
  const failed = sumOf(rows, (r) => r.jobs_failed);
  // Averaged over every job of the range, not over the periods' averages.
  const processingTimeSum = sumOf(figures, (f) => f?.processingTimeSum ?? 0);
  const processingTimeCount = sumOf(figures, (f) => f?.processingTimeCount ?? 0);
  return {
    periods: rows.length,
    from: from.toISOString(),
    to: to.toISOString(),
    total_videos_submitted: videos,
    total_jobs_completed: completed,
    total_jobs_failed: failed,
    total_requests: sumOf(rows, (r) => r.requests),
    success_rate_percent: percent(completed, completed + failed),
    average_processing_time: processingTimeCount > 0 ? round(processingTimeSum / processingTimeCount, 3) : null,
    average_videos_per_period: rows.length > 0 ? round(videos / rows.length) : 0,
    busiest_period_start: busiestOf(rows)?.period_start ?? null,
  };
}

function queryInfo(query: HistoryQuery, totalPeriods: number, shownPeriods: number) {
  return {
    start_date: formatDate(query.startDate),
    end_date: formatDate(query.endDate),
    granularity: query.granularity,
    limit: query.limit,
    total_periods: totalPeriods,
    truncated: totalPeriods > shownPeriods,
  };
}

/** `periods` are the ones shown (the last `limit` of `totalPeriods`); `figures` are keyed by period key. */
export function historyReport(periods: readonly Period[], totalPeriods: number, figures: ReadonlyMap<string, BucketFigures>, query: HistoryQuery) {
  const periodFigures = periods.map((period) => figures.get(period.key));
  const rows = periods.map((period, index) => historyRow(period, periodFigures[index]));
  return {
    periods: rows,
    summary: historySummary(rows, periodFigures, periods[0]!.start, periods[periods.length - 1]!.end),
    query_info: queryInfo(query, totalPeriods, rows.length),
  };
}

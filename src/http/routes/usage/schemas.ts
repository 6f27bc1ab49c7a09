/**
 * Response shapes of the usage endpoints (the top-level fields are fixed,
 * docs/api-behaviour.md#usage-reports; the inner ones are ours). Every field is described here, so
 * /openapi.json documents them all.
 */
import { z } from 'zod';
import { SUMMARY_MODES } from '../../../domain/summary';
import { GRANULARITIES } from '../../../usage/periods';

const iso = (what: string) => z.string().describe(`${what} (ISO 8601, UTC)`);
const count = (what: string) => z.number().int().min(0).describe(what);
const percentOrNull = (what: string) => z.number().nullable().describe(`${what}, in percent (2 decimals); null when undefined (no cap, or nothing to divide by)`);

/** A period's projected videos beside the plan's cap. */
const quotaProjection = (projected: string, limit: string) => ({
  projected_videos: z.number().int().describe(projected),
  videos_limit: z.number().int().nullable().describe(limit),
  projected_percent_of_quota: percentOrNull('projected_videos / videos_limit'),
});

export const RateLimitsSchema = z
  .object({
    requests_per_minute: z.number().int().nullable().describe('Requests allowed per minute for the calling key on this plan; null when the plan has no throttle.'),
    remaining: z
      .number()
      .int()
      .nullable()
      .describe(
        "Requests the calling key may still make now (this request already counted): the lesser of its own window's and the account's (account.remaining), as in RateLimit-Remaining; null when there is no throttle or it cannot be read.",
      ),
    reset_seconds: z.number().int().nullable().describe('Seconds until the window that sets `remaining` resets; null when no window is open or there is no throttle.'),
    window_seconds: z.number().int().describe('Length of the throttle window in seconds (a fixed one-minute window).'),
    per: z.literal('key').describe('Throttling is per API key: each key of the account has its own window.'),
    key_id: z.string().describe('The key these request figures are for (the calling key).'),
    account: z
      .object({
        requests_per_minute: z.number().int().nullable().describe('Requests all keys of the account together may make per minute: twice the per-key limit; null without a throttle.'),
        remaining: z.number().int().nullable().describe('Requests the account\'s keys together may still make in the current window; null when there is no throttle or it cannot be read.'),
        reset_seconds: z.number().int().nullable().describe('Seconds until the account\'s window resets; null when no window is open or there is no throttle.'),
        per: z.literal('account').describe('This window holds all keys of the account together.'),
      })
      .describe('The user-wide window that holds all keys of the account together, so minting keys does not multiply the throttle.'),
    videos_per_month: z
      .object({
        limit: z.number().int().nullable().describe('Videos the plan accepts per calendar month (UTC); null means no cap.'),
        used: count('Videos accepted this month (the quota counter; a batch counts each video).'),
        remaining: z.number().int().nullable().describe('Videos left this month; null when there is no cap.'),
        percent_used: percentOrNull('used / limit'),
        reset_at: iso('When the counter resets: the start of next month'),
        per: z.literal('account').describe('The monthly quota is shared by every key of the account.'),
      })
      .describe('The monthly video quota, per account. Enforced at submission (QUOTA_EXCEEDED); reported here.'),
  })
  .describe('Throttle and quota of the caller. Informational: the throttle and the quota check are the enforcement.')
  .meta({ id: 'UsageRateLimits' });

export const EndpointUsageSchema = z
  .object({
    method: z.string().describe('HTTP method.'),
    endpoint: z.string().describe('Route template as declared, e.g. /api/v1/videos/status/:job_id (never a URL with ids).'),
    requests: count('Requests recorded.'),
    errors: count('Requests answered with HTTP status >= 400.'),
    error_rate_percent: z.number().describe('errors / requests, in percent (2 decimals).'),
    average_duration_seconds: z.number().describe('Mean time the service took to answer, in seconds (4 decimals).'),
  })
  .meta({ id: 'EndpointUsage' });

const jobCounts = z
  .object({
    queued: count('Jobs created this period that are queued now.'),
    processing: count('Jobs created this period that are processing now.'),
    completed: count('Jobs created this period that completed.'),
    failed: count('Jobs created this period that failed.'),
    total: count('Jobs created this period.'),
  })
  .describe('Jobs created in the current period, by their status now.');

const CostProjectionSchema = z
  .object({
    days_elapsed: z.number().int().describe('Days of the period begun so far, today included (1..days_in_period).'),
    days_in_period: z.number().int().describe('Days in the current calendar month.'),
    daily_average_videos: z.number().describe('videos_used / days_elapsed (2 decimals).'),
    projected_videos: z.number().int().describe('Videos the month would end at, at the same pace: videos used / days elapsed * days_in_period, rounded (from the unrounded daily average).'),
    videos_limit: z.number().int().nullable().describe('The monthly cap; null means no cap.'),
    projected_percent_of_quota: percentOrNull('projected_videos / videos_limit'),
    on_track_to_exceed: z.boolean().describe('projected_videos > videos_limit. Submissions past the cap are refused, so this is when the quota would run out early.'),
  })
  .describe('Straight-line projection of this month\'s videos.');

export const ModelUsageSchema = z
  .object({
    input_tokens: count('Input tokens the model provider received for the account\'s jobs: every call the service made, once, when it was made, whether or not its answer ended up in a summary (the calls of a summary step that failed and was retried included); calls served from the model call cache count 0. (A summary\'s own generator.input_tokens also counts the cached calls behind it, so the two need not add up.)'),
    output_tokens: count('Output tokens of those calls, counted the same way.'),
    estimated_cost_usd: z.number().nullable().describe('Cost of those tokens at the operator\'s price table (LLM_PRICES, USD per million tokens) of the models that have a price; null when none of the models used has one; 0 when no model was used.'),
    unpriced_models: z.array(z.string()).describe('Models used that have no price in the table (not in estimated_cost_usd).'),
    by_model: z
      .array(
        z.object({
          model: z.string().describe('Model name (LLM_MODEL when the summaries were written).'),
          summaries: count('Summary entries the model wrote (0 when every mode its calls were for fell back to the built-in engine).'),
          input_tokens: count('Input tokens sent to the provider (cached calls 0).'),
          output_tokens: count('Output tokens received from the provider (cached calls 0).'),
          estimated_cost_usd: z.number().nullable().describe('Cost at LLM_PRICES; null when the model has no price.'),
        }),
      )
      .describe('By model, in name order.'),
  })
  .describe('Summaries written by a language model (SUMMARY_PROVIDER openai or anthropic) for the account\'s jobs; zero when only the built-in engine wrote them.')
  .meta({ id: 'ModelUsage' });

export const UsageCurrentSchema = z
  .object({
    success: z.literal(true),
    current_period: z
      .object({
        plan: z.enum(['free', 'pro', 'admin']).describe('The account\'s plan.'),
        start: iso('First instant of the period: the 1st of the month, 00:00'),
        end: iso('Last instant of the period (inclusive): reset_at minus 1 ms'),
        reset_at: iso('When the monthly counter resets: the start of the next period'),
        videos_used: count('Videos accepted this month, from the quota counter (the system of record).'),
        videos_limit: z.number().int().nullable().describe('Videos allowed per month on this plan; null means no cap.'),
        videos_remaining: z.number().int().nullable().describe('videos_limit - videos_used, at least 0; null when there is no cap.'),
        percent_used: percentOrNull('videos_used / videos_limit'),
        jobs: jobCounts,
        requests: count('Authenticated API requests recorded this period for the account (all keys), this one not included.'),
        model_usage: ModelUsageSchema,
      })
      .describe('The current quota period: the calendar month (UTC).'),
    rate_limits: RateLimitsSchema,
    endpoint_breakdown: z.array(EndpointUsageSchema).describe('Requests this period by method and route template, most used first.'),
    cost_projection: CostProjectionSchema,
  })
  .meta({ id: 'UsageCurrent' });

export const UsageHistorySchema = z
  .object({
    success: z.literal(true),
    periods: z
      .array(
        z.object({
          period_start: iso('Start of the period, inclusive: the day, the Monday of the ISO week or the 1st of the month, clipped to start_date'),
          period_end: iso('End of the period, exclusive: the next bucket\'s start, clipped to the day after end_date'),
          videos_submitted: count('Jobs created in the period (each accepted video, batch children included).'),
          jobs_completed: count('Jobs that completed in the period (by completed_at).'),
          jobs_failed: count('Jobs that failed in the period (by completed_at).'),
          requests: count('Authenticated API requests recorded in the period.'),
          average_processing_time: z.number().nullable().describe('Mean processing_time of the jobs completed in the period, in seconds; null when none completed.'),
        }),
      )
      .describe('Oldest first. When the range holds more periods than limit, the most recent limit periods.'),
    summary: z
      .object({
        periods: count('Periods returned.'),
        from: iso('Start of the first period returned'),
        to: iso('End (exclusive) of the last period returned'),
        total_videos_submitted: count('Sum of videos_submitted over the periods returned.'),
        total_jobs_completed: count('Sum of jobs_completed over the periods returned.'),
        total_jobs_failed: count('Sum of jobs_failed over the periods returned.'),
        total_requests: count('Sum of requests over the periods returned.'),
        success_rate_percent: percentOrNull('completed / (completed + failed)'),
        average_processing_time: z.number().nullable().describe('Mean processing_time of every job completed in the periods returned, in seconds; null when none.'),
        average_videos_per_period: z.number().describe('total_videos_submitted / periods (2 decimals).'),
        busiest_period_start: z.string().nullable().describe('period_start of the period with the most videos submitted (the earliest on a tie); null when none.'),
      })
      .describe('Totals over the periods returned.'),
    query_info: z
      .object({
        start_date: z.string().describe('Effective start date, YYYY-MM-DD (default: 29 days before end_date).'),
        end_date: z.string().describe('Effective end date, YYYY-MM-DD, inclusive (default: today, UTC).'),
        granularity: z.enum(GRANULARITIES).describe('Effective granularity (default day). Weeks are ISO weeks, Monday to Sunday.'),
        limit: z.number().int().describe('Effective maximum number of periods (default 30).'),
        total_periods: count('Periods the whole range holds at this granularity.'),
        truncated: z.boolean().describe('True when total_periods > limit, so only the most recent limit periods are returned.'),
      })
      .describe('The query as applied, defaults filled in.'),
  })
  .meta({ id: 'UsageHistory' });

const TrendSchema = z
  .object({
    current: count('Value in the current window.'),
    previous: count('Value in the window just before it, of the same length.'),
    change_percent: z.number().nullable().describe('(current - previous) / previous, in percent (1 decimal); null when previous is 0.'),
    direction: z.enum(['up', 'down', 'flat']).describe('Sign of current - previous.'),
  })
  .meta({ id: 'UsageTrend' });

const comparison = (days: number, name: string) =>
  z
    .object({
      window_days: z.number().int().describe(`Length of each window in days (${days}).`),
      current_start: iso('Start of the current window (now minus window_days); it ends now'),
      previous_start: iso('Start of the previous window; it ends at current_start'),
      end: iso('End of the current window: the time of the request'),
      videos_submitted: TrendSchema.describe('Jobs created.'),
      jobs_completed: TrendSchema.describe('Jobs completed (by completed_at).'),
      jobs_failed: TrendSchema.describe('Jobs failed (by completed_at).'),
      requests: TrendSchema.describe('Authenticated API requests.'),
    })
    .describe(`${name}: the last ${days} days against the ${days} days before.`);

const activity = {
  videos_submitted: count('Jobs created in this slot over the analysis window.'),
  requests: count('API requests in this slot over the analysis window.'),
};

export const UsageAnalyticsSchema = z
  .object({
    success: z.literal(true),
    trends: z
      .object({
        week_over_week: comparison(7, 'Week over week'),
        month_over_month: comparison(30, 'Month over month'),
      })
      .describe('Rolling-window comparisons ending now.'),
    patterns: z
      .object({
        window_start: iso('Start of the analysis window (now minus window_days)'),
        window_end: iso('End of the analysis window: now'),
        window_days: z.number().int().describe('Length of the analysis window in days (30).'),
        busiest_hours: z
          .array(z.object({ hour: z.number().int().min(0).max(23).describe('Hour of day, UTC (0..23).'), ...activity }))
          .describe('Up to 5 hours of day with activity, busiest first (by videos submitted, then requests).'),
        busiest_weekdays: z
          .array(
            z.object({
              weekday: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']).describe('Day of week, UTC.'),
              iso_weekday: z.number().int().min(1).max(7).describe('ISO day number: Monday 1 .. Sunday 7.'),
              ...activity,
            }),
          )
          .describe('Days of week with activity, busiest first (by videos submitted, then requests).'),
        mode_popularity: z
          .array(
            z.object({
              mode: z.enum(SUMMARY_MODES).describe('Summary mode.'),
              jobs: count('Jobs in the window that asked for this mode.'),
              percent_of_jobs: z.number().describe('jobs / jobs created in the window, in percent (a job may ask for several modes).'),
            }),
          )
          .describe('Summary modes asked for by the jobs created in the window, most asked first.'),
        success_rate: z
          .object({
            completed: count('Jobs that completed in the window.'),
            failed: count('Jobs that failed in the window.'),
            success_rate_percent: percentOrNull('completed / (completed + failed)'),
            average_processing_time: z.number().nullable().describe('Mean processing_time of the completed jobs, in seconds; null when none.'),
            failure_reasons: z
              .array(z.object({ code: z.string().describe('Job failure code (error.code of the job).'), jobs: count('Failed jobs with this code.') }))
              .describe('Failure codes, most frequent first.'),
          })
          .describe('Outcome of the jobs that ended (completed_at) in the window.'),
        model_usage: ModelUsageSchema,
      })
      .describe('When and how the account uses the service, over the last 30 days.'),
    predictions: z
      .object({
        basis_days: z.number().int().describe('Days of history the daily average is taken over (30).'),
        daily_average_videos: z.number().describe('Videos submitted per day over the basis (2 decimals).'),
        active_days: count('Days in the basis with at least one video submitted.'),
        confidence: z.enum(['low', 'medium', 'high']).describe('high with 14+ active days, medium with 5+, low otherwise.'),
        current_period: z
          .object({
            period_start: iso('Start of this month'),
            period_end: iso('End of this month (exclusive): the quota reset'),
            videos_used: count('Videos accepted so far this month (quota counter).'),
            ...quotaProjection('This month at its own pace so far (as cost_projection in usage/current).', 'Monthly cap; null means no cap.'),
            on_track_to_exceed: z.boolean().describe('projected_videos > videos_limit.'),
          })
          .describe('The current calendar month.'),
        next_period: z
          .object({
            period_start: iso('Start of next month'),
            period_end: iso('End of next month (exclusive)'),
            ...quotaProjection(
              'Videos used / days elapsed * days in next month, rounded (from the unrounded daily average).',
              'Monthly cap on the current plan; null means no cap.',
            ),
            would_exceed_quota: z.boolean().describe('projected_videos > videos_limit.'),
          })
          .describe('Next calendar month, from the last 30 days\' pace.'),
      })
      .describe('Straight-line predictions of videos submitted.'),
    optimization_suggestions: z
      .array(
        z.object({
          code: z
            .enum(['COMBINE_SUMMARY_MODES', 'REUSE_RESULTS', 'HIGH_JOB_FAILURE_RATE', 'HIGH_ENDPOINT_ERROR_RATE', 'REDUCE_STATUS_POLLING', 'QUOTA_PACE'])
            .describe('What kind of suggestion this is.'),
          suggestion: z.string().describe('What to do.'),
          reason: z.string().describe('Why: the figures from the last 30 days that prompted it.'),
        }),
      )
      .describe('Suggestions drawn from the last 30 days; empty when nothing stands out.'),
    top_endpoints: z.array(EndpointUsageSchema).describe('The 5 most used routes over the last 30 days, most used first.'),
  })
  .meta({ id: 'UsageAnalytics' });

export const UsageLimitsSchema = z
  .object({
    success: z.literal(true),
    rate_limits: RateLimitsSchema,
    warnings: z
      .array(
        z.object({
          level: z.enum(['warning', 'critical']).describe('warning at 80% of the monthly quota, critical at 100%.'),
          code: z.enum(['QUOTA_80', 'QUOTA_100']).describe('The threshold reached. Only the highest one reached is listed.'),
          message: z.string().describe('Human-readable explanation.'),
          threshold: z.number().int().describe('The threshold, in percent of the monthly quota (80 or 100).'),
          percent_used: z.number().describe('Videos used / monthly cap, in percent (2 decimals).'),
          videos_used: count('Videos accepted this month.'),
          videos_limit: z.number().int().describe('The monthly cap.'),
          reset_at: iso('When the quota resets'),
        }),
      )
      .describe('Quota warnings; empty below 80% or without a cap.'),
    recommendations: z
      .array(
        z.object({
          code: z.enum(['UPGRADE_PLAN', 'PACE_SUBMISSIONS', 'SPREAD_REQUESTS']).describe('What kind of recommendation this is.'),
          message: z.string().describe('What to do.'),
          reason: z.string().describe('Why, with the figures behind it.'),
          suggested_plan: z.literal('pro').optional().describe('UPGRADE_PLAN only: the plan to move to.'),
        }),
      )
      .describe('Recommendations: upgrade (free plan at 80%+ of the quota or on track to exceed it), pace submissions (paid plans), spread requests (429s in the last 24 hours).'),
  })
  .meta({ id: 'UsageLimits' });

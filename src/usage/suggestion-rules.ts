/**
 * GET /api/v1/usage/analytics, what it suggests: one rule per suggestion, each finding its
 * occasions in the figures (none, one, or one per failing endpoint), in the order reported.
 */
import type { Plan } from '../domain/access';
import type { EndpointFigures } from '../storage/repositories/usage-reports';
import { ANALYSIS_DAYS, type AnalyticsFigures } from './analytics-figures';
import type { CostProjection } from './quota-figures';
import { percent, round } from './rounding';

export interface SuggestionFigures extends AnalyticsFigures {
  plan: Plan;
  thisMonth: CostProjection;
}

export interface OptimizationSuggestion {
  code: string;
  suggestion: string;
  reason: string;
}

interface SuggestionRule<Occasion> {
  code: string;
  occasions(figures: SuggestionFigures): Occasion[];
  suggestion(occasion: Occasion, figures: SuggestionFigures): string;
  reason(occasion: Occasion, figures: SuggestionFigures): string;
}

type AnySuggestionRule = (figures: SuggestionFigures) => OptimizationSuggestion[];

/** A rule of any occasion type, as the table holds it. */
function rule<Occasion>(spec: SuggestionRule<Occasion>): AnySuggestionRule {
  return (figures) =>
    spec.occasions(figures).map((occasion) => ({
      code: spec.code,
      suggestion: spec.suggestion(occasion, figures),
      reason: spec.reason(occasion, figures),
    }));
}

/** A rule about the figures as a whole has one occasion when its condition holds. */
const when = (condition: boolean): true[] => (condition ? [true] : []);

const LAST_DAYS = `in the last ${ANALYSIS_DAYS} days`;
const STATUS_ROUTE = '/api/v1/videos/status/:job_id';
const RESULT_ROUTE = '/api/v1/videos/result/:job_id';

/** Enough requests to judge by, a fifth or more of them failed. */
const failsOften = (e: EndpointFigures) => e.requests >= 10 && e.errors / e.requests >= 0.2;

function endpointFix(e: EndpointFigures): string {
  if (e.endpoint === RESULT_ROUTE && e.commonErrorStatus === 409) return 'Wait until the status route reports completed (or failed) before fetching the result.';
  if (e.commonErrorStatus === 429) return 'Spread requests out and honour Retry-After; the per-key limit is per minute.';
  if (e.commonErrorStatus === 422) return 'Validate requests against /openapi.json before sending them.';
  if (e.commonErrorStatus === 404) return "Check job ids: unknown ids and other users' ids answer 404.";
  return 'Check the error codes these requests receive.';
}

const terminalJobs = (f: SuggestionFigures) => f.outcomes.completed + f.outcomes.failed;
const statusPolls = (f: SuggestionFigures) => f.endpoints.filter((e) => e.endpoint === STATUS_ROUTE).reduce((sum, e) => sum + e.requests, 0);
const jobsInWindow = (f: SuggestionFigures) => f.month.videosSubmitted;

const SUGGESTION_RULES: AnySuggestionRule[] = [
  rule({
    code: 'COMBINE_SUMMARY_MODES',
    occasions: (f) => when(f.repeats.splitExtraJobs > 0),
    suggestion: () => 'Ask for every summary mode you need in one request (options.summary_modes) instead of one job per mode.',
    reason: (_, f) =>
      `${f.repeats.splitVideos} video(s) were submitted several times with different summary modes ${LAST_DAYS}; one request each would have saved ${f.repeats.splitExtraJobs} video(s) of quota.`,
  }),
  rule({
    code: 'REUSE_RESULTS',
    occasions: (f) => when(f.repeats.repeatedJobs > 0),
    suggestion: () => "Fetch the earlier job's result (GET /api/v1/videos/result/{job_id}) instead of submitting the same video with the same modes again.",
    reason: (_, f) => `${f.repeats.repeatedJobs} job(s) ${LAST_DAYS} repeated a video and summary modes already requested; each counted against the quota.`,
  }),
  rule({
    code: 'HIGH_JOB_FAILURE_RATE',
    occasions: (f) => when(terminalJobs(f) >= 5 && f.outcomes.failed / terminalJobs(f) >= 0.2),
    suggestion: (_, f) => {
      const top = f.outcomes.failureCodes[0];
      return top?.code === 'VIDEO_UNAVAILABLE' || top?.code === 'TRANSCRIPT_UNAVAILABLE'
        ? 'Check that videos are public and have captions or audio before submitting them.'
        : "Look at the failed jobs' error codes (GET /api/v1/videos/?status=failed) before resubmitting.";
    },
    reason: (_, f) => {
      const top = f.outcomes.failureCodes[0];
      const terminal = terminalJobs(f);
      return `High failure rate on jobs: ${f.outcomes.failed} of ${terminal} (${percent(f.outcomes.failed, terminal)}%) failed ${LAST_DAYS}${top ? `, most with ${top.code} (${top.jobs})` : ''}.`;
    },
  }),
  rule({
    code: 'HIGH_ENDPOINT_ERROR_RATE',
    occasions: (f) => f.endpoints.filter(failsOften),
    suggestion: endpointFix,
    reason: (e) =>
      `High failure rate on ${e.method} ${e.endpoint}: ${e.errors} of ${e.requests} requests (${percent(e.errors, e.requests)}%) failed ${LAST_DAYS}${e.commonErrorStatus ? `, mostly with HTTP ${e.commonErrorStatus}` : ''}.`,
  }),
  rule({
    code: 'REDUCE_STATUS_POLLING',
    occasions: (f) => when(jobsInWindow(f) > 0 && statusPolls(f) / jobsInWindow(f) > 30),
    suggestion: (_, f) =>
      f.plan === 'free'
        ? 'Poll job status less often (every few seconds is plenty: jobs take tens of seconds).'
        : 'Use webhook_url to be told when a job ends instead of polling its status.',
    reason: (_, f) => `${statusPolls(f)} status requests for ${jobsInWindow(f)} job(s) ${LAST_DAYS} (${round(statusPolls(f) / jobsInWindow(f), 1)} per job).`,
  }),
  rule({
    code: 'QUOTA_PACE',
    occasions: (f) => when(f.thisMonth.on_track_to_exceed),
    suggestion: (_, f) => (f.plan === 'free' ? 'Upgrade to Pro, or space out submissions until the quota resets.' : 'Space out submissions until the quota resets.'),
    reason: (_, f) =>
      `At ${f.thisMonth.daily_average_videos} videos a day this month you would need ${f.thisMonth.projected_videos} videos, over the ${f.quota.limit} the ${f.plan} plan allows.`,
  }),
];

export function optimizationSuggestions(figures: SuggestionFigures): OptimizationSuggestion[] {
  return SUGGESTION_RULES.flatMap((apply) => apply(figures));
}

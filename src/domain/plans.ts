/**
 * What each plan may do (docs/api-behaviour.md#plans-and-feature-gates). Gates are about the
 * account's plan and are checked separately from key permissions: an admin-permission key on a free
 * account still gets PLAN_UPGRADE_REQUIRED for a Pro feature.
 */
import { AppError } from './errors';
import type { Plan } from './access';
import type { JobRequest } from './job';

export const PLAN_FEATURES = [
  'summary_modes',
  'priority',
  'webhook_url',
  'custom_instructions',
  'generate_infographic',
  'pdf_export',
  'batch',
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** Free accounts have none of the gated features; Pro and Admin have all of them. */
export function planHasFeature(plan: Plan, _feature: PlanFeature): boolean {
  return plan !== 'free';
}

export function requireFeature(plan: Plan, feature: PlanFeature, what: string): void {
  if (!planHasFeature(plan, feature)) {
    throw new AppError('PLAN_UPGRADE_REQUIRED', `${what} needs a Pro or Admin plan`, { feature, plan });
  }
}

/** Every gate a video request can hit, in the order a client would fix them. */
export function requireRequestFeatures(plan: Plan, request: Pick<JobRequest, 'summaryModes' | 'priority' | 'webhookUrl' | 'customInstructions' | 'generateInfographic'>): void {
  if (request.summaryModes.some((mode) => mode !== 'tldr')) {
    requireFeature(plan, 'summary_modes', 'Summary modes other than tldr');
  }
  if (request.priority === 'high') requireFeature(plan, 'priority', 'priority=high');
  if (request.webhookUrl) requireFeature(plan, 'webhook_url', 'webhook_url');
  if (request.customInstructions) requireFeature(plan, 'custom_instructions', 'custom_instructions');
  if (request.generateInfographic) requireFeature(plan, 'generate_infographic', 'generate_infographic=true');
}

export interface PlanLimits {
  /** Per key; null means no throttle. */
  requestsPerMinute: number | null;
  /** Per account and calendar month (UTC); null means no cap. */
  videosPerMonth: number | null;
}

export type PlanLimitTable = Record<Plan, PlanLimits>;

export const DEFAULT_PLAN_LIMITS: PlanLimitTable = {
  free: { requestsPerMinute: 10, videosPerMonth: 20 },
  pro: { requestsPerMinute: 120, videosPerMonth: 2000 },
  admin: { requestsPerMinute: 1200, videosPerMonth: null },
};

/** The calendar month (UTC) a moment falls in, and when the next one starts. */
export function quotaPeriod(now: Date = new Date()): { start: Date; resetAt: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const resetAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, resetAt };
}

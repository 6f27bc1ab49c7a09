/**
 * Counts failed activity attempts by activity and failure type. The activities are wrapped
 * where the worker registers them, so every activity is covered, local ones included, and each
 * keeps its name (the activity type Temporal schedules).
 */
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import type { ServiceMetrics } from './service-metrics';

type ActivityFunction = (...args: never[]) => Promise<unknown>;

export function countActivityFailures<T extends Record<string, ActivityFunction>>(activities: T, metrics: ServiceMetrics): T {
  const counted: Record<string, ActivityFunction> = {};
  for (const [name, activity] of Object.entries(activities)) {
    counted[name] = async (...args: never[]) => {
      try {
        return await activity(...args);
      } catch (error) {
        metrics.activityFailed(name, failureType(error));
        throw error;
      }
    };
  }
  return counted as T;
}

/**
 * Our failures carry their code as the ApplicationFailure type (SOURCE_BLOCKED, MODEL_UNAVAILABLE...);
 * anything else is named by its class, a closed set, never by its message.
 */
export function failureType(error: unknown): string {
  if (error instanceof ApplicationFailure) return error.type ?? 'ApplicationFailure';
  if (error instanceof CancelledFailure) return 'CANCELLED';
  if (error instanceof Error) return error.name || 'Error';
  return 'unknown';
}

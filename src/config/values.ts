/**
 * The kinds of value the environment carries (flags, counts, addresses, schedules, JSON tables),
 * each with the message a bad value is refused with.
 */
import { z } from 'zod';
import { DEFAULT_PLAN_LIMITS, type PlanLimitTable } from '../domain/plans';
import { PLANS } from '../domain/access';

export const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

export const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every address the service is configured with is reached over HTTP. */
export const urlString = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'must be an http:// or https:// URL');

/** host:port, as Temporal's clients take it ([v6 address]:port included). */
export const hostAndPort = z
  .string()
  .regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, 'must be host:port, e.g. temporal.internal:7233');

/** "30,120,600": seconds between attempts; an empty list means a single attempt. */
export const retrySchedule = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw, ctx): number[] => {
      const parts = raw.split(',').map((part) => part.trim()).filter((part) => part !== '');
      const seconds = parts.map(Number);
      if (seconds.some((s) => !Number.isFinite(s) || s < 0 || s > 7 * 24 * 3600) || seconds.length > 50) {
        ctx.addIssue({ code: 'custom', message: 'must be up to 50 comma-separated numbers of seconds (0 to 604800), e.g. 30,120,600' });
        return z.NEVER;
      }
      return seconds;
    });

/** SMTP_URL: smtp:// or smtps:// with a host, optional user:password (URL-encoded) and port. */
export const smtpUrl = z.string().superRefine((raw, ctx) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a URL like smtp://user:password@smtp.example.com:587' });
    return;
  }
  if (!['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
    ctx.addIssue({ code: 'custom', message: 'must be smtp://[user:password@]host[:port] or smtps://...' });
  }
});

/** JSON.parse for a variable's text; an issue showing `example` when it is not JSON. */
function parseJsonVariable(raw: string, ctx: z.RefinementCtx, example: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: `must be JSON, e.g. ${example}` });
    return z.NEVER;
  }
}

const limitValue = z.number().int().positive().nullable();
/** PLAN_LIMITS: JSON overriding the per-plan defaults; plans left out keep theirs, null means no cap. */
export const planLimitsJson = z
  .string()
  .optional()
  .transform((raw, ctx): PlanLimitTable => {
    if (raw === undefined) return DEFAULT_PLAN_LIMITS;
    const parsed = parseJsonVariable(raw, ctx, '{"free": {"requests_per_minute": 10, "videos_per_month": 20}}');
    if (parsed === z.NEVER) return z.NEVER;
    const shape = z.partialRecord(
      z.enum(PLANS),
      z.strictObject({ requests_per_minute: limitValue.optional(), videos_per_month: limitValue.optional() }),
    );
    const result = shape.safeParse(parsed);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
        ctx.addIssue({ code: "custom", message: `${where}${issue.message}` });
      }
      return z.NEVER;
    }
    const table = structuredClone(DEFAULT_PLAN_LIMITS);
    for (const plan of PLANS) {
      const override = result.data[plan];
      if (!override) continue;
      if (override.requests_per_minute !== undefined) table[plan].requestsPerMinute = override.requests_per_minute;
      if (override.videos_per_month !== undefined) table[plan].videosPerMonth = override.videos_per_month;
    }
    return table;
  });

/** LLM_PRICES: USD per million input and output tokens, by model name. */
export const llmPricesJson = z
  .string()
  .optional()
  .transform((raw, ctx): Record<string, { input: number; output: number }> => {
    if (raw === undefined) return {};
    const value = parseJsonVariable(raw, ctx, '{"gpt-4o-mini": {"input": 0.15, "output": 0.6}}');
    if (value === z.NEVER) return z.NEVER;
    const table = z.record(z.string().min(1), z.object({ input: z.number().min(0), output: z.number().min(0) }).strict()).safeParse(value);
    if (!table.success) {
      ctx.addIssue({ code: 'custom', message: 'must map model names to {"input": USD, "output": USD} per million tokens' });
      return z.NEVER;
    }
    return table.data;
  });


/** A TCP port; 0 where the variable says what 0 means. */
export const portNumber = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

import { z } from 'zod';
import { PROXY_SCHEMES } from '../../../proxies';

const isoDate = z.string().describe('ISO 8601, UTC');

export const ProxyIdParams = z.object({
  proxy_id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
});

export const AddProxyBody = z.strictObject({
  url: z
    .string()
    .min(1)
    .max(2048)
    .describe(`${PROXY_SCHEMES.map((s) => `${s}://`).join(' or ')}[user:password@]host[:port]; SOCKS is not supported`),
  label: z.string().max(200).nullish(),
  username: z.string().max(512).optional().describe('Instead of (and overriding) the username in url'),
  password: z.string().max(1024).optional().describe('Instead of (and overriding) the password in url; never echoed'),
  enabled: z.boolean().optional().describe('Default true'),
});

export const UpdateProxyBody = z.strictObject({
  label: z.string().max(200).nullish(),
  enabled: z.boolean().optional(),
});

const proxyFields = {
  proxy_id: z.string(),
  url: z.string().describe('scheme://host:port, with the password (if any) shown as ****'),
  scheme: z.enum(PROXY_SCHEMES),
  has_credentials: z.boolean(),
  label: z.string().nullable(),
  enabled: z.boolean(),
  state: z
    .enum(['ok', 'cooling_down', 'failing', 'untested', 'disabled'])
    .describe('cooling_down: skipped by calls until cooldown_until, after failing to answer'),
  last_checked_at: isoDate.nullable(),
  last_ok: z.boolean().nullable(),
  last_error: z.string().nullable(),
  consecutive_failures: z.number().int(),
  cooldown_until: isoDate.nullable(),
  created_at: isoDate,
};

export const ProxySchema = z.object(proxyFields).meta({ id: 'Proxy' });

export const ProxyResponseSchema = z.object({ success: z.literal(true), ...proxyFields }).meta({ id: 'ProxyResponse' });

export const ProxyListSchema = z
  .object({ success: z.literal(true), proxies: z.array(ProxySchema) })
  .meta({ id: 'ProxyList' });

export const ProxyRemovedSchema = z
  .object({ success: z.literal(true), proxy_id: z.string(), removed: z.literal(true) })
  .meta({ id: 'ProxyRemoved' });

export const ProxyTestSchema = z
  .object({
    success: z.literal(true),
    proxy_id: z.string(),
    ok: z.boolean(),
    outcome: z
      .enum(['ok', 'unreachable', 'blocked', 'error'])
      .describe('unreachable: no answer through the proxy (cooled down); blocked: YouTube refused us through it'),
    latency_seconds: z.number().describe('Seconds the test request took'),
    error: z.string().optional(),
    proxy: ProxySchema.describe('The proxy after the outcome was recorded'),
  })
  .meta({ id: 'ProxyTest' });

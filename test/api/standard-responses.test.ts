/**
 * The error responses the router gives by a route's shape are documented from its declaration: a
 * body, path parameters, a key, a permission, a plan feature. Checked on declarations made here and
 * on every operation of the document /openapi.json serves.
 */
import { z } from 'zod';
import { describedApiDocument } from '../../src/http/api-description';
import { defineRoute, type RouteAuth } from '../../src/http/route';
import { documentedResponses, standardErrorResponses } from '../../src/http/standard-responses';

const statuses = (responses: object) => Object.keys(responses).map(Number).sort();

function declare(shape: {
  auth?: RouteAuth;
  feature?: boolean;
  params?: boolean;
  query?: boolean;
  body?: boolean;
  responses?: Record<number, { description: string }>;
}) {
  return defineRoute({
    method: shape.body ? 'post' : 'get',
    path: shape.params ? '/api/v1/things/:thing_id' : '/api/v1/things',
    summary: 'A thing',
    tags: ['things'],
    auth: shape.auth ?? { kind: 'none' },
    ...(shape.feature ? { feature: { name: 'batch' as const, description: 'Batch processing' } } : {}),
    request: {
      ...(shape.params ? { params: z.object({ thing_id: z.string() }) } : {}),
      ...(shape.query ? { query: z.object({ limit: z.string().optional() }) } : {}),
      ...(shape.body ? { body: z.object({ name: z.string() }) } : {}),
    },
    responses: { 200: { description: 'The thing' }, ...shape.responses },
    async handler() {
      return { body: {} };
    },
  });
}

describe('standard error responses of a declaration', () => {
  it('documents only 500 and 503, which any route may give, for a route without a key, parameters or a body', () => {
    const responses = standardErrorResponses(declare({}));
    expect(statuses(responses)).toEqual([500, 503]);
    expect(responses[500]!.description).toContain('INTERNAL_ERROR');
    expect(responses[503]!.description).toContain('SERVICE_UNAVAILABLE (Retry-After)');
  });

  it('documents 400, 408, 413, 415 and 422 for a JSON body', () => {
    const responses = standardErrorResponses(declare({ body: true }));
    expect(statuses(responses)).toEqual([400, 408, 413, 415, 422, 500, 503]);
    expect(responses[408]!.description).toContain('REQUEST_TIMEOUT');
    expect(responses[400]!.description).toContain('INVALID_JSON');
    expect(responses[413]!.description).toContain('PAYLOAD_TOO_LARGE');
    expect(responses[415]!.description).toContain('UNSUPPORTED_MEDIA_TYPE');
    expect(responses[422]!.description).toContain('VALIDATION_ERROR');
  });

  it('documents 422 for a query and 404 for path parameters', () => {
    expect(statuses(standardErrorResponses(declare({ query: true })))).toEqual([422, 500, 503]);
    const byId = standardErrorResponses(declare({ params: true }));
    expect(statuses(byId)).toEqual([404, 500, 503]);
    expect(byId[404]!.description).toContain('NOT_FOUND');
  });

  it('documents 401 and 429 for a key, and 403 only when a permission or a feature is required', () => {
    const anyKey = standardErrorResponses(declare({ auth: { kind: 'key', permission: null } }));
    expect(statuses(anyKey)).toEqual([401, 429, 500, 503]);
    expect(anyKey[401]!.description).toContain('AUTHENTICATION_REQUIRED');
    expect(anyKey[429]!.description).toContain('RATE_LIMITED');

    const reading = standardErrorResponses(declare({ auth: { kind: 'key-unless-auth-disabled', permission: 'read' } }));
    expect(statuses(reading)).toEqual([401, 403, 429, 500, 503]);
    expect(reading[403]!.description).toContain('INSUFFICIENT_PERMISSIONS: the key lacks the "read" permission');
    expect(reading[403]!.description).not.toContain('PLAN_UPGRADE_REQUIRED');

    const gated = standardErrorResponses(declare({ auth: { kind: 'key', permission: 'process' }, feature: true }));
    expect(gated[403]!.description).toContain('"process"');
    expect(gated[403]!.description).toContain('PLAN_UPGRADE_REQUIRED: Batch processing needs a Pro or Admin plan (details.feature: "batch")');
  });

  it("lets the route's own description of a status replace the standard one, and keeps the rest", () => {
    const route = declare({
      auth: { kind: 'key', permission: 'process' },
      body: true,
      responses: { 429: { description: 'RATE_LIMITED or QUOTA_EXCEEDED' } },
    });
    const responses = documentedResponses(route);
    expect(statuses(responses)).toEqual([200, 400, 401, 403, 408, 413, 415, 422, 429, 500, 503]);
    expect(responses[429]!.description).toBe('RATE_LIMITED or QUOTA_EXCEEDED');
    expect(responses[401]!.description).toContain('INVALID_API_KEY');
  });
});

describe('the served document', () => {
  const document = describedApiDocument() as unknown as {
    paths: Record<string, Record<string, { security?: unknown[]; parameters?: Array<{ in: string }>; requestBody?: unknown; responses: Record<string, unknown> }>>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ name: `${method} ${path}`, operation })),
  );

  it('lists the standard errors of every operation by its shape', () => {
    const missing: string[] = [];
    for (const { name, operation } of operations) {
      const expected = [
        '500',
        '503',
        ...(operation.requestBody ? ['400', '408', '413', '415', '422'] : []),
        ...(operation.parameters?.some((parameter) => parameter.in === 'path') ? ['404'] : []),
        ...(operation.parameters?.some((parameter) => parameter.in === 'query') ? ['422'] : []),
        ...((operation.security ?? []).length > 0 ? ['401', '429'] : []),
      ];
      for (const status of expected) if (!(status in operation.responses)) missing.push(`${name} ${status}`);
    }
    expect(operations.length).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('keeps what a route says beyond the standard: quotas, option gates, unsupported addresses', () => {
    const process = document.paths['/api/v1/videos/process']!.post!.responses as Record<string, { description: string }>;
    expect(process['429']!.description).toContain('QUOTA_EXCEEDED');
    expect(process['403']!.description).toContain('PLAN_UPGRADE_REQUIRED');
    expect(process['422']!.description).toContain('UNSUPPORTED_URL');
    const proxies = document.paths['/api/v1/proxies']!.get!.responses as Record<string, { description: string }>;
    expect(proxies['403']!.description).toContain('"admin"');
  });
});

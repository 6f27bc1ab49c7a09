/** The OpenAPI document, generated from the same route declarations that validate requests. */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { ZodObject } from 'zod';
import { routeParams, routeTags, type AnyRoute } from './route';
import { documentedResponses } from './standard-responses';

/** The API's name: the document's info.title, and the title of the reference page drawn from it. */
export const API_TITLE = 'Video Transcript and Summary API';

export function buildOpenApiDocument(routes: readonly AnyRoute[], serverUrl: string) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', description: 'sk_ + 64 lowercase hex' });
  registry.registerComponent('securitySchemes', 'apiKeyHeader', { type: 'apiKey', in: 'header', name: 'X-API-Key' });

  for (const route of routes) {
    const params = routeParams(route);
    const requiresKey = route.auth.kind !== 'none';
    registry.registerPath({
      method: route.method,
      path: route.path.replace(/:([A-Za-z_]+)/g, '{$1}'),
      summary: route.summary,
      description: route.description,
      tags: routeTags(route),
      security: requiresKey ? [{ bearer: [] }, { apiKeyHeader: [] }] : [],
      request: {
        ...(params ? { params: params as ZodObject } : {}),
        ...(route.request?.query ? { query: route.request.query as ZodObject } : {}),
        ...(route.request?.body
          ? { body: { content: { 'application/json': { schema: route.request.body } }, required: true } }
          : {}),
      },
      responses: Object.fromEntries(
        Object.entries(documentedResponses(route)).map(([status, response]) => [
          status,
          {
            description: response.description,
            ...(response.schema ? { content: { 'application/json': { schema: response.schema } } } : {}),
            ...(response.contentType ? { content: { [response.contentType]: { schema: { type: 'string' as const, format: 'binary' } } } } : {}),
          },
        ]),
      ),
    });
  }

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: API_TITLE,
      version: '1.2.0',
      description:
        'Every JSON body has `success`. Errors: {success:false, error:{code,message,details?}, request_id}. ' +
        'Authenticated responses carry X-Request-Id. Timestamps are ISO 8601 UTC; durations are seconds. ' +
        'Text in a body or query must not contain NUL or unpaired surrogates (422 VALIDATION_ERROR). Bodies may be sent with ' +
        'Content-Encoding gzip, deflate or br; another encoding, or a body that does not decode, is 415 UNSUPPORTED_MEDIA_TYPE. ' +
        'Requests the HTTP server refuses before any route are answered in the same envelope: 400 MALFORMED_REQUEST, ' +
        '408 REQUEST_TIMEOUT, 431 HEADERS_TOO_LARGE.',
    },
    servers: [{ url: serverUrl }],
  });
}

/** Mounts declared routes on Koa routers: auth, parsing and validation happen here, once. */
import Router from '@koa/router';
import type { Middleware } from 'koa';
import coBody from 'co-body';
import { AppError, notFound } from '../domain/errors';
import { authenticate, credentialHeaders, presentsKey, requirePermission } from '../auth/authenticate';
import { requireFeature } from '../domain/plans';
import type { Principal } from '../domain/access';
import type { Throttle } from '../usage/throttle';
import type { AuthFailureLimit } from './auth-failure-limit';
import type { KeyResolver } from '../auth/key-resolver';
import type { ZodType } from 'zod';
import type { AppContext } from './route';
import { ANONYMOUS, JSON_CONTENT_TYPE, PreparedJson, routeParams, successEnvelope, type AnyRoute, type RouteResource, type RouteResponse } from './route';
import { parseOrThrow } from './validation';
import { withRequestDeadline } from './request-deadline';

export interface RouterDeps {
  keys: KeyResolver;
  throttle: Throttle;
  authFailures: AuthFailureLimit;
  legacyKeyPrefix: string;
  requireApiAuth: boolean;
  /** REQUEST_DEADLINE_MS: a route answers within this unless it declares its own bound. */
  requestDeadlineMs: number;
}

const MAX_BODY = '1mb';

/** The routes as Koa middleware, and a router for other code to mount its own pages on. */
export interface Routers {
  /** For routes that are not declared ones (the API reference page): asked when no resource claims a path. */
  others: Router;
  /**
   * Hands each request to the router of its resource; a path matched with another method gets
   * 405 METHOD_NOT_ALLOWED with the methods it has in `Allow`. It names its routers, for whoever
   * lists what the app serves (src/http/api-description.ts).
   */
  middleware(): Middleware & { routers: Router[] };
}

/**
 * One @koa/router per resource, the first three segments of a path (/api/v1/videos, /health): a
 * router tests every route it holds against each request, with a debug call for each, and with
 * every route in one router that matching is a noticeable share of the status route's CPU
 * (bench/status-route.ts).
 * A request goes to the router of its own resource only; matching is case-insensitive and
 * ignores a trailing slash, and so is the resource's key.
 */
export function buildRouters(routes: readonly AnyRoute[], deps: RouterDeps): Routers {
  const byResource = new Map<string, Router>();
  for (const route of routes) {
    for (const path of [route.path, ...(route.aliases ?? [])]) {
      const resource = resourceOfTemplate(path);
      let router = byResource.get(resource);
      if (!router) byResource.set(resource, (router = new Router()));
      const deadlineMs = route.deadline ? route.deadline(deps.requestDeadlineMs) : deps.requestDeadlineMs;
      router[route.method](path, (ctx) =>
        withRequestDeadline(deadlineMs, () => ctx.req.complete, () => handle(route, ctx as unknown as AppContext, deps)),
      );
    }
  }
  const others = new Router();
  return {
    others,
    middleware() {
      // As app.use(router.routes()) then app.use(router.allowedMethods()). The router answers a
      // method a path lacks with a bare 405 (501 for a method it does not know) and `Allow`;
      // thrown as our error, the answer gets the envelope and keeps the header.
      const chain = (router: Router): Middleware => {
        const routes = router.routes() as unknown as Middleware;
        const allowed = router.allowedMethods() as unknown as Middleware;
        return (ctx, next) =>
          routes(ctx, async () => {
            await allowed(ctx, next);
            if ((ctx.status === 405 || ctx.status === 501) && ctx.body === undefined) throw methodNotAllowed(ctx.status, ctx.response.get('Allow'));
          });
      };
      const byResourceChain = new Map([...byResource].map(([resource, router]) => [resource, chain(router)]));
      const othersChain = chain(others);
      const dispatch: Middleware = (ctx, next) => (byResourceChain.get(resourceOf(ctx.path)) ?? othersChain)(ctx, next);
      return Object.assign(dispatch, { routers: [...byResource.values(), others] });
    },
  };
}

function methodNotAllowed(status: 405 | 501, allow: string): AppError {
  const message = status === 405 ? 'This method is not allowed on this path' : 'This method is not supported';
  return new AppError('METHOD_NOT_ALLOWED', message, undefined, allow ? { Allow: allow } : undefined);
}

const RESOURCE_SEGMENTS = 3;

/** A request path's resource: its first three non-empty segments, lower-cased. */
export function resourceOf(path: string): string {
  let resource = '';
  let segments = 0;
  for (const segment of path.split('/')) {
    if (segment === '') continue;
    resource += `/${segment}`;
    if (++segments === RESOURCE_SEGMENTS) break;
  }
  return resource.toLowerCase();
}

/** A route template's resource. Its segments there must be literal, so that every path it matches has that resource. */
function resourceOfTemplate(template: string): string {
  const resource = resourceOf(template);
  if (/[:*(){}?+]/.test(resource)) throw new Error(`A route's first ${RESOURCE_SEGMENTS} path segments must be literal: ${template}`);
  return resource;
}

async function handle(route: AnyRoute, ctx: AppContext, deps: RouterDeps): Promise<void> {
  ctx.state.route = route;
  const principal = await resolvePrincipal(route, ctx, deps);
  if (route.feature && principal.keyId) requireFeature(principal.plan, route.feature.name, route.feature.description);

  const paramsSchema = routeParams(route);
  const params = paramsSchema ? parsePathParams(paramsSchema, ctx) : undefined;
  const query = route.request?.query ? parseOrThrow(route.request.query, ctx.query, 'query') : undefined;
  const body = route.request?.body ? parseOrThrow(route.request.body, await readJsonBody(ctx), 'body') : undefined;
  const resource = route.resource ? await findResource(route.resource, params, principal) : undefined;

  const response = await route.handler({ params, query, body, resource, principal, ctx });
  ctx.status = response.status ?? 200;
  if (response.headers) ctx.set(response.headers);
  send(ctx, response);
}

function send(ctx: AppContext, response: RouteResponse): void {
  const { body } = response;
  if (body instanceof PreparedJson) {
    ctx.type = JSON_CONTENT_TYPE;
    ctx.body = body.bytes;
    return;
  }
  if (response.contentType) ctx.type = response.contentType;
  ctx.body = Buffer.isBuffer(body) ? body : successEnvelope(body);
}

async function resolvePrincipal(route: AnyRoute, ctx: AppContext, deps: RouterDeps) {
  const { auth } = route;
  if (auth.kind === 'none') return ANONYMOUS;
  const credentials = credentialHeaders(ctx.req.rawHeaders);
  const withKey = presentsKey(credentials);
  if (auth.kind === 'key-unless-auth-disabled' && !deps.requireApiAuth && !withKey) return ANONYMOUS;
  // The socket's address: the app runs with proxy: false, so X-Forwarded-For is the client's to write.
  const address = ctx.req.socket.remoteAddress;
  let principal: Principal;
  try {
    principal = await authenticate(deps.keys, credentials, deps.legacyKeyPrefix);
  } catch (error) {
    // Only failures are limited per address: a valid key is served whatever its address's failures.
    if (error instanceof AppError && error.code === 'INVALID_API_KEY') await deps.authFailures.failed(address);
    throw error;
  }
  // Known from here on, even if the throttle or the permission check refuses the request: usage
  // recording counts refused requests of a valid key too.
  ctx.state.principal = principal;
  deps.keys.noteUse(principal.keyId);
  // Every authenticated request counts against the key's throttle, refused ones included.
  const verdict = await deps.throttle.consume(principal);
  ctx.set(verdict.headers);
  if (auth.permission) requirePermission(principal, auth.permission);
  return principal;
}

async function findResource(resource: RouteResource<ZodType, unknown>, params: unknown, principal: Principal): Promise<unknown> {
  const found = await resource.find({ params, principal });
  if (found === null || found === undefined) throw notFound(resource.name);
  return found;
}

/** A malformed id cannot name anything, so it is "not found" rather than a validation error. */
function parsePathParams(schema: ZodType, ctx: AppContext) {
  const result = schema.safeParse(ctx.params);
  if (!result.success) throw new AppError('NOT_FOUND', 'No such resource');
  return result.data;
}

/**
 * The body as JSON. A JSON body is taken whatever its Content-Type says (`curl -d` labels it a
 * form, `fetch` a string as text). One that does not parse is 400 INVALID_JSON when it was meant
 * as JSON (labelled so, or an object or array begun), else 415: a form, text, XML, multipart.
 */
async function readJsonBody(ctx: AppContext): Promise<unknown> {
  const declared = Number(ctx.get('content-length') || '0');
  if (declared > 1024 * 1024) throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MB');
  const raw = await readBodyText(ctx);
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    const mediaType = ctx.request.type;
    if (isJsonMediaType(mediaType) || /^\s*[[{]/.test(raw)) throw new AppError('INVALID_JSON', 'The request body is not valid JSON');
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The request body must be JSON (Content-Type: application/json)${mediaType ? `, not ${mediaType}` : ''}`);
  }
}

function isJsonMediaType(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

const DECODABLE = 'gzip, deflate, br or identity';

/** The body decoded per its Content-Encoding; one we cannot decode is the client's fault (415), never a 500. */
async function readBodyText(ctx: AppContext): Promise<string> {
  // Content codings are case-insensitive (RFC 9110 8.4.1); the body reader knows them in lower case.
  const encoding = ctx.req.headers['content-encoding'];
  if (encoding !== undefined) ctx.req.headers['content-encoding'] = encoding.trim().toLowerCase();
  try {
    return await coBody.text(ctx.req, { limit: MAX_BODY, encoding: 'utf8' });
  } catch (error) {
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 415) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `This Content-Encoding is not supported; use ${DECODABLE}`);
    }
    // The body reader's own refusals (too large, aborted) carry an HTTP status; an error without
    // one on an encoded body came from the decompressor: the body is not what its encoding says.
    const encoding = ctx.get('content-encoding');
    if (status === undefined && encoding !== '' && encoding !== 'identity') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The request body could not be decoded with its Content-Encoding');
    }
    throw error;
  }
}

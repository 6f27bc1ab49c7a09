/**
 * A route is declared once with its schemas, auth and handler; the same declaration validates
 * requests, types the handler and feeds the OpenAPI document.
 */
import type { ZodType, z } from 'zod';
import type { Permission, Principal } from '../domain/access';
import type { PlanFeature } from '../domain/plans';
import type { Context } from 'koa';
import type { ErrorCode } from '../domain/errors';

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

export type RouteAuth =
  /** No key needed (health, OpenAPI). */
  | { kind: 'none' }
  /** A valid key; with this permission when one is named (key management needs none). */
  | { kind: 'key'; permission: Permission | null }
  /** A key with this permission, unless REQUIRE_API_AUTH=false (thumbnails). */
  | { kind: 'key-unless-auth-disabled'; permission: Permission };

/** A valid key holding this permission. */
export const keyWith = (permission: Permission) => ({ kind: 'key', permission }) as const;

/** Any valid key, whatever it may do. */
export const ANY_KEY = { kind: 'key', permission: null } as const;

/** A plan-gated feature: refused with PLAN_UPGRADE_REQUIRED on plans without it. */
export interface RouteFeature {
  name: PlanFeature;
  /** What the refusal and the document call it: "Batch processing needs a Pro or Admin plan". */
  description: string;
}

/**
 * The resource a route's path names, found before the handler runs and handed to it: one the
 * caller cannot see (unknown, or another user's) is 404 NOT_FOUND "<name> not found", documented
 * from here.
 */
export interface RouteResource<PS extends ZodType, R> {
  /** "Job": the refusal says "Job not found". */
  name: string;
  /** The documented 404: who gets it and why. */
  notFound: string;
  /** The path parameters that name it: the route's `params` unless it declares its own. */
  params: PS;
  find(input: { params: z.output<PS>; principal: Principal }): Promise<R | null | undefined>;
}

export interface RouteResponse {
  status?: number;
  /** A JSON body (sent in the success envelope), a body already serialized (`PreparedJson`), or bytes of `contentType`. */
  body: Record<string, unknown> | PreparedJson | Buffer;
  headers?: Record<string, string>;
  contentType?: string;
}

/** The success envelope every JSON answer of a route is sent in. */
export function successEnvelope(body: Record<string, unknown>): Record<string, unknown> {
  return { success: true, ...body };
}

/**
 * A JSON answer serialized once, for an answer a route gives many times over unchanged (the
 * status of an ended job, polled by clients long after it ended): sending it costs no
 * serialization.
 */
export class PreparedJson {
  readonly bytes: Buffer;
  constructor(body: Record<string, unknown>) {
    this.bytes = Buffer.from(JSON.stringify(successEnvelope(body)));
  }
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** One documented response: `schema` describes a JSON body, `contentType` a binary one. */
export interface DocumentedResponse {
  description: string;
  schema?: ZodType;
  contentType?: string;
}

export type DocumentedResponses = Record<number, DocumentedResponse>;

type Infer<S> = S extends ZodType ? z.output<S> : undefined;

export interface RouteInput<P, Q, B, R> {
  params: Infer<P>;
  query: Infer<Q>;
  body: Infer<B>;
  /** What `resource` found. */
  resource: R;
  principal: Principal;
  ctx: AppContext;
}

export interface RouteSpec<P extends ZodType | undefined, Q extends ZodType | undefined, B extends ZodType | undefined, R> {
  method: HttpMethod;
  /** Koa-style path: /api/v1/videos/status/:job_id */
  path: string;
  /** Extra paths served by the same handler (e.g. without a trailing slash). */
  aliases?: string[];
  summary: string;
  description?: string;
  /** The document's groups; by default the path's area (`videos` for /api/v1/videos/…, `health` for /health). */
  tags?: string[];
  auth: RouteAuth;
  /** A plan-gated route (pdf_export, batch): refused with PLAN_UPGRADE_REQUIRED on plans without it. */
  feature?: RouteFeature;
  request?: { params?: P; query?: Q; body?: B };
  /** The resource the path names (a job, a batch), looked up once the request is valid. */
  resource?: RouteResource<NonNullable<P>, R>;
  /**
   * Documented responses by status. The errors every route of its kind gives (bad bodies, unknown
   * ids, missing keys, throttling, permissions, plan gates) are documented from the declaration
   * itself (standard-responses.ts); list one here only to say more than the standard one does.
   */
  responses: DocumentedResponses;
  handler(input: RouteInput<P, Q, B, R>): Promise<RouteResponse>;
  /**
   * The bound on answering, from the standard one (REQUEST_DEADLINE_MS), for a route that
   * legitimately takes longer; past it the client gets 503 SERVICE_UNAVAILABLE.
   */
  deadline?: (standardMs: number) => number;
}

/** The schema of a route's path parameters: declared, or those of the resource its path names. */
export function routeParams(route: AnyRoute): ZodType | undefined {
  return route.request?.params ?? route.resource?.params;
}

/** A route's groups in the document: its own, or the area its path lies in. */
export function routeTags(route: { path: string; tags?: string[] }): string[] {
  return route.tags ?? [route.path.replace(/^\/api\/v1\//, '/').split('/')[1] ?? ''];
}

export type AnyRoute = RouteSpec<ZodType | undefined, ZodType | undefined, ZodType | undefined, unknown>;

export function defineRoute<
  P extends ZodType | undefined = undefined,
  Q extends ZodType | undefined = undefined,
  B extends ZodType | undefined = undefined,
  R = undefined,
>(spec: RouteSpec<P, Q, B, R>): AnyRoute {
  return spec as unknown as AnyRoute;
}

/** The anonymous principal handed to routes that need no key. */
export const ANONYMOUS: Principal = Object.freeze({
  userId: '',
  email: '',
  plan: 'free',
  keyId: '',
  permissions: new Set(),
  expiresAt: null,
}) as Principal;

/** What our middleware adds to Koa's state. */
export interface RequestState {
  requestId: string;
  /** The declared route the router dispatched to (absent for unknown paths). */
  route?: AnyRoute;
  principal?: Principal;
  /** The error code the client was answered with (set by the error envelope), for metrics. */
  errorCode?: ErrorCode;
}

export type AppContext = Context & { state: RequestState };

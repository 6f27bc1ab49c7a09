/**
 * The error responses a route gives by being what it is, documented from its declaration. The
 * router (router.ts) refuses a bad body, an unknown id, a missing key, a throttled key, a key
 * without the route's permission and a plan without the route's feature the same way on every
 * route, so the OpenAPI document says so from here rather than from a copy in each declaration.
 */
import { routeParams, type AnyRoute, type DocumentedResponses, type RouteAuth } from './route';
import { ErrorEnvelopeSchema } from './routes/schemas';

/** A documented error answer: the error envelope, with what its code means here. */
export const refusal = (description: string) => ({ description, schema: ErrorEnvelopeSchema });

/** Reading a JSON body (router.ts readJsonBody) and validating it (validation.ts parseOrThrow). */
const BODY_ERRORS: DocumentedResponses = {
  400: refusal('INVALID_JSON: a body meant as JSON (so labelled, or begun as an object or array) that does not parse'),
  408: refusal('REQUEST_TIMEOUT: the body did not arrive within the request deadline (Connection: close)'),
  413: refusal('PAYLOAD_TOO_LARGE: the body is larger than 1 MB'),
  415: refusal(
    'UNSUPPORTED_MEDIA_TYPE: a body that is not JSON (a form, text, XML, multipart), a Content-Encoding other than gzip, deflate or br, or a body that does not decode with its own',
  ),
  422: refusal('VALIDATION_ERROR (details.issues)'),
};

/** Whatever the route: a dependency down or too slow, and the unexpected. */
const SERVICE_ERRORS: DocumentedResponses = {
  500: refusal('INTERNAL_ERROR: anything unexpected; no detail of it reaches the client'),
  503: refusal('SERVICE_UNAVAILABLE (Retry-After): the database or the workflow engine is down, or did not answer within the request deadline'),
};

const QUERY_ERRORS: DocumentedResponses = {
  422: refusal('VALIDATION_ERROR (details.issues)'),
};

/** A malformed id cannot name anything, so the router answers it as unknown too. */
const PATH_ERRORS: DocumentedResponses = {
  404: refusal('NOT_FOUND'),
};

/** Authentication, then the throttle every authenticated request (refused ones included) counts against. */
const KEY_ERRORS: DocumentedResponses = {
  401: refusal('AUTHENTICATION_REQUIRED or INVALID_API_KEY'),
  429: refusal('RATE_LIMITED (Retry-After)'),
};

/** The resource the path names, when the caller cannot see it. */
function resourceErrors(route: AnyRoute): DocumentedResponses {
  return route.resource ? { 404: refusal(route.resource.notFound) } : {};
}

function keyErrors(auth: RouteAuth): DocumentedResponses {
  return auth.kind === 'none' ? {} : KEY_ERRORS;
}

/** The permission the key must hold and the feature the account's plan must include, when the route names them. */
function gateErrors(route: AnyRoute): DocumentedResponses {
  const reasons: string[] = [];
  if (route.auth.kind !== 'none' && route.auth.permission) {
    reasons.push(`INSUFFICIENT_PERMISSIONS: the key lacks the "${route.auth.permission}" permission (details.required)`);
  }
  if (route.feature) {
    reasons.push(`PLAN_UPGRADE_REQUIRED: ${route.feature.description} needs a Pro or Admin plan (details.feature: "${route.feature.name}")`);
  }
  return reasons.length > 0 ? { 403: refusal(reasons.join('; or ')) } : {};
}

/**
 * Every standard error response of the route, by status. A response the route documents itself
 * under the same status replaces the standard one: it says more (QUOTA_EXCEEDED beside
 * RATE_LIMITED, UNSUPPORTED_URL beside VALIDATION_ERROR).
 */
export function standardErrorResponses(route: AnyRoute): DocumentedResponses {
  return {
    ...(route.request?.query ? QUERY_ERRORS : {}),
    ...(route.request?.body ? BODY_ERRORS : {}),
    ...(routeParams(route) ? PATH_ERRORS : {}),
    ...resourceErrors(route),
    ...keyErrors(route.auth),
    ...gateErrors(route),
    ...SERVICE_ERRORS,
  };
}

/** What the OpenAPI document lists for the route: the standard errors, then the route's own responses. */
export function documentedResponses(route: AnyRoute): DocumentedResponses {
  return { ...standardErrorResponses(route), ...route.responses };
}

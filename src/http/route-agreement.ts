/**
 * Whether the OpenAPI document and the router describe the same API: a route served but not
 * documented is invisible to the typed client, and a documented one that is not served is a
 * promise the client cannot keep.
 */
import type { MountedRoute } from './api-description';

export interface RouteDisagreement {
  /** "get /api/v1/..." served by the router, missing from the document. */
  undocumented: string[];
  /** "get /api/v1/..." in the document, not served by the router. */
  unserved: string[];
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * One spelling for both sides: OpenAPI's {param} for Koa's :param, and no trailing slash (the
 * router answers a path with or without one alike, which is what the aliases are for).
 */
function routeKey(method: string, path: string): string {
  const templated = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
  const trimmed = templated.length > 1 ? templated.replace(/\/+$/, '') : templated;
  return `${method.toLowerCase()} ${trimmed}`;
}

export function compareRoutes(
  mounted: readonly MountedRoute[],
  document: { paths?: Record<string, object | undefined> },
  prefix = '/api/v1/',
): RouteDisagreement {
  const within = (path: string) => path.startsWith(prefix) || `${path}/` === prefix;
  const served = new Set(mounted.filter((route) => within(route.path)).map((route) => routeKey(route.method, route.path)));
  const documented = new Set(
    Object.entries(document.paths ?? {})
      .filter(([path]) => within(path))
      .flatMap(([path, item]) => Object.keys(item ?? {}).filter((key) => HTTP_METHODS.has(key)).map((method) => routeKey(method, path))),
  );
  return {
    undocumented: [...served].filter((key) => !documented.has(key)).sort(),
    unserved: [...documented].filter((key) => !served.has(key)).sort(),
  };
}

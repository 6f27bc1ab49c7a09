/**
 * The API as declared, with nothing behind it: no database, Redis or Temporal. The typed client in
 * client/ is generated from this document (npm run generate:client), and tests hold the document
 * against the router the app actually mounts.
 */
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { openSharedCache } from '../storage/shared-cache';
import { createApp, declaredRoutes, type ApiServices } from './app';
import { buildOpenApiDocument } from './openapi';
import { createThrottle } from '../usage/throttle';

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;

export interface MountedRoute {
  method: string;
  /** As the router holds it: /api/v1/videos/status/:job_id */
  path: string;
}

/**
 * Whatever reaches for the database, Temporal or the like while routes are only being declared
 * fails loudly here, instead of the description quietly depending on a running service.
 */
function unavailable<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_target, property) {
      throw new Error(`the API description has no ${name} (it touched ${name}.${String(property)}); routes must not use their services until a request arrives`);
    },
  });
}

function servicesForDescription(): ApiServices {
  // The defaults, whatever this shell's environment says: the generated client must not depend on who ran the generator.
  const config = loadConfig({});
  return {
    config,
    logger: createLogger('silent', 'api-description'),
    // The in-process store: key-change announcements subscribe to it when the auth routes are declared.
    store: openSharedCache(undefined),
    db: unavailable('database'),
    temporal: unavailable('Temporal client'),
    jobs: unavailable('job lookup'),
    keys: unavailable('key resolver'),
    artifacts: unavailable('artifact store'),
    pdfExports: unavailable('PDF exports'),
  };
}

/** The OpenAPI document /openapi.json serves, with the default PUBLIC_BASE_URL as its server. */
export function describedApiDocument(): OpenApiDocument {
  const services = servicesForDescription();
  const throttle = createThrottle(services.store, services.config.limits.plans);
  return buildOpenApiDocument(declaredRoutes(services, throttle), services.config.http.publicBaseUrl);
}

/** Every method and path the app's Koa router answers (HEAD, which Koa adds to every GET, left out). */
export function mountedRoutes(): MountedRoute[] {
  const app = createApp(servicesForDescription());
  // The app's dispatch to one router per resource names its routers (src/http/router.ts).
  const routers = (app.middleware as Array<Middleware & { routers?: Router[] }>).flatMap((middleware) => middleware.routers ?? []);
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) =>
      layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method: method.toLowerCase(), path: String(layer.path) })),
    ),
  );
}

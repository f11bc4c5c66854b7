import type * as z from 'zod';
import type { Access, Method, RouteDefinition } from './route.ts';

/** What a REST module answers to, without the handlers: enough to test every route from the code. */
export interface RouteSummary {
  method: Method;
  /** Path as the route declares it, without /api: `/tickets/{id}`. */
  path: string;
  access: Access;
  feature?: RouteDefinition['feature'];
}

/** A route's input schemas, as it declares them: what the bounds guard and the fuzz suite walk. */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The route's own body cap, when it declares one. */
  maxBodyBytes?: number;
}

// Registered symbols, so a second copy of this module (another bundle, a test) reads the same keys.
const routesKey = Symbol.for('atende.rest-module.routes');
const schemasKey = Symbol.for('atende.rest-module.route-schemas');
const connectionTokenRoutesKey = Symbol.for('atende.rest-module.connection-token-routes');

const summariesOf = (routes: readonly RouteDefinition[]): readonly RouteSummary[] =>
  Object.freeze(
    routes.map(({ method, path, access, feature }) => ({
      method,
      path,
      access,
      ...(feature ? { feature } : {}),
    })),
  );

/**
 * Keeps a module's route list and each route's input schemas on its handler, not enumerable, so
 * the cross-company probe (functions/test/integration/route-probe), the bounds guard and the fuzz
 * suite enumerate every route from the code itself.
 */
export function recordRoutes(handler: object, routes: readonly RouteDefinition[]): void {
  Object.defineProperty(handler, routesKey, { value: summariesOf(routes), enumerable: false });
  const schemas = new Map<string, RouteSchemas>(
    routes.map(({ method, path, params, query, body, maxBodyBytes }) => [
      `${method} ${path}`,
      Object.freeze({
        ...(params ? { params } : {}),
        ...(query ? { query } : {}),
        ...(body ? { body } : {}),
        ...(maxBodyBytes ? { maxBodyBytes } : {}),
      }),
    ]),
  );
  Object.defineProperty(handler, schemasKey, { value: schemas, enumerable: false });
}

/**
 * Keeps, beside a module's routes, those it serves to a connection token rather than a session
 * (the external message API, the sandbox's script routes). They read as `public` to restModule(),
 * which checks no token; the route probe calls them with another company's connection token.
 */
export function recordConnectionTokenRoutes(handler: object, routes: readonly RouteDefinition[]): void {
  Object.defineProperty(handler, connectionTokenRoutesKey, { value: summariesOf(routes), enumerable: false });
}

/** The routes a handler serves to a connection token (none: an empty list). */
export function connectionTokenRoutesOf(handler: unknown): readonly RouteSummary[] {
  if (typeof handler !== 'function' && (typeof handler !== 'object' || handler === null)) return [];
  return (
    (handler as { [connectionTokenRoutesKey]?: readonly RouteSummary[] })[connectionTokenRoutesKey] ?? []
  );
}

/** The routes a handler built by restModule() serves; undefined for any other function. */
export function routesOf(handler: unknown): readonly RouteSummary[] | undefined {
  if (typeof handler !== 'function' && (typeof handler !== 'object' || handler === null)) return undefined;
  return (handler as { [routesKey]?: readonly RouteSummary[] })[routesKey];
}

/** The input schemas of each route of a handler built by restModule(), by `METHOD path`. */
export function routeSchemasOf(handler: unknown): ReadonlyMap<string, RouteSchemas> | undefined {
  if (typeof handler !== 'function' && (typeof handler !== 'object' || handler === null)) return undefined;
  return (handler as { [schemasKey]?: ReadonlyMap<string, RouteSchemas> })[schemasKey];
}

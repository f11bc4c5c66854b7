/** Every REST route the code serves, read from the modules the manifest lists (not a hand copy). */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectionTokenRoutesOf, routesOf, type RouteSummary } from '#http/route-list';
import { restModules } from '../../../src/manifest.ts';

const functionsRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export type ListedRoute = RouteSummary & { module: string; key: string };

/** `METHOD path`, the key of a route in the probe's fixtures. */
export const routeKey = (route: Pick<RouteSummary, 'method' | 'path'>) => `${route.method} ${route.path}`;

/**
 * Imports each module's entry and reads the routes restModule() kept on its handler. The data
 * layer names its table when a module loads, so a placeholder stands in while importing when no
 * runtime has set TABLE_NAME (nothing is called); the probe itself talks to the local runtime over
 * HTTP. Test files share a worker's modules: start the runtime first, or a later file's data layer
 * names the placeholder.
 */
export async function routesFromCode(): Promise<ListedRoute[]> {
  const listed: ListedRoute[] = [];
  for (const { module, handler } of await moduleHandlers()) {
    const routes = routesOf(handler);
    if (!routes) throw new Error(`${module.entry} does not export a handler built by restModule()`);
    listed.push(...routes.map((route) => ({ ...route, module: module.name, key: routeKey(route) })));
  }
  return listed;
}

/**
 * The routes that take a connection token instead of a session (`recordConnectionTokenRoutes`):
 * the external message API and the sandbox's script routes. Keyed `METHOD path` like the others;
 * the same path may also be a session route of its module.
 */
export async function connectionTokenRoutesFromCode(): Promise<ListedRoute[]> {
  return (await moduleHandlers()).flatMap(({ module, handler }) =>
    connectionTokenRoutesOf(handler).map((route) => ({
      ...route,
      module: module.name,
      key: routeKey(route),
    })),
  );
}

async function moduleHandlers() {
  const hadTable = 'TABLE_NAME' in process.env;
  process.env.TABLE_NAME ??= 'route-probe-listing';
  try {
    const handlers: { module: (typeof restModules)[number]; handler: unknown }[] = [];
    for (const module of restModules) {
      const loaded = (await import(resolve(functionsRoot, module.entry))) as { handler?: unknown };
      handlers.push({ module, handler: loaded.handler });
    }
    return handlers;
  } finally {
    if (!hadTable) delete process.env.TABLE_NAME;
  }
}

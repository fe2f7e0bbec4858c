import { matchRoutes, type RouteObject } from 'react-router';

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  /**
   * React Router splits a route's client loader (and the like) into chunks of their own, which a
   * navigation loads beside `module` and needs as much.
   */
  clientLoaderModule?: string;
  clientActionModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
}

/** The split-off chunks of a route, in the order React Router needs them. */
const SPLIT_MODULES = [
  'clientMiddlewareModule',
  'clientLoaderModule',
  'clientActionModule',
  'hydrateFallbackModule',
] as const;

declare global {
  interface Window {
    /** Written into every page by React Router's build: the routes and their chunk URLs. */
    __reactRouterManifest?: { routes: Record<string, ManifestRoute> };
    /** React Router's route modules loaded so far, by route id. */
    __reactRouterRouteModules?: Record<string, unknown>;
  }
}

/** The routes of the page's manifest, as React Router matches them, and the manifest itself. */
function manifestRoutes() {
  const routes = window.__reactRouterManifest?.routes ?? {};
  const all = Object.values(routes);
  const tree = (parentId?: string): RouteObject[] =>
    all
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true }
          : { id: route.id, path: route.path ?? '', children: tree(route.id) },
      );
  return { routes, tree: tree(undefined) };
}

/**
 * `pathname` in lower case when that is a page of the shop and `pathname` is not: where the
 * server redirects it (site/prerendered-pages.ts). Null otherwise.
 */
export function lowerCasePage(pathname: string): string | null {
  const lower = pathname.toLowerCase();
  if (lower === pathname) return null;
  const deepest = matchRoutes(manifestRoutes().tree, lower)?.at(-1);
  return deepest && deepest.route.path !== '*' ? lower : null;
}

/**
 * The route chunks that a navigation to `path` needs, outermost first: each route's module (with
 * its id) and the chunks split off from it.
 */
function routeChunks(path: string): { id?: string; url: string }[] {
  const { routes, tree } = manifestRoutes();
  const matches = matchRoutes(tree, path) ?? [];
  return matches.flatMap(({ route: { id } }) => {
    const route = id ? routes[id] : undefined;
    if (!id || !route) return [];
    const split = SPLIT_MODULES.flatMap((key) => (route[key] ? [{ url: route[key] }] : []));
    return [...split, { id, url: route.module }];
  });
}

/** The URLs of the route chunks that a navigation to `path` needs, outermost first. */
export function routeChunkUrls(path: string): string[] {
  return routeChunks(path).map(({ url }) => url);
}

/**
 * Whether a chunk has arrived: a route module once React Router holds it; a split-off chunk once
 * the browser has finished fetching it (a resource timing entry is written only when the
 * response has ended, so a stalled one has none).
 */
function arrived({ id, url }: { id?: string; url: string }): boolean {
  if (id) return id in (window.__reactRouterRouteModules ?? {});
  return performance.getEntriesByName(new URL(url, window.location.href).href).length > 0;
}

/** The URL of the first chunk `path` needs that has not arrived yet, or null if all have. */
export function routeChunkNotLoaded(path: string): string | null {
  return routeChunks(path).find((chunk) => !arrived(chunk))?.url ?? null;
}

/** Loads each chunk in turn; returns the URL of the first that fails, or null if all load. */
export async function firstFailingChunk(urls: readonly string[]): Promise<string | null> {
  for (const url of urls) {
    try {
      await import(/* @vite-ignore */ url);
    } catch {
      return url;
    }
  }
  return null;
}

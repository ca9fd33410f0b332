import type { FastifyInstance } from 'fastify';

/**
 * "METHOD /path" of every route the app serves, from printRoutes' tree: each line is one node,
 * indented four characters a level, its path relative to its parent, its methods in parentheses
 * when a route ends there. HEAD is Fastify's copy of each GET, with its hooks, and is left out.
 * The access tests read it so that a route added later is checked without anyone listing it.
 */
export function routeTable(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const pathAt: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!node) continue;
    const depth = (node[1] ?? '').length / 4;
    const path = `${pathAt[depth - 1] ?? ''}${node[2] ?? ''}`;
    pathAt[depth] = path;
    pathAt.length = depth + 1;
    for (const method of (node[3] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push(`${method} ${path}`);
    }
  }
  return routes;
}

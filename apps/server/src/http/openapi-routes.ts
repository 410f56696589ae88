/** GET /api/openapi.json: the OpenAPI document @fastify/swagger builds from the registered routes. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function openApiRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/** One registered route as Fastify saw it. */
export interface RegisteredRoute { method: string; url: string; hidden: boolean }

const registries = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Records every route registered after this call (root instance), so tests can hold the document to the router. */
export function trackRoutes(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  registries.set(app, list);
  app.addHook('onRoute', (route) => {
    const hidden = Boolean((route.schema as { hide?: boolean } | undefined)?.hide);
    for (const method of [route.method].flat()) list.push({ method: String(method), url: route.url, hidden });
  });
}

/** The routes trackRoutes recorded for this app. */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registries.get(app) ?? [];
}

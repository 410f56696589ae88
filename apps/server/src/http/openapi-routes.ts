/** GET /api/openapi.json: the OpenAPI document @fastify/swagger builds from the registered routes. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function openApiRoutes(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

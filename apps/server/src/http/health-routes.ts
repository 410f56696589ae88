/** GET /api/health: liveness plus a database round trip, for load balancers and the README's first check. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ok } from './envelope.ts';
import { pingDatabase } from '../db/database.ts';

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/health', { schema: { tags: ['health'], summary: 'Service health' } }, async () => {
    await pingDatabase(ctx.db);
    return ok({ status: 'ok', database: ctx.db.kind, time: ctx.now().toISOString() });
  });
}

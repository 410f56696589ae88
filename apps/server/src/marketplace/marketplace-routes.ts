/** Placeholder: the billing engineer fills this in. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function marketplaceRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}

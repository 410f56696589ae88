/** Placeholder: the pipeline engineer fills this in. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function processingRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}

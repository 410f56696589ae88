/** Placeholder: the accounts engineer fills this in. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export async function settingsRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}

/**
 * Serves the built React app (apps/web/dist) next to the API, with the single-page-app fallback:
 * unknown non-API GETs that want HTML get index.html and the client router takes over.
 * Unknown /api paths keep answering the JSON 404 envelope.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export async function installWebApp(app: FastifyInstance, distDir = WEB_DIST): Promise<void> {
  const hasWeb = existsSync(`${distDir}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'], cacheControl: true, maxAge: '1h' });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsHtml = request.method === 'GET' && !path.startsWith('/api/') && String(request.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsHtml) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, data: null, message: `No route for ${request.method} ${path}` });
  });
}

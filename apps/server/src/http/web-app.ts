/**
 * Serves the built React app (apps/web/dist) next to the API, with the single-page-app fallback:
 * unknown non-API GETs that want HTML get index.html and the client router takes over.
 * Unknown /api paths keep answering the JSON 404 envelope.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
/** The app's icon, also served without a web build (the sign-in pages and the API's own pages show it). */
const FAVICON = fileURLToPath(new URL('../../../web/public/favicon.svg', import.meta.url));

/** What a browser gets when the bundle is missing: what to run, instead of a JSON 404. */
export const NOT_BUILT_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Web app not built · Ladingwise</title><style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;margin:0}
main{max-width:36rem;margin:4rem auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:2rem}code{background:#f1f5f9;padding:.1rem .35rem;border-radius:4px}</style></head>
<body><main><h1>The Ladingwise web app is not built</h1><p>The API is running, but the browser screens have not been built on this machine.
Stop the server and run <code>npm run build:web</code> (or start with <code>npm start</code>, which builds it), then start it again.</p>
<p>The API answers under <code>/api</code>; <a href="/api/health">/api/health</a> shows its state.</p></main></body></html>`;

export async function installWebApp(app: FastifyInstance, distDir = WEB_DIST): Promise<void> {
  const hasWeb = existsSync(`${distDir}/index.html`);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'], cacheControl: true, maxAge: '1h' });
  }
  // Browsers ask for /favicon.ico on pages without an icon link; both names answer the one SVG.
  const icon = readFileSync(existsSync(`${distDir}/favicon.svg`) ? `${distDir}/favicon.svg` : FAVICON);
  for (const url of hasWeb ? ['/favicon.ico'] : ['/favicon.svg', '/favicon.ico']) {
    app.get(url, { schema: { hide: true } }, async (_req, reply) => reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(icon));
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsHtml = request.method === 'GET' && !path.startsWith('/api/') && String(request.headers.accept ?? '').includes('text/html');
    if (hasWeb && wantsHtml) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (wantsHtml) return reply.status(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    return reply.status(404).send({ success: false, data: null, message: `No route for ${request.method} ${path}` });
  });
}

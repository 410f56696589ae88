import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installWebApp } from './web-app.ts';
import { ensureWebAppBuilt } from './web-app-build.ts';

async function appWithDist() {
  const dist = mkdtempSync(join(tmpdir(), 'lw-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Ladingwise</title>');
  writeFileSync(join(dist, 'app.js'), 'console.log(1)');
  const app = Fastify();
  await installWebApp(app, dist);
  return app;
}

describe('web app hosting', () => {
  it('serves index.html for client-side routes such as /app/documents', async () => {
    const app = await appWithDist();
    const res = await app.inject({ method: 'GET', url: '/app/documents?jobId=1&showDetails=1', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Ladingwise</title>');
  });

  it('serves built assets as files', async () => {
    const app = await appWithDist();
    const res = await app.inject({ method: 'GET', url: '/app.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
  });

  it('keeps the JSON 404 envelope for unknown API paths', async () => {
    const app = await appWithDist();
    const res = await app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: null });
  });

  it('tells a browser how to build the web app when it is missing, and keeps JSON for API clients', async () => {
    const app = Fastify();
    await installWebApp(app, mkdtempSync(join(tmpdir(), 'lw-no-dist-')));
    const page = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('npm run build:web');
    const api = await app.inject({ method: 'GET', url: '/', headers: { accept: 'application/json' } });
    expect(api.json()).toMatchObject({ success: false, message: 'No route for GET /' });
  });

  it('leaves an existing bundle alone when serve starts', () => {
    const dist = mkdtempSync(join(tmpdir(), 'lw-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    expect(ensureWebAppBuilt(dist)).toBe('present');
  });
});

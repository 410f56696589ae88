import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startTestApp, type TestApp } from './harness.ts';
import { registeredRoutes } from '../src/http/openapi-routes.ts';

interface Operation { summary?: string; tags?: string[]; responses?: object; parameters?: { in: string; name: string; required?: boolean }[] }
interface Doc { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Operation>>; components?: { securitySchemes?: object } }

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await startTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json() as Doc;
});
afterAll(async () => { await t.close(); });

/** Fastify's /a/:id → OpenAPI's /a/{id}. */
const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const HTTP = ['get', 'put', 'post', 'delete', 'patch', 'options', 'trace'];

describe('/api/openapi.json', () => {
  it('is a valid OpenAPI 3 document', async () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.components?.securitySchemes).toHaveProperty('bearer');
    expect(doc.components?.securitySchemes).toHaveProperty('apiKey');
  });

  it('documents every registered route, and nothing that is not registered', () => {
    const routes = registeredRoutes(t.app).filter((r) => r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(30);
    const visible = new Set(routes.filter((r) => !r.hidden).map((r) => `${r.method.toLowerCase()} ${toOpenApiPath(r.url)}`));
    const documented = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).filter((m) => HTTP.includes(m)).map((m) => `${m} ${path}`)));
    expect([...visible].filter((r) => !documented.has(r)), 'registered but not documented').toEqual([]);
    expect([...documented].filter((r) => !visible.has(r)), 'documented but not registered').toEqual([]);
    // Hidden on purpose: the document itself, the bundled OIDC provider and the web app's files. Nothing else under /api.
    const hiddenApi = routes.filter((r) => r.hidden && r.url.startsWith('/api')).map((r) => r.url);
    expect([...new Set(hiddenApi)]).toEqual(['/api/openapi.json']);
  });

  it('gives every operation a summary, tags, responses and its path parameters', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!HTTP.includes(method)) continue;
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.summary?.trim(), where).toBeTruthy();
        expect(op.tags?.length, where).toBeGreaterThan(0);
        expect(op.responses, where).toBeTruthy();
        for (const name of path.match(/\{([^}]+)\}/g)?.map((p) => p.slice(1, -1)) ?? []) {
          expect(op.parameters?.some((p) => p.in === 'path' && p.name === name && p.required), `${where} declares {${name}}`).toBe(true);
        }
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

interface OpenApiDoc {
  paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown[] }>>;
}

const WRITE = ['post', 'put', 'patch', 'delete'];

/**
 * Every write route of the OpenAPI document (read from the document, not a list kept by
 * hand) gets malformed JSON, wrong types and a 2 MB string, and must answer 4xx.
 */
describe('write routes under hostile input', () => {
  let t: TestApp;
  let routes: { method: string; url: string }[];
  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDoc>();
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => WRITE.includes(m))
        // Path parameters get a syntactically valid uuid so the body is what is judged.
        .map((m) => ({ method: m.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000') })),
    );
  });
  afterAll(() => t.close());

  it('finds the write routes in the document', () => {
    expect(routes.length).toBeGreaterThanOrEqual(2);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/contact' });
  });

  const payloads: [string, string][] = [
    ['malformed JSON', '{"firstName": "Ana",'],
    ['a JSON array', '[1,2,3]'],
    ['a bare string', '"hola"'],
    ['null', 'null'],
    ['wrong types', JSON.stringify({ firstName: 42, email: ['x'], messageType: {}, message: true, token: 7 })],
    ['a 2 MB string', JSON.stringify({ firstName: 'x'.repeat(2 * 1024 * 1024) })],
  ];

  for (const [name, payload] of payloads) {
    it(`answers ${name} with a 4xx and our error shape`, async () => {
      for (const r of routes) {
        const res = await t.app.inject({ method: r.method as 'POST', url: r.url, headers: { 'content-type': 'application/json' }, payload });
        expect(res.statusCode, `${r.method} ${r.url}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
        if (res.statusCode !== 429) expect(res.json().error.message, `${r.method} ${r.url}`).toMatch(/[a-záéíóúñ]/i);
      }
    });
  }

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no-existe', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
  });

  it('refuses a form-encoded body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
    expect(res.statusCode).toBe(415);
  });
});

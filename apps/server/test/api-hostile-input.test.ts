import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOpenApi } from '../src/plugins/openapi.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { WRITE, type OpenApiDoc } from './support/openapi-doc.ts';

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

  it('describes every upload: a multipart/form-data body with its binary file, size limit and accepted types', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDoc>();
    const uploads = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        // An operation that says it takes a multipart form (in its summary) is one too, body or not.
        .filter(([, op]) => op.requestBody?.content?.['multipart/form-data'] !== undefined || /multipart/i.test(op.summary ?? ''))
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(uploads.map((u) => u.name)).toContain('POST /api/me/photo');
    for (const { name, op } of uploads) {
      expect(op.requestBody?.required, name).toBe(true);
      const form = op.requestBody?.content?.['multipart/form-data'];
      expect(form, name).toBeDefined();
      const files = Object.entries(form?.schema?.properties ?? {}).filter(([, p]) => p.type === 'string' && p.format === 'binary');
      expect(files.length, `${name}: one binary file field`).toBe(1);
      const [field, file] = files[0]!;
      expect(form?.schema?.required, name).toContain(field);
      expect(file.maxLength, `${name}: size limit`).toBeGreaterThan(0);
      expect(file.description, `${name}: says what to send, in Spanish`).toMatch(/[a-záéíóúñ]/i);
      expect(form?.encoding?.[field]?.contentType, `${name}: accepted types`).toMatch(/^[a-z]+\/[a-z0-9.+-]+(, [a-z]+\/[a-z0-9.+-]+)*$/);
    }
    const photo = doc.paths['/api/me/photo']!.post!.requestBody!.content!['multipart/form-data']!;
    expect(photo.schema?.properties?.photo).toMatchObject({ type: 'string', format: 'binary', maxLength: 8 * 1024 * 1024 });
    expect(photo.encoding?.photo?.contentType).toBe('image/jpeg, image/png, image/webp');
  });

  it('refuses to start with a route that consumes multipart/form-data without declaring its upload', async () => {
    const app = Fastify();
    await registerOpenApi(app, 'http://localhost');
    expect(() => app.post('/api/subir', { schema: { consumes: ['multipart/form-data'] } }, () => ({}))).toThrow(/config\.upload/);
    await app.close();
  });

  it('refuses a form-encoded body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
    expect(res.statusCode).toBe(415);
  });
});

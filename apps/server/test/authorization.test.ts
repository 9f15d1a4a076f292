import { ROLES, type Role } from '@arreglaya/shared/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asBrowser, createUser, signIn } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

interface Operation {
  security?: Record<string, string[]>[];
}
interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

/**
 * Walks every operation of /api/openapi.json (the document, not a list kept by hand): one
 * that needs a session refuses none (401), and one limited to some roles refuses a signed-in
 * person of every other role (403).
 */
describe('every route in the OpenAPI document enforces its declared access', () => {
  let t: TestApp;
  let ops: { method: string; url: string; security: Record<string, string[]>[] }[];
  const cookies = {} as Record<Role, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDoc>();
    ops = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, op]) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
        security: op.security ?? [],
      })),
    );
    for (const role of ROLES) cookies[role] = await signIn(t, await createUser(t.db, { role }));
  });
  afterAll(() => t.close());

  it('declares security on every operation', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDoc>();
    for (const [path, byMethod] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(byMethod)) expect(op.security, `${method} ${path}`).toBeDefined();
    }
    expect(ops.filter((o) => o.security.length > 0).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses every protected route without a session', async () => {
    for (const op of ops.filter((o) => o.security.length > 0)) {
      const res = await t.app.inject({ method: op.method as 'GET', url: op.url, payload: op.method === 'GET' ? undefined : {}, headers: { 'x-requested-with': 'arreglaya' } });
      expect(res.statusCode, `${op.method} ${op.url}`).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses every role-limited route to the other roles', async () => {
    const limited = ops.filter((o) => o.security.some((s) => Object.values(s).some((roles) => roles.length > 0)));
    expect(limited.length).toBeGreaterThanOrEqual(1);
    for (const op of limited) {
      const allowed = new Set(Object.values(op.security[0]!).flat());
      for (const role of ROLES.filter((r) => !allowed.has(r))) {
        const res = await t.app.inject({ method: op.method as 'GET', url: op.url, payload: op.method === 'GET' ? undefined : {}, headers: asBrowser(cookies[role]) });
        expect(res.statusCode, `${role} → ${op.method} ${op.url}`).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
    }
  });

  it('lets the allowed role through', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/contact-requests', headers: asBrowser(cookies.sysadmin) });
    expect(res.statusCode).toBe(200);
  });
});

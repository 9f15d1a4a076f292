import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { helmetOptions, PERMISSIONS_POLICY, registerSecurityHeaders } from './security-headers.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** The headers of a response, minus those Fastify sets itself. */
function securityHeadersOf(headers: Record<string, unknown>): Record<string, unknown> {
  const { 'content-type': _t, 'content-length': _l, date: _d, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
}

async function appWith(register: (app: FastifyInstance) => Promise<void>): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  await register(app);
  app.get('/json', () => ({ ok: true }));
  app.get('/boom', () => {
    throw new Error('boom');
  });
  return app;
}

describe('security headers', () => {
  it.each([true, false])('are exactly the ones @fastify/helmet sends with our options, plus a Permissions-Policy (production: %s)', async (isProduction) => {
    const ours = await appWith(async (app) => void (await registerSecurityHeaders(app, isProduction)));
    const reference = await appWith(async (app) => {
      await app.register(helmet, helmetOptions(isProduction));
    });
    const mine = securityHeadersOf((await ours.inject('/json')).headers);
    const theirs = securityHeadersOf((await reference.inject('/json')).headers);
    expect(mine).toEqual({ ...theirs, 'permissions-policy': PERMISSIONS_POLICY });
    expect(mine['permissions-policy']).toContain('camera=()');
    expect(mine['content-security-policy']).toContain("script-src 'self'");
    expect(mine['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(mine['x-content-type-options']).toBe('nosniff');
    expect(mine['strict-transport-security'] !== undefined).toBe(isProduction);
  });

  it('also go out with errors and unknown paths', async () => {
    const app = await appWith(async (a) => void (await registerSecurityHeaders(a, false)));
    for (const url of ['/boom', '/nowhere']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

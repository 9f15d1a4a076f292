import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createLogger, lazyChildLogger, urlForLog } from './logger.ts';

/** A Fastify app on the app's logger and child-logger factory, with the lines it writes. */
function appLogging(level: 'warn' | 'info') {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ loggerInstance: createLogger({ LOG_LEVEL: level }, sink), childLoggerFactory: lazyChildLogger });
  app.get('/quiet', async (req) => {
    req.log.info({ step: 'read' }, 'read a page');
    return { ok: true };
  });
  app.get('/warns', async (req) => {
    req.log.warn({ password: 'secreto', step: 'refused' }, 'under pressure');
    req.log.child({ part: 'inner' }).error('inner failure');
    return { ok: true };
  });
  return { app, lines };
}

describe("a request's logger", () => {
  it('below the level writes nothing; at it, writes the line with the request id, redacted as ever', async () => {
    const { app, lines } = appLogging('warn');
    expect((await app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    expect(lines).toEqual([]);

    await app.inject({ method: 'GET', url: '/warns' });
    expect(lines).toHaveLength(2);
    const [warn, inner] = lines;
    expect(warn).toMatchObject({ level: 40, msg: 'under pressure', step: 'refused', password: '[oculto]' });
    expect(warn!.reqId).toEqual(expect.any(String));
    expect(inner).toMatchObject({ level: 50, msg: 'inner failure', part: 'inner', reqId: warn!.reqId });
    await app.close();
  });

  it("at info, Fastify's request lines and the route's own carry one id per request", async () => {
    const { app, lines } = appLogging('info');
    await app.inject({ method: 'GET', url: '/quiet' });
    await app.inject({ method: 'GET', url: '/quiet' });
    const ids = lines.map((l) => l.reqId);
    expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'read a page', 'request completed', 'incoming request', 'read a page', 'request completed']);
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    expect(new Set(ids.slice(3)).size).toBe(1);
    expect(ids[0]).not.toBe(ids[3]);
    await app.close();
  });
});

describe('a URL as logged', () => {
  it("keeps ids and query parameters' names, and hides a token in the path and every query value", () => {
    const token = 'q7Yk3v0cW9nJ2xZ8bT4mR1sL6pD5hF0aE3uG7iK9oN2';
    expect(urlForLog(`/api/quote-links/${token}`)).toBe('/api/quote-links/…');
    expect(urlForLog(`/oferta/confirmar/${token}?from=mail`)).toBe('/oferta/confirmar/…?from=…');
    expect(urlForLog('/api/projects/0b7f8a4e-5c1d-4e2f-9a3b-6c7d8e9f0a1b/quotes')).toBe('/api/projects/0b7f8a4e-5c1d-4e2f-9a3b-6c7d8e9f0a1b/quotes');
    expect(urlForLog('/servicios/plomeria/santo-domingo-este')).toBe('/servicios/plomeria/santo-domingo-este');
    expect(urlForLog('/api/directory?q=juan%20perez&page=2')).toBe('/api/directory?q=…&page=…');
  });
});

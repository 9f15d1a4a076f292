import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funded } from '../../../test/support/payment-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

const TOKEN = 'prometheus-scrapes-with-this-token';

interface Family {
  type: string;
  samples: { name: string; labels: Record<string, string>; value: number }[];
}

/**
 * Prometheus's text format (0.0.4), strictly: `# HELP` and `# TYPE` lines, then samples
 * `name{label="value",...} number` (numbers as Go's ParseFloat reads them: NaN and Inf in any
 * case), each sample belonging to a family declared before it.
 */
function parsePrometheus(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      expect(families.has(type[1]!), `${type[1]} declared twice`).toBe(false);
      families.set(type[1]!, { type: type[2]!, samples: [] });
      continue;
    }
    if (/^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? ([+-]?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|nan|inf))$/i.exec(line);
    expect(sample, `not a sample: ${line}`).not.toBeNull();
    const [, name, labelText, value] = sample!;
    const labels = Object.fromEntries([...(labelText ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    const family = families.get(name!) ?? families.get(name!.replace(/_(bucket|sum|count)$/, '')) ?? families.get(name!.replace(/_total$/, ''));
    expect(family, `${name} has no # TYPE before it`).toBeDefined();
    family!.samples.push({ name: name!, labels, value: Number(value) });
  }
  return families;
}

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  const scrape = (opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) => t.app.inject({ method: 'GET', url: '/metrics', ...opts });

  it('serves Prometheus text to this machine: Node defaults, requests by route pattern, the pool, sockets, the outbox and the marketplace', async () => {
    // A funded project (RD$12,500 held), and requests to a route with a parameter.
    await funded(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const unknownId = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'GET', url: `/api/contractors/${unknownId}` })).statusCode).toBe(404);

    const res = await scrape(); // inject's socket is 127.0.0.1
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const families = parsePrometheus(res.body);

    // Node's defaults.
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(families.has(name), name).toBe(true);
    }
    // Requests by the route's pattern, never the URL it was called with.
    const http = families.get('http_request_duration_seconds')!;
    expect(http.type).toBe('histogram');
    const count = (route: string, status: string) =>
      http.samples.find((s) => s.name === 'http_request_duration_seconds_count' && s.labels.route === route && s.labels.method === 'GET' && s.labels.status_class === status)
        ?.value;
    expect(count('/api/health', '2xx')).toBeGreaterThanOrEqual(1);
    expect(count('/api/contractors/:id', '4xx')).toBe(1);
    expect(res.body).not.toContain(unknownId);
    expect(http.samples.some((s) => s.name === 'http_request_duration_seconds_bucket' && s.labels.le === '+Inf' && s.labels.route === '/api/health')).toBe(true);

    const value = (name: string, labels: Record<string, string> = {}) =>
      families.get(name)?.samples.find((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
    expect(value('db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(value('db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(value('db_pool_waiting_clients')).toBe(0);
    expect(value('chat_open_sockets')).toBe(0);
    // The directory keeps no cache of its own (decision 076): no series for one.
    expect([...families.keys()].filter((name) => name.startsWith('directory_cache'))).toEqual([]);
    // Sign-up codes and the hire's notices went through the outbox.
    expect(value('mail_outbox_pending')).toBeGreaterThanOrEqual(0);
    expect(value('mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(value('metrics_database_read_ok')).toBe(1);

    // The marketplace, from the database: the funded project's money and its records.
    expect(value('arreglaya_escrow_held', { currency: 'DOP' })).toBe(12_500);
    expect(value('arreglaya_projects', { status: 'assigned' })).toBe(1); // funded, not started yet
    const projects = families.get('arreglaya_projects')!.samples.reduce((sum, s) => sum + s.value, 0);
    expect(projects).toBe(1);
    expect(families.get('arreglaya_offers_total')?.type).toBe('counter');
    expect(value('arreglaya_offers_total')).toBe(1);
    expect(value('arreglaya_fundings_total')).toBe(1);
    expect(value('arreglaya_releases_total')).toBe(0);
  });

  it('answers anyone else as it answers an unknown path, unless they bear METRICS_TOKEN', async () => {
    const remote = '203.0.113.7';
    const unknown = await t.app.inject({ method: 'GET', url: '/metricz', remoteAddress: remote });
    const refused = [
      await scrape({ remoteAddress: remote }),
      await scrape({ remoteAddress: remote, headers: { authorization: 'Bearer not-the-token-at-all' } }),
      await scrape({ remoteAddress: remote, headers: { authorization: TOKEN } }),
      // This machine's socket, but a proxy on it says it forwarded someone else's request.
      await scrape({ headers: { 'x-forwarded-for': remote } }),
      await scrape({ remoteAddress: '::ffff:127.0.0.1', headers: { forwarded: `for=${remote}` } }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(res.body).toBe(unknown.body);
    }
    // Fastify's automatic HEAD route for the GET is guarded too.
    expect((await t.app.inject({ method: 'HEAD', url: '/metrics', remoteAddress: remote })).statusCode).toBe(404);
    expect((await scrape({ remoteAddress: remote, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
    expect((await scrape({ remoteAddress: '::1' })).statusCode).toBe(200);
    expect((await scrape({ remoteAddress: '127.0.0.5' })).statusCode).toBe(200);
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

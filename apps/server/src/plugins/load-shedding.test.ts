import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';

/** Keeps this process's event loop busy in 100 ms slices (a drowning server) until stopped. */
function drown(): { stop(): Promise<void> } {
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const until = Date.now() + 100;
      while (Date.now() < until) {
        // busy
      }
      await new Promise((r) => setImmediate(r));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/** Asks `url` every 100 ms until `wanted(status)` or `ms` pass; returns the last answer. */
async function firstResponse(t: TestApp, url: string, wanted: (status: number) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url });
    if (wanted(res.statusCode) || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('load shedding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MAX_EVENT_LOOP_DELAY_MS: '40' });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After and the Spanish error while the event loop lags, and serves again after', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    const load = drown();
    // Samples are taken every second: ask until one shows the lag (a drowning server sheds within seconds).
    const refused = await firstResponse(t, '/api/services/counts', (status) => status !== 200, 6000);
    await load.stop();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toEqual({ error: { code: 'UNAVAILABLE', message: 'El servicio no está disponible en este momento. Inténtalo más tarde.' } });

    // After a calm sample, requests go through again.
    expect((await firstResponse(t, '/api/health', (status) => status === 200, 4000)).statusCode).toBe(200);
  });
});

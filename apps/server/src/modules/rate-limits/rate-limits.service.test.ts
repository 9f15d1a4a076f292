import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, createPool } from '../../db/client.ts';
import { passRateLimitTime } from '../../../test/support/rate-limit-clock.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db.ts';
import { RateLimiter } from './rate-limits.service.ts';

// Decision 004: counted in memory, shared through the rate_limits table. No timer flush here
// (flushMs of an hour): the tests flush when they mean to, so what each instance knows is certain.
const HOUR = 60 * 60_000;

describe('rate limits counted in memory and shared through PostgreSQL', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  const storedHits = async (key: string) => (await t.db.execute<{ hits: number }>(sql`SELECT hits FROM rate_limits WHERE key = ${key}`)).rows[0]?.hits;

  it('holds exactly on one instance, however many hits arrive at once, and loses none', async () => {
    const limiter = new RateLimiter(t.db, { flushMs: HOUR });
    const answers = await Promise.all(Array.from({ length: 100 }, () => limiter.hit('one-instance', 60, 60_000)));
    expect(answers.filter((a) => a.hits <= 60)).toHaveLength(60);
    const oneByOne: number[] = [];
    for (let i = 0; i < 100; i++) oneByOne.push((await limiter.hit('one-by-one', 60, 60_000)).hits);
    expect(oneByOne).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    await limiter.stop();
    expect(await storedHits('one-instance')).toBe(100);
    expect(await storedHits('one-by-one')).toBe(100);
  });

  it('two instances share a limit within the slack: never more than the limit and half of it, and once flushed both refuse', async () => {
    const a = new RateLimiter(t.db, { flushMs: HOUR });
    const b = new RateLimiter(t.db, { flushMs: HOUR });
    let allowed = 0;
    for (let i = 0; i < 100; i++) {
      const { hits } = await (i % 2 === 0 ? a : b).hit('shared', 60, 60_000);
      if (hits <= 60) allowed++;
    }
    // Each instance decides alone only while its estimate is under half the limit; past it,
    // PostgreSQL's total (missing at most the other's unsent half) decides.
    expect(allowed).toBeGreaterThanOrEqual(60);
    expect(allowed).toBeLessThanOrEqual(90);
    await Promise.all([a.flush(), b.flush()]);
    expect(await storedHits('shared')).toBe(100);
    expect((await a.hit('shared', 60, 60_000)).hits).toBe(101);
    expect((await b.hit('shared', 60, 60_000)).hits).toBe(102);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('a flush tells each instance what the others counted', async () => {
    const a = new RateLimiter(t.db, { flushMs: HOUR });
    const b = new RateLimiter(t.db, { flushMs: HOUR });
    await a.hit('told', 100, 60_000);
    await b.hit('told', 100, 60_000);
    for (let i = 0; i < 10; i++) await a.hit('told', 100, 60_000);
    await a.flush();
    await b.hit('told', 100, 60_000); // b has one unsent hit now
    await b.flush();
    // 13 in all: b learnt a's 11 from its flush.
    expect((await b.hit('told', 100, 60_000)).hits).toBe(14);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('small limits (the sign-in, the contact form) are exact across instances', async () => {
    const a = new RateLimiter(t.db, { flushMs: HOUR });
    const b = new RateLimiter(t.db, { flushMs: HOUR });
    const hits: number[] = [];
    for (let i = 0; i < 15; i++) hits.push((await (i % 2 === 0 ? a : b).hit('small', 10, 60_000)).hits);
    expect(hits).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    await Promise.all([a.stop(), b.stop()]);
  });

  it('a window that ends starts again from the hits of the new one', async () => {
    const limiter = new RateLimiter(t.db, { flushMs: HOUR });
    for (let i = 0; i < 5; i++) await limiter.hit('short', 60, 300);
    await limiter.flush();
    expect(await storedHits('short')).toBe(5);
    // 350 ms pass, for this instance's clock and for the database's windows.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 350);
      await passRateLimitTime(t.db, 350, 'short');
      expect((await limiter.hit('short', 60, 300)).hits).toBe(1);
      await limiter.stop();
      expect(await storedHits('short')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps counting, and limiting, in memory while PostgreSQL is out of reach, without throwing', async () => {
    const pool = createPool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 500 }, 2);
    const errors: unknown[] = [];
    const limiter = new RateLimiter(createDb(pool), { flushMs: HOUR, onError: (err) => errors.push(err) });
    const big: number[] = [];
    for (let i = 0; i < 62; i++) big.push((await limiter.hit('lost-big', 60, 60_000)).hits);
    expect(big.at(59)).toBe(60);
    expect(big.at(60)).toBe(61);
    const small: number[] = [];
    for (let i = 0; i < 4; i++) small.push((await limiter.hit('lost-small', 3, 60_000)).hits);
    expect(small).toEqual([1, 2, 3, 4]);
    await limiter.flush();
    expect(errors.length).toBeGreaterThan(0);
    await limiter.stop();
    await pool.end();
  });
});

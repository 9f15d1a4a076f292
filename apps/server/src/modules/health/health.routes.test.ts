import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool, type Db } from '../../db/client.ts';
import { registerErrorHandler } from '../../plugins/error-handler.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { databaseCheck, healthRoutes } from './health.routes.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('says ok while the database answers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 when the database does not', async () => {
    // A real client pointed at a port where no PostgreSQL listens.
    const pool = createPool('postgres://nobody:nothing@127.0.0.1:1/none');
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    await app.register(healthRoutes(createDb(pool)));
    try {
      const res = await app.inject('/api/health');
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('UNAVAILABLE');
      // Nor is the instance ready for the load balancer.
      const ready = await app.inject('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error.message).toBe('El servicio no está disponible en este momento. Inténtalo más tarde.');
    } finally {
      await app.close();
      await pool.end();
    }
  });
});

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is ready while the database answers, and not once the instance drains, which still serves the rest', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers.connection).not.toBe('close');
    t.app.readiness.drain();
    const draining = await t.app.inject('/api/ready');
    expect(draining.statusCode).toBe(503);
    expect(draining.json().error.code).toBe('UNAVAILABLE');
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    expect(health.headers.connection).toBe('close');
  });
});

describe('databaseCheck', () => {
  /** A database whose `SELECT 1` is counted and can be made to fail. */
  function countingDb() {
    const state = { calls: 0, failing: false };
    const db = {
      execute: async () => {
        state.calls++;
        await new Promise((r) => setTimeout(r, 5));
        if (state.failing) throw new Error('connection refused');
        return { rows: [] };
      },
    } as unknown as Db;
    return { db, state };
  }

  it('asks the database once for many requests within a second', async () => {
    const { db, state } = countingDb();
    let clock = 1_000_000;
    const check = databaseCheck(db, 1000, () => clock);
    await Promise.all(Array.from({ length: 50 }, () => check()));
    expect(state.calls).toBe(1);
    clock += 999;
    await check();
    expect(state.calls).toBe(1);
    clock += 2;
    await check();
    expect(state.calls).toBe(2);
  });

  it('does not remember a failure: the next request asks again', async () => {
    const { db, state } = countingDb();
    const check = databaseCheck(db, 1000, () => 0);
    state.failing = true;
    await expect(check()).rejects.toThrow('connection refused');
    state.failing = false;
    await expect(check()).resolves.toBeUndefined();
    expect(state.calls).toBe(2);
  });
});

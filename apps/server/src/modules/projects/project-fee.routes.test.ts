import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person, postProject } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// The offer form says what a contractor would receive (issue 46): the fee it uses is the server's
// PLATFORM_FEE_PERCENT, set here to something other than the default 10.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_PERCENT: '12.5' });
});
afterAll(() => t.close());

describe('GET /api/projects/:id', () => {
  it('tells a contractor about to offer the platform fee the server is configured with', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const id = await postProject(t, client);
    const res = await t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: contractor.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'created', money: null, feePercent: 12.5 });
  });
});

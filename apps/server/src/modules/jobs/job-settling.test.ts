import { describe, expect, it } from 'vitest';
import { JOBS_SCHEMA, settlingStatements } from './job-queue.ts';

// The statements pg-boss marks a finished job with, learnt through its public API (decision 068):
// the job queue lets exactly these fail quietly while the database is away (decision 002).
describe('the statements that settle a finished job', () => {
  it('are pg-boss’s "completed" and "failed" updates of our jobs schema, and nothing else', async () => {
    const texts = [...(await settlingStatements())].map((text) => text.replace(/\s+/g, ' ').trim());
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain(`UPDATE ${JOBS_SCHEMA}.job SET completed_on = now()`);
    expect(texts[1]).toContain(`DELETE FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND id IN`);
  });
});

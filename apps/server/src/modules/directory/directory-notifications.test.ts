import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db.ts';

// The directory answers from PostgreSQL and listens to nothing (decision 076): migration 0061
// dropped the triggers that sent 'directory_changed' on every change to contractor_profiles,
// users and reviews. A contractor's changes still work; they just tell nobody.

describe('changes to the directory notify nobody', () => {
  let d: TestDatabase;
  let listener: pg.Client;
  const heard: string[] = [];
  beforeAll(async () => {
    d = await createTestDatabase();
    listener = new pg.Client({ connectionString: d.url });
    await listener.connect();
    listener.on('notification', (m) => heard.push(m.payload ?? ''));
    await listener.query('LISTEN directory_changed');
  });
  afterAll(async () => {
    await listener.end();
    await d.drop();
  });

  it("a new contractor, an edit, a review and a ban reach the tables and send no 'directory_changed'", async () => {
    const id = '00000000-0000-4000-8060-000000000001';
    const client = '00000000-0000-4000-8060-000000000002';
    await d.pool.query(
      `INSERT INTO users (id, email, email_verified, name, role, first_name) VALUES ($1, 'c@prueba.do', true, 'Ana', 'contractor', 'Ana'),
      ($2, 'k@prueba.do', true, 'Luis', 'client', 'Luis')`,
      [id, client],
    );
    await d.pool.query(`INSERT INTO contractor_profiles (user_id, display_name, city, service_types) VALUES ($1, 'Ana', 'santiago', '{pintura}')`, [id]);
    await d.pool.query(`UPDATE contractor_profiles SET favourites_count = favourites_count + 1, description = 'Pintora.' WHERE user_id = $1`, [id]);
    await d.pool.query(`UPDATE users SET banned_at = now(), status = 'banned' WHERE id = $1`, [id]);
    const changed = await d.pool.query<{ favourites_count: number; description: string; status: string }>(
      `SELECT favourites_count, description, u.status FROM contractor_profiles JOIN users u ON u.id = user_id WHERE user_id = $1`,
      [id],
    );
    expect(changed.rows).toEqual([{ favourites_count: 1, description: 'Pintora.', status: 'banned' }]);
    // A marker sent after the changes committed arrives after anything they sent.
    await d.pool.query(`SELECT pg_notify('directory_changed', 'marca')`);
    for (let i = 0; i < 500 && !heard.includes('marca'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(heard).toEqual(['marca']);
    const triggers = await d.pool.query(`SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE '%directory%'`);
    expect(triggers.rows).toEqual([]);
  });
});

/** The chat bench's people, conversations and sessions, prepared by SQL (`bench:chat`, `test:cluster`). */
import type pg from 'pg';

export interface People {
  /** tokens[i] is person i's bearer session; i < half are clients, i ≥ half contractors. */
  tokens: string[];
  /** ids[i]: person i's user id. */
  ids: string[];
  /** conversations[k]: client k and contractor half + k. */
  conversations: string[];
}

/**
 * n people (the first half clients, the second contractors), one conversation per client–contractor
 * pair and a signed-in session each (a `sessions` row, sent as a bearer token), in one transaction.
 */
export async function preparePeople(pool: pg.Pool, n: number, emailDomain: string): Promise<People> {
  const half = n / 2;
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    await c.query(`CREATE TEMP TABLE bp ON COMMIT DROP AS SELECT i, gen_random_uuid() AS id FROM generate_series(0, ${n - 1}) i`);
    await c.query(`INSERT INTO users (id, email, email_verified, name, role, status, first_name, last_name)
      SELECT id, 'chat' || i || '@${emailDomain}', true, 'Persona ' || i, CASE WHEN i < ${half} THEN 'client' ELSE 'contractor' END::user_role, 'active', 'Persona', i::text FROM bp`);
    const { rows: sessions } = await c.query<{ i: number; token: string; id: string }>(
      `WITH s AS (INSERT INTO sessions (token, user_id, expires_at) SELECT 'benchchat' || md5(id::text), id, now() + interval '1 day' FROM bp RETURNING token, user_id)
       SELECT bp.i, s.token, bp.id FROM bp JOIN s ON s.user_id = bp.id ORDER BY bp.i`,
    );
    const { rows: convs } = await c.query<{ k: number; id: string }>(
      `WITH pairs AS (SELECT a.i AS k, a.id AS client, b.id AS contractor FROM bp a JOIN bp b ON b.i = a.i + ${half} WHERE a.i < ${half}),
            ins AS (INSERT INTO conversations (client_id, contractor_id) SELECT client, contractor FROM pairs RETURNING id, client_id)
       SELECT pairs.k, ins.id FROM pairs JOIN ins ON ins.client_id = pairs.client ORDER BY pairs.k`,
    );
    await c.query('COMMIT');
    return { tokens: sessions.map((r) => r.token), ids: sessions.map((r) => r.id), conversations: convs.map((r) => r.id) };
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  } finally {
    c.release();
  }
}

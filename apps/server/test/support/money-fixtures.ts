/**
 * Hired projects ready to be paid, written straight into a database (the money benchmark and the
 * kill -9 test prepare thousands; the API would take minutes): each project with its own client,
 * signed in (a `sessions` row, sent as a bearer token, as the app's sign-in leaves it: expiring in
 * SESSION_TTL_SECONDS' default 7 days, so not due for its sliding refresh), a saved
 * sandbox Visa that succeeds, and the accepted quote at RD$12,500.00.
 */
import type pg from 'pg';

const EMAIL_DOMAIN = 'carga.arreglaya.test';
/** One contractor for this many projects. */
const PROJECTS_PER_CONTRACTOR = 10;
export const PRICE_MINOR = 1_250_000;

export interface HiredBatch {
  /** In the order prepared; tokens[i] is the bearer session of projects[i]'s client, methods[i] their saved card. */
  projects: string[];
  tokens: string[];
  methods: string[];
}

/**
 * `n` hired projects (status assigned, the accepted quote at RD$12,500.00), each with its own
 * client signed in (a `sessions` row, sent as a bearer token) and a saved Visa at the sandbox.
 */
export async function prepareHiredProjects(pool: pg.Pool, batch: string, n: number): Promise<HiredBatch> {
  const contractors = Math.max(1, Math.ceil(n / PROJECTS_PER_CONTRACTOR));
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`CREATE TEMP TABLE bm ON COMMIT DROP AS SELECT i, gen_random_uuid() AS client, gen_random_uuid() AS project, gen_random_uuid() AS quote,
      gen_random_uuid() AS method, 'tok_bench${batch}' || i AS token FROM generate_series(0, ${n - 1}) i`);
    await client.query(`CREATE TEMP TABLE bmc ON COMMIT DROP AS SELECT i, gen_random_uuid() AS id FROM generate_series(0, ${contractors - 1}) i`);
    await client.query(`INSERT INTO users (id, email, email_verified, name, role, status, first_name, last_name)
      SELECT client, 'money${batch}-client' || i || '@${EMAIL_DOMAIN}', true, 'Cliente ' || i, 'client', 'active', 'Cliente', i::text FROM bm`);
    await client.query(`INSERT INTO users (id, email, email_verified, name, role, status, first_name, last_name)
      SELECT id, 'money${batch}-contractor' || i || '@${EMAIL_DOMAIN}', true, 'Contratista ' || i, 'contractor', 'active', 'Contratista', i::text FROM bmc`);
    await client.query(`INSERT INTO projects (id, client_id, contractor_id, title, description, property_type, service_types, status, start_date, city, zone, assigned_at)
      SELECT bm.project, bm.client, c.id, 'Cambiar tubería del baño', 'La tubería del baño principal gotea y hay que cambiarla completa.', 'casa',
        ARRAY['plomeria']::service_type[], 'assigned', current_date + 10, 'santo-domingo', 'DN', now()
      FROM bm JOIN bmc c ON c.i = bm.i % ${contractors}`);
    await client.query(`INSERT INTO quotes (id, project_id, contractor_id, price_minor, description, expires_at, status, agreed_price_minor, client_confirmation,
        confirmation_date, closed_at)
      SELECT bm.quote, bm.project, c.id, ${PRICE_MINOR}, 'Cambio completo con materiales incluidos.', now() + interval '7 days', 'accepted', ${PRICE_MINOR}, true, now(), now()
      FROM bm JOIN bmc c ON c.i = bm.i % ${contractors}`);
    await client.query('UPDATE projects p SET accepted_quote_id = bm.quote FROM bm WHERE p.id = bm.project');
    const year = new Date().getUTCFullYear() + 1;
    await client.query(`INSERT INTO sandbox_processor.tokens (id, brand, last4, exp_month, exp_year, behaviour) SELECT token, 'visa', '4242', 12, ${year}, 'success' FROM bm`);
    await client.query(`INSERT INTO payment_methods (id, user_id, processor, processor_token, brand, last4, exp_month, exp_year, is_default)
      SELECT method, client, 'sandbox', token, 'visa', '4242', 12, ${year}, true FROM bm`);
    const { rows } = await client.query<{ project: string; token: string; method: string }>(
      `WITH s AS (INSERT INTO sessions (token, user_id, expires_at) SELECT 'benchmoney' || md5(client::text), client, now() + interval '7 days' FROM bm RETURNING token, user_id)
       SELECT bm.project, s.token, bm.method FROM bm JOIN s ON s.user_id = bm.client ORDER BY bm.i`,
    );
    await client.query('COMMIT');
    return { projects: rows.map((r) => r.project), tokens: rows.map((r) => r.token), methods: rows.map((r) => r.method) };
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

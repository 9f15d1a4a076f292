import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asBrowser, createUser, signIn, type TestUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { escrow, funded, setStatus } from '../../../test/support/payment-factories.ts';
import { contractorProfiles, logTrail, sessions, users } from '../../db/schema/index.ts';
import { createDataCipher, loadDataKey } from '../../lib/data-encryption.ts';
import { SYSADMIN_WRITE_LIMIT } from '../../plugins/sysadmin-console.ts';
import { indexCedulas } from '../profiles/profiles.service.ts';
import { contractorProfileForm } from '../../../test/support/project-factories.ts';

let t: TestApp;
let admin: TestUser;
let adminCookie: string;
let client: TestUser;
let clientCookie: string;
let contractor: TestUser;
let contractorCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { role: 'sysadmin', firstName: 'Jefa' });
  client = await createUser(t.db, { role: 'client', firstName: 'Carmen' });
  contractor = await createUser(t.db, { role: 'contractor', firstName: 'Ramón' });
  [adminCookie, clientCookie, contractorCookie] = await Promise.all([signIn(t, admin), signIn(t, client), signIn(t, contractor)]);
});
afterAll(() => t.close());

const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const post = (cookie: string, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: asBrowser(cookie), ...(payload ? { payload } : {}) });
const cedulaFrom = (first10: string) => `${first10.slice(0, 3)}-${first10.slice(3)}-${cedulaCheckDigit(first10)}`;

/** Signs in as a bearer client (no cookie, no Origin) and returns the token. */
async function bearerFor(user: TestUser): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password } });
  return res.headers['set-auth-token'] as string;
}

describe('access to the console API', () => {
  const routes = (id: string): [string, string, object?][] => [
    ['GET', '/api/admin/overview'],
    ['GET', '/api/admin/people'],
    ['GET', `/api/admin/people/${id}`],
    ['POST', `/api/admin/people/${id}/ban`, { reason: 'Prueba' }],
    ['POST', `/api/admin/people/${id}/unban`],
    ['POST', `/api/admin/people/${id}/verified`, { verified: true, cedulaChecked: true }],
    ['POST', `/api/admin/people/${id}/featured`, { featured: true }],
    ['POST', `/api/admin/people/${id}/confirmation-code`],
    ['POST', '/api/admin/sysadmins', { email: 'otra@prueba.do', password: 'Cacao-Dulce-2026' }],
  ];

  it('refuses clients and contractors with 403 on every route, and visitors with 401', async () => {
    for (const [method, url, payload] of routes(contractor.id)) {
      for (const cookie of [clientCookie, contractorCookie]) {
        const res = await t.app.inject({ method: method as 'GET', url, headers: asBrowser(cookie), ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const anon = await t.app.inject({ method: method as 'GET', url, headers: { 'x-requested-with': 'arreglaya' }, ...(payload ? { payload } : {}) });
      expect(anon.statusCode, `${method} ${url}`).toBe(401);
    }
    // Nothing changed: the contractor is neither banned nor verified.
    const row = await t.db.query.users.findFirst({ where: eq(users.id, contractor.id) });
    expect(row!.status).toBe('active');
  });

  it('asks a sysadmin whose session is older than 12 hours to sign in again', async () => {
    const other = await createUser(t.db, { role: 'sysadmin' });
    const cookie = await signIn(t, other);
    expect((await get(cookie, '/api/admin/overview')).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '12 hours 1 minute'` })
      .where(eq(sessions.userId, other.id));
    // Written straight to the database, as another instance would: seen once its notification
    // reaches the kept sessions (decision 028), within moments.
    let res = await get(cookie, '/api/admin/overview');
    for (const until = Date.now() + 3_000; res.statusCode !== 401 && Date.now() < until; res = await get(cookie, '/api/admin/overview')) {
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'REAUTH_REQUIRED', message: expect.stringContaining('vuelve a iniciar sesión') });
    // Signed in again: a fresh session works.
    expect((await get(await signIn(t, other), '/api/admin/overview')).statusCode).toBe(200);
  });

  it('rate limits each sysadmin across the console writes', async () => {
    const other = await createUser(t.db, { role: 'sysadmin' });
    const cookie = await signIn(t, other);
    const statuses: number[] = [];
    for (let i = 0; i < SYSADMIN_WRITE_LIMIT.max + 1; i++) {
      statuses.push((await post(cookie, `/api/admin/people/${contractor.id}/featured`, { featured: i % 2 === 0 })).statusCode);
    }
    expect(statuses.slice(0, SYSADMIN_WRITE_LIMIT.max).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another sysadmin has their own allowance.
    expect((await post(adminCookie, `/api/admin/people/${contractor.id}/featured`, { featured: false })).statusCode).toBe(200);
  });

  it('writes an audit line for every write: who, route, target and result', async () => {
    const target = await createUser(t.db, { role: 'contractor' });
    await post(adminCookie, `/api/admin/people/${target.id}/featured`, { featured: true });
    await post(adminCookie, `/api/admin/people/${admin.id}/ban`, { reason: 'Me equivoqué' });
    const lines = await t.db.select().from(logTrail).where(eq(logTrail.userId, admin.id)).orderBy(logTrail.id);
    const featured = lines.find((l) => (l.details as { target?: string }).target === target.id);
    expect(featured).toMatchObject({ action: 'admin', location: 'POST /api/admin/people/:id/featured' });
    expect(featured!.details).toMatchObject({ status: 200, result: 'ok', action: 'feature' });
    const selfBan = lines.find((l) => l.location === 'POST /api/admin/people/:id/ban' && (l.details as { target?: string }).target === admin.id);
    expect(selfBan!.details).toMatchObject({ status: 409, result: 'refused', reason: 'Me equivoqué' });
    // Reads are not audited.
    await get(adminCookie, '/api/admin/overview');
    expect(await t.db.$count(logTrail, and(eq(logTrail.userId, admin.id), sql`${logTrail.location} LIKE 'GET%'`))).toBe(0);
  });
});

describe('banning', () => {
  it('ends the bearer tokens and cookies at once, refuses sign-in, hides from search; unban restores', async () => {
    const person = await createUser(t.db, { role: 'contractor', firstName: 'Baneado' });
    const cookie = await signIn(t, person);
    const token = await bearerFor(person);
    const listed = async () => (await t.app.inject({ method: 'GET', url: `/api/contractors/${person.id}` })).statusCode;
    expect(await listed()).toBe(200);
    expect((await get(cookie, '/api/me/profile/contractor')).statusCode).toBe(200);

    const ban = await post(adminCookie, `/api/admin/people/${person.id}/ban`, { reason: 'Fraude con clientes' });
    expect(ban.statusCode).toBe(200);

    expect((await get(cookie, '/api/me/profile/contractor')).statusCode).toBe(401);
    const bearer = await t.app.inject({ method: 'GET', url: '/api/me/profile/contractor', headers: { authorization: `Bearer ${token}` } });
    expect(bearer.statusCode).toBe(401);
    expect(await t.db.$count(sessions, eq(sessions.userId, person.id))).toBe(0);

    const signInAgain = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: person.email, password: person.password } });
    expect(signInAgain.statusCode).toBe(403);
    expect(signInAgain.json().error).toMatchObject({ code: 'ACCOUNT_DISABLED', message: expect.stringContaining('suspendida') });
    // The directory's cache learns of it (users trigger, migration 0007): gone from the public page.
    await expect.poll(listed, { timeout: 5000 }).toBe(404);

    const page = (await get(adminCookie, `/api/admin/people/${person.id}`)).json();
    expect(page).toMatchObject({ status: 'banned', bannedAt: expect.any(String), sessions: [] });

    expect((await post(adminCookie, `/api/admin/people/${person.id}/unban`)).statusCode).toBe(200);
    expect((await signIn(t, person)).length).toBeGreaterThan(0);
    await expect.poll(listed, { timeout: 5000 }).toBe(200);
  });

  it('refuses a sysadmin banning themself, and an unknown id', async () => {
    const res = await post(adminCookie, `/api/admin/people/${admin.id}/ban`, { reason: 'Prueba' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('No puedes suspender tu propia cuenta.');
    expect((await post(adminCookie, '/api/admin/people/00000000-0000-4000-8000-000000000000/ban', { reason: 'x' })).statusCode).toBe(404);
  });

  it('asks for a reason, in Spanish', async () => {
    const res = await post(adminCookie, `/api/admin/people/${client.id}/ban`, { reason: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.reason).toBe('Escribe el motivo.');
  });
});

describe('people search and page', () => {
  it('finds people by name, e-mail, phone and cédula (sealed at rest, found by its blind index)', async () => {
    const person = await createUser(t.db, { role: 'contractor', firstName: 'Eulalia', email: 'eulalia.search@prueba.do' });
    const cookie = await signIn(t, person);
    const cedula = cedulaFrom('4021234567');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/me/profile/contractor',
      headers: asBrowser(cookie),
      payload: contractorProfileForm({
        firstName: 'Eulalia',
        lastName: 'Marte',
        phone: '(809) 555-7788',
        companyName: 'Marte Pinturas',
        cedula,
        serviceTypes: ['pintura'],
        description: 'Pintora.',
        address: 'Calle 1',
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const ids = async (q: string) => (await get(adminCookie, `/api/admin/people?q=${encodeURIComponent(q)}`)).json().items.map((i: { id: string }) => i.id);
    expect(await ids('eulalia marte')).toEqual([person.id]);
    expect(await ids('EULALIA.SEARCH@')).toEqual([person.id]);
    expect(await ids('809 555 7788')).toEqual([person.id]);
    expect(await ids(cedula)).toEqual([person.id]);
    expect(await ids(cedula.replaceAll('-', ''))).toEqual([person.id]);
    expect(await ids(cedulaFrom('4021234568'))).toEqual([]);
    // The page shows the cédula opened, for the check before Verificado.
    const page = (await get(adminCookie, `/api/admin/people/${person.id}`)).json();
    expect(page.contractor).toMatchObject({ cedula: cedula.replaceAll('-', ''), verifiedAt: null, featured: false });
    expect(page.sessions).toHaveLength(1);
  });

  it('indexes at start the cédulas sealed before the blind index existed', async () => {
    const person = await createUser(t.db, { role: 'contractor' });
    const cipher = createDataCipher(await loadDataKey(t.db, undefined, { isProduction: false, log: t.app.log }));
    const cedula = cedulaFrom('2231234567').replaceAll('-', '');
    await t.db
      .update(contractorProfiles)
      .set({ cedulaEnc: cipher.seal(cedula), cedulaIndex: null })
      .where(eq(contractorProfiles.userId, person.id));
    const ids = async () => (await get(adminCookie, `/api/admin/people?q=${cedula}`)).json().items.map((i: { id: string }) => i.id);
    expect(await ids()).toEqual([]);
    expect(await indexCedulas({ db: t.db, cipher })).toBeGreaterThanOrEqual(1);
    expect(await ids()).toEqual([person.id]);
  });

  it('filters by role and pages', async () => {
    const res = (await get(adminCookie, '/api/admin/people?role=sysadmin')).json();
    expect(res.items.every((p: { role: string }) => p.role === 'sysadmin')).toBe(true);
    expect(res.items.map((p: { id: string }) => p.id)).toContain(admin.id);
    expect((await get(adminCookie, '/api/admin/people?page=0')).statusCode).toBe(400);
  });

  it('sets Verificado only once the cédula was checked, and Destacado', async () => {
    const person = await createUser(t.db, { role: 'contractor' });
    const unchecked = await post(adminCookie, `/api/admin/people/${person.id}/verified`, { verified: true });
    expect(unchecked.statusCode).toBe(400);
    expect(unchecked.json().error.fields.cedulaChecked).toBe('Marca que comprobaste la cédula antes de verificar.');
    expect((await post(adminCookie, `/api/admin/people/${person.id}/verified`, { verified: true, cedulaChecked: true })).statusCode).toBe(200);
    expect((await post(adminCookie, `/api/admin/people/${person.id}/featured`, { featured: true })).statusCode).toBe(200);
    const row = await t.db.query.contractorProfiles.findFirst({ where: eq(contractorProfiles.userId, person.id) });
    expect(row!.verifiedAt).not.toBeNull();
    expect(row!.featured).toBe(true);
    const card = (await t.app.inject({ method: 'GET', url: `/api/contractors/${person.id}` })).json();
    expect(card.badges).toMatchObject({ verified: true, featured: true });
    // A client cannot be verified.
    expect((await post(adminCookie, `/api/admin/people/${client.id}/verified`, { verified: true, cedulaChecked: true })).statusCode).toBe(409);
  });

  it('resends a confirmation code only to an unconfirmed account', async () => {
    expect((await post(adminCookie, `/api/admin/people/${client.id}/confirmation-code`)).statusCode).toBe(409);
    const unconfirmed = await createUser(t.db, { role: 'client' });
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed.id));
    expect((await post(adminCookie, `/api/admin/people/${unconfirmed.id}/confirmation-code`)).statusCode).toBe(200);
    await expect.poll(async () => (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM email_outbox WHERE to_address = ${unconfirmed.email}`)).rows[0]!.n).toBe(1);
  });

  it('makes another sysadmin who can then use the console', async () => {
    const res = await post(adminCookie, '/api/admin/sysadmins', { email: 'Nueva.Jefa@Prueba.do', password: 'Cacao-Dulce-2026' });
    expect(res.statusCode).toBe(201);
    const cookie = await signIn(t, { email: 'nueva.jefa@prueba.do', password: 'Cacao-Dulce-2026' });
    expect((await get(cookie, '/api/admin/overview')).statusCode).toBe(200);
    expect((await post(adminCookie, '/api/admin/sysadmins', { email: 'x@prueba.do', password: '123' })).statusCode).toBe(400);
  });

  // Decision 050: the console creates new accounts only; it never replaces a password or a role.
  it('refuses an e-mail that already has an account with 409, leaving its password, role and sessions as they were', async () => {
    // Its own sysadmin: this file's other writes use up the first one's allowance.
    const jefa = await createUser(t.db, { role: 'sysadmin', firstName: 'Jefa' });
    const jefaCookie = await signIn(t, jefa);
    const carmen = await createUser(t.db, { role: 'client', firstName: 'Carmen' });
    const carmenCookie = await signIn(t, carmen);
    const otherAdmin = await createUser(t.db, { role: 'sysadmin', firstName: 'Otra' });
    const otherCookie = await signIn(t, otherAdmin);
    const message = 'Ya existe una cuenta con ese correo. La consola solo crea cuentas nuevas: no cambia la contraseña ni el rol de una cuenta existente.';

    for (const email of [carmen.email.toUpperCase(), ` ${otherAdmin.email} `]) {
      const res = await post(jefaCookie, '/api/admin/sysadmins', { email, password: 'Clave-Nueva-De-Jefa-2026' });
      expect(res.statusCode, email).toBe(409);
      expect(res.json().error).toEqual({ code: 'CONFLICT', message, fields: { email: message } });
    }

    // Carmen is still a client, signed in, with her own password; the new one opens nothing.
    const row = await t.db.query.users.findFirst({ where: eq(users.id, carmen.id) });
    expect(row!.role).toBe('client');
    expect((await get(carmenCookie, '/api/me/profile/client')).statusCode).toBe(200);
    expect((await get(carmenCookie, '/api/admin/overview')).statusCode).toBe(403);
    await signIn(t, carmen);
    const withNew = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: carmen.email, password: 'Clave-Nueva-De-Jefa-2026' } });
    expect(withNew.statusCode).toBe(401);
    // The other sysadmin keeps their session and password too.
    expect((await get(otherCookie, '/api/admin/overview')).statusCode).toBe(200);
    await signIn(t, otherAdmin);
    // The refusals are in the audit trail, as every console write.
    const audit = await t.db
      .select()
      .from(logTrail)
      .where(and(eq(logTrail.userId, jefa.id), eq(logTrail.location, 'POST /api/admin/sysadmins')));
    expect(audit.map((l) => l.details)).toEqual([expect.objectContaining({ status: 409, result: 'refused' }), expect.objectContaining({ status: 409, result: 'refused' })]);
  });

  it('answers two creations of one new e-mail at once with one account: 201 and 409', async () => {
    const jefa = await createUser(t.db, { role: 'sysadmin', firstName: 'Jefa' });
    const jefaCookie = await signIn(t, jefa);
    const body = { email: 'doble.jefa@prueba.do', password: 'Cacao-Dulce-2026' };
    const answers = await Promise.all([0, 1].map(() => post(jefaCookie, '/api/admin/sysadmins', body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().error.fields).toEqual({ email: expect.stringContaining('Ya existe una cuenta con ese correo.') });
    const rows = await t.db.query.users.findMany({ where: sql`lower(${users.email}) = ${body.email}` });
    expect(rows.map((r) => r.role)).toEqual(['sysadmin']);
  });
});

describe('overview', () => {
  it('shows the money held in escrow and released this month, from the ledger, and the new project and offer', async () => {
    const before = (await get(adminCookie, '/api/admin/overview')).json();
    const held = await funded(t);
    const done = await funded(t);
    await setStatus(t, done.contractor, done.projectId, 'in_progress');
    await setStatus(t, done.contractor, done.projectId, 'delivered');
    expect((await setStatus(t, done.client, done.projectId, 'completado')).statusCode).toBe(200);
    const after = (await get(adminCookie, '/api/admin/overview')).json();
    const dop = (list: { currency: string; amountMinor: number }[]) => list.find((m) => m.currency === 'DOP')?.amountMinor ?? 0;
    expect(dop(after.escrowHeld) - dop(before.escrowHeld)).toBe((await escrow(t, held.projectId)).heldMinor);
    const released = (await escrow(t, done.projectId)).releasedMinor;
    expect(released).toBeGreaterThan(0);
    expect(dop(after.releasedThisMonth) - dop(before.releasedThisMonth)).toBe(released);
    expect(after.offersThisWeek - before.offersThisWeek).toBe(2);
    expect(after.newProjectsPerDay.at(-1).count - before.newProjectsPerDay.at(-1).count).toBe(2);
    expect(after.projectsByStatus.completado - before.projectsByStatus.completado).toBe(1);
  });

  it('counts people by role and gives 30 days of new projects', async () => {
    const res = await get(adminCookie, '/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.people.byRole.sysadmin).toBeGreaterThanOrEqual(1);
    expect(body.people.byRole.contractor).toBeGreaterThanOrEqual(1);
    expect(body.people.newThisWeek).toBeGreaterThanOrEqual(3);
    expect(body.newProjectsPerDay).toHaveLength(30);
    expect(body.projectsByStatus).toMatchObject({ created: expect.any(Number), disputed: expect.any(Number) });
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../../db/schema/index.ts';
import { CARDS, fund, post, tokenize } from '../../../test/support/payment-factories.ts';
import { person, postProject, postQuote, projectForm, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';

// Issue 46, item 5: the job's address (street and number, a reference point) is asked when posting,
// kept sealed at rest (decision 010), and reaches the hired contractor with the client's phone only
// once the money to begin is held (decision 049). Item 15: a sector must lie in the chosen zone.

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const STREET = 'Calle Respaldo 7 #14, Apto 3B';
const REFERENCE = 'Frente a la farmacia Los Hidalgos';
const PHONE = '809-555-0142';

const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const page = async (who: Person, projectId: string) => {
  const res = await get(who, `/api/projects/${projectId}`);
  expect(res.statusCode).toBe(200);
  return res;
};
const revealsNothing = (body: string) => {
  expect(body).not.toContain('Respaldo');
  expect(body).not.toContain('farmacia');
  expect(body).not.toContain('555-0142');
};

/** A client with a phone on her profile, her project with its address, two contractors who quoted and the first hired. */
async function hiredWithAddress() {
  const client = await person(t, 'client', 'Yolanda');
  await t.db.update(users).set({ phone: PHONE }).where(eq(users.id, client.id));
  const contractor = await person(t, 'contractor', 'Ramón');
  const other = await person(t, 'contractor', 'Pedro');
  const projectId = await postProject(t, client, { zone: 'SDE', sector: 'los-mina', street: STREET, reference: REFERENCE });
  const quoteId = await postQuote(t, contractor, projectId);
  await postQuote(t, other, projectId);
  return { client, contractor, other, projectId, quoteId };
}

describe('the address follows the money', () => {
  it('reaches the hired contractor with the client’s phone only once the money to begin is held; never another contractor; the client always', async () => {
    const { client, contractor, other, projectId, quoteId } = await hiredWithAddress();

    // Open: the client reads her own address; contractors, the open list and the sector do not give it away.
    expect((await page(client, projectId)).json().address).toEqual({ street: STREET, reference: REFERENCE });
    for (const who of [contractor, other]) {
      const res = await page(who, projectId);
      expect(res.json().address).toBeNull();
      expect(res.json().sector).toBe('los-mina');
      revealsNothing(res.body);
      revealsNothing((await get(who, '/api/projects?allServices=1&pageSize=50')).body);
    }
    revealsNothing((await get(null, `/api/projects/${projectId}`)).body);

    // Hired, not paid: still nothing.
    expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
    for (const who of [contractor, other]) {
      const res = await page(who, projectId);
      expect(res.json().address).toBeNull();
      revealsNothing(res.body);
    }
    expect((await page(client, projectId)).json().address).toEqual({ street: STREET, reference: REFERENCE });

    // The money to begin is held: the hired contractor gets the address and the phone.
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
    const hired = (await page(contractor, projectId)).json();
    expect(hired.address).toEqual({ street: STREET, reference: REFERENCE });
    expect(hired.clientContact).toMatchObject({ phone: PHONE });
    expect(hired.sector).toBe('los-mina');
    revealsNothing((await page(other, projectId)).body);
    expect((await page(client, projectId)).json().address).toEqual({ street: STREET, reference: REFERENCE });

    // The notice says where and sends to the page; the street itself stays out of mail and chat.
    const mail = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === 'ArreglaYa - Datos de contacto');
    expect(mail.text).toContain('Los Mina, Santo Domingo Este, Santo Domingo');
    expect(mail.text).not.toContain('Respaldo');
  });

  it('is stored sealed: the projects row holds no street or reference in the clear', async () => {
    const { projectId } = await hiredWithAddress();
    const row = await t.db.execute(sql`SELECT * FROM projects WHERE id = ${projectId}::uuid`);
    expect(row.rows[0]!.street_enc).toBeInstanceOf(Buffer);
    // Every column as text, the bytea ones byte by byte.
    const text = Object.values(row.rows[0]!)
      .map((v) => (Buffer.isBuffer(v) ? v.toString('latin1') : JSON.stringify(v)))
      .join('|');
    expect(text).not.toContain('Respaldo');
    expect(text).not.toContain('farmacia');
  });

  it('is changed by the client’s edit, and an empty reference is none', async () => {
    const client = await person(t, 'client');
    const projectId = await postProject(t, client, { street: STREET, reference: REFERENCE });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/projects/${projectId}`,
      headers: client.headers,
      payload: projectForm({ street: 'Av. Venezuela 22', reference: '' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().project.address).toEqual({ street: 'Av. Venezuela 22', reference: null });
  });

  it('an old project without an address keeps working for its client and its paid contractor', async () => {
    const { client, contractor, projectId, quoteId } = await hiredWithAddress();
    await t.db.execute(sql`UPDATE projects SET street_enc = NULL, reference_enc = NULL WHERE id = ${projectId}::uuid`);
    expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
    expect((await page(client, projectId)).json().address).toBeNull();
    const seen = (await page(contractor, projectId)).json();
    expect(seen.address).toBeNull();
    expect(seen.clientContact).toMatchObject({ phone: PHONE });
  });

  it('goes with the client’s account when she deletes it', async () => {
    const { client, projectId } = await hiredWithAddress();
    const res = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: client.headers, payload: { password: client.password } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select({ status: projects.status }).from(projects).where(eq(projects.id, projectId));
    expect(row!.status).toBe('cancelled');
    const sealed = await t.db.execute<{ street: unknown; reference: unknown }>(
      sql`SELECT street_enc AS street, reference_enc AS reference FROM projects WHERE id = ${projectId}::uuid`,
    );
    expect(sealed.rows[0]).toEqual({ street: null, reference: null });
  });
});

describe('POST /api/projects: the address and the place', () => {
  const create = (client: Person, overrides: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/projects', headers: client.headers, payload: projectForm(overrides) });

  it('asks for the street of a new project, in Spanish', async () => {
    const client = await person(t, 'client');
    const res = await create(client, { street: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.street).toBe('Campo obligatorio.');
  });

  it('refuses a street or reference too long, or with control characters, naming the field in Spanish', async () => {
    const client = await person(t, 'client');
    const long = await create(client, { street: 'x'.repeat(151), reference: 'y'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toMatchObject({ street: 'Máximo 150 caracteres.', reference: 'Máximo 200 caracteres.' });
    for (const field of ['street', 'reference']) {
      const control = await create(client, { [field]: 'Calle 5\u0000 frente\u0007 al colmado' });
      expect(control.statusCode, control.body).toBe(400);
      expect(control.json().error.fields[field]).toBe('Contiene caracteres invisibles no permitidos. Bórralos y vuelve a escribir el texto.');
    }
    const lines = await create(client, { street: 'Calle 5\nCasa 2' });
    expect(lines.statusCode).toBe(400);
    expect(lines.json().error.fields.street).toBeTruthy();
  });

  it('refuses a sector outside the chosen zone (Los Mina is in Santo Domingo Este, not the Distrito Nacional)', async () => {
    const client = await person(t, 'client');
    const wrong = await create(client, { zone: 'DN', sector: 'los-mina' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.sector).toBe('Ese sector no está en la zona elegida.');
    expect((await create(client, { zone: 'SD', sector: 'naco' })).statusCode).toBe(400);
    expect((await create(client, { zone: 'SDE', sector: 'los-mina' })).statusCode).toBe(201);
    // 'Santo Domingo' is the province: its municipalities' sectors, not the Distrito Nacional's.
    expect((await create(client, { zone: 'SD', sector: 'los-mina' })).statusCode).toBe(201);
    expect((await create(client, { zone: null, sector: 'naco' })).statusCode).toBe(201);
  });
});

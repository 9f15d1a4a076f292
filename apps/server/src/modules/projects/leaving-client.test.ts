import crypto from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, projects, quoteActionTokens, quotes, users } from '../../db/schema/index.ts';
import { person, postProject, postQuote, projectStatus, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { CARDS, fund, setStatus, tokenize } from '../../../test/support/payment-factories.ts';

// Issue 29, rule 5: a banned or deleted client hires nobody. The ban (or the deletion) cancels the
// client's open projects in its own transaction, withdraws the offers on them with their mail
// links spent, and tells each contractor without the ban's reason; contractors no longer find the
// projects; every mail link refuses to act for an account that is not active.

const CLOSED_SUBJECT = 'ArreglaYa - Un proyecto ya no está disponible';
const CLOSED_TITLE = 'Un proyecto ya no está disponible';
const LINK_INVALID = 'Este enlace no es válido o ya fue usado.';
const REASON = 'Publicó datos de contacto falsos.';

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const post = (who: Person | null, url: string, payload: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url, headers: who?.headers ?? {}, payload });
const ban = (admin: Person, who: Person) => post(admin, `/api/admin/people/${who.id}/ban`, { reason: REASON });

/** The ids of the open list a contractor reads (every service), narrowed to the test's tag. */
async function openList(contractor: Person, tag: string): Promise<string[]> {
  const res = await get(contractor, `/api/projects?allServices=1&q=${tag}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as { id: string }[]).map((i) => i.id).sort();
}

/** The token of the new-offer mail's button ('Aprobar oferta' or 'Rechazar oferta') for that contractor's offer. */
async function linkToken(client: Person, contractorName: string, label = 'Aprobar oferta'): Promise<string> {
  const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.text.includes(`${contractorName} Almonte te envió una oferta para «`));
  return new RegExp(`${label}: (\\S+)`).exec(mail.text)![1]!.split('/').pop()!;
}

/** The notices of that title in the person's inbox, as the web app reads them. */
async function noticesOf(who: Person, title = CLOSED_TITLE): Promise<{ text: string; projectId: string | null; quoteId: string | null }[]> {
  const list = await get(who, '/api/conversations');
  expect(list.statusCode).toBe(200);
  const found = [];
  for (const c of list.json().conversations as { id: string }[]) {
    const res = await get(who, `/api/conversations/${c.id}/messages`);
    found.push(
      ...(res.json().messages as { type: string; subject: string | null; text: string; projectId: string | null; quoteId: string | null }[]).filter(
        (m) => m.type === 'notification' && m.subject === title,
      ),
    );
  }
  return found;
}

const quoteRows = (ids: string[]) => t.db.select({ id: quotes.id, status: quotes.status, closedAt: quotes.closedAt }).from(quotes).where(inArray(quotes.id, ids));
const unspentLinks = (quoteIds: string[]) => t.db.$count(quoteActionTokens, and(inArray(quoteActionTokens.quoteId, quoteIds), isNull(quoteActionTokens.usedAt)));

describe('a banned client hires nobody', () => {
  it('the ban cancels the client’s open projects, withdraws every offer on them, tells each contractor, and contractors no longer find them', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const client = await person(t, 'client', 'Altagracia');
    const bystander = await person(t, 'client', 'Josefina');
    const first = await person(t, 'contractor', 'Nelson');
    const second = await person(t, 'contractor', 'Rafael');
    const stranger = await person(t, 'contractor', 'Elvis');
    const admin = await person(t, 'sysadmin', 'Admin');

    const bath = await postProject(t, client, { title: `Arreglar el baño ${tag}` });
    const roof = await postProject(t, client, { title: `Impermeabilizar el techo ${tag}` });
    const other = await postProject(t, bystander, { title: `Pintar la verja ${tag}` });
    const offers = [await postQuote(t, first, bath), await postQuote(t, second, bath), await postQuote(t, first, roof), await postQuote(t, second, roof)];
    const otherOffer = await postQuote(t, first, other);
    const acceptToken = await linkToken(client, 'Nelson');

    // Read once before the ban, so the open list and the pages are kept in memory (the ban must drop them).
    expect(await openList(stranger, tag)).toEqual([bath, roof, other].sort());
    for (const id of [bath, roof]) {
      expect((await get(stranger, `/api/projects/${id}`)).statusCode).toBe(200);
      expect((await get(first, `/api/projects/${id}`)).statusCode).toBe(200);
    }

    expect((await ban(admin, client)).statusCode).toBe(200);

    // Both projects cancelled, with the moment; every offer on them withdrawn with its mail links spent.
    for (const id of [bath, roof]) {
      const [row] = await t.db
        .select({ status: projects.status, cancelledAt: projects.cancelledAt, contractorId: projects.contractorId })
        .from(projects)
        .where(eq(projects.id, id));
      expect(row).toMatchObject({ status: 'cancelled', contractorId: null, cancelledAt: expect.any(Date) });
    }
    expect(await quoteRows(offers)).toEqual(expect.arrayContaining(offers.map((id) => ({ id, status: 'withdrawn', closedAt: expect.any(Date) }))));
    expect(await unspentLinks(offers)).toBe(0);
    // Another client's project and the offer on it are untouched.
    expect(await projectStatus(t, other)).toEqual({ status: 'created', contractorId: null });
    expect((await quoteRows([otherOffer]))[0]!.status).toBe('created');

    // Each contractor heard of each project, in the inbox and by mail, never the reason.
    for (const [contractor, name] of [
      [first, 'Nelson'],
      [second, 'Rafael'],
    ] as const) {
      const notices = await noticesOf(contractor);
      expect(notices.map((n) => n.projectId).sort()).toEqual([bath, roof].sort());
      for (const n of notices) {
        expect(n.text).toMatch(/El proyecto «(Arreglar el baño|Impermeabilizar el techo) [0-9a-f]{6}» ya no está disponible y tu oferta quedó cerrada\./);
        expect(n.text).not.toContain(REASON);
      }
      for (const title of [`Arreglar el baño ${tag}`, `Impermeabilizar el techo ${tag}`]) {
        const mail = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === CLOSED_SUBJECT && m.text.includes(title));
        expect(mail.text).toContain(`Hola ${name}:`);
        expect(mail.text).toContain(`${t.config.appUrl}/projectlist`);
        expect(mail.text).not.toContain(REASON);
        expect(mail.html).not.toContain(REASON);
      }
    }
    expect(await t.db.$count(emailOutbox, and(eq(emailOutbox.toAddress, bystander.email), eq(emailOutbox.subject, CLOSED_SUBJECT)))).toBe(0);

    // Contractors no longer find them: not in the open list, not by id (whether they offered or not).
    expect(await openList(stranger, tag)).toEqual([other]);
    expect(await openList(first, tag)).toEqual([other]);
    for (const id of [bath, roof]) {
      for (const who of [stranger, first, second]) expect((await get(who, `/api/projects/${id}`)).statusCode).toBe(404);
      expect((await get(admin, `/api/projects/${id}`)).statusCode).toBe(200);
    }

    // The client's mail link no longer works: refused as a spent link, nothing assigned.
    for (const res of [await get(null, `/api/quote-links/${acceptToken}`), await post(null, `/api/quote-links/${acceptToken}`)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(LINK_INVALID);
    }
    expect(await projectStatus(t, bath)).toEqual({ status: 'cancelled', contractorId: null });
    expect((await quoteRows([offers[0]!]))[0]!.status).toBe('withdrawn');

    // Unbanning reopens nothing.
    expect((await post(admin, `/api/admin/people/${client.id}/unban`)).statusCode).toBe(200);
    expect((await projectStatus(t, bath))!.status).toBe('cancelled');
    expect((await projectStatus(t, roof))!.status).toBe('cancelled');
    expect(await openList(stranger, tag)).toEqual([other]);
  });

  it('the ban and the closures are one transaction: when a notice cannot be queued, nothing changes', async () => {
    const client = await person(t, 'client', 'Marisol');
    const contractor = await person(t, 'contractor', 'Eusebio');
    const admin = await person(t, 'sysadmin', 'Admin');
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, projectId);
    await t.db.execute(sql`CREATE FUNCTION refuse_closed_mail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox refuses'; END $$`);
    await t.db.execute(sql`CREATE TRIGGER refuse_closed_mail BEFORE INSERT ON email_outbox FOR EACH ROW EXECUTE FUNCTION refuse_closed_mail()`);
    try {
      expect((await ban(admin, client)).statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_closed_mail ON email_outbox`);
      await t.db.execute(sql`DROP FUNCTION refuse_closed_mail()`);
    }
    const [user] = await t.db.select({ status: users.status }).from(users).where(eq(users.id, client.id));
    expect(user!.status).toBe('active');
    expect(await projectStatus(t, projectId)).toEqual({ status: 'created', contractorId: null });
    expect((await quoteRows([quoteId]))[0]!.status).toBe('created');
    expect(await unspentLinks([quoteId])).toBe(2);
    expect(await noticesOf(contractor)).toEqual([]);
  });

  it('an unpaid hire ends and closes with the open projects, its contractor told; a hire with money held stays for a sysadmin', async () => {
    const client = await person(t, 'client', 'Carmen');
    const hired = await person(t, 'contractor', 'Wilfredo');
    const paidHired = await person(t, 'contractor', 'Julio');
    const admin = await person(t, 'sysadmin', 'Admin');
    const assigned = await postProject(t, client, { title: 'Instalar un calentador' });
    const paid = await postProject(t, client, { title: 'Cambiar el inodoro' });
    const open = await postProject(t, client, { title: 'Arreglar la ducha' });
    const accepted = await postQuote(t, hired, assigned);
    expect((await post(client, `/api/quotes/${accepted}/accept`)).statusCode).toBe(200);
    const paidQuote = await postQuote(t, paidHired, paid);
    expect((await post(client, `/api/quotes/${paidQuote}/accept`)).statusCode).toBe(200);
    expect((await fund(t, client, paid, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
    const offer = await postQuote(t, hired, open);

    expect((await ban(admin, client)).statusCode).toBe(200);

    // The unpaid hire: ended (offer withdrawn), then closed with the open project; the contractor is told, never why.
    expect(await projectStatus(t, assigned)).toEqual({ status: 'cancelled', contractorId: null });
    expect((await quoteRows([accepted]))[0]!.status).toBe('withdrawn');
    expect((await projectStatus(t, open))!.status).toBe('cancelled');
    expect((await quoteRows([offer]))[0]!.status).toBe('withdrawn');
    const notices = await noticesOf(hired);
    expect(notices.map((n) => n.projectId).sort()).toEqual([assigned, open].sort());
    expect(notices.find((n) => n.projectId === assigned)!.text).toContain('La contratación de «Instalar un calentador» terminó antes del pago');
    expect(JSON.stringify(notices)).not.toContain(REASON);
    expect((await setStatus(t, hired, assigned, 'in_progress')).statusCode).toBe(403);
    // Money held: the work stays (a sysadmin settles it with a refund if it must end).
    expect(await projectStatus(t, paid)).toEqual({ status: 'assigned', contractorId: paidHired.id });
  });
});

describe('a ban and a mail link at the same moment', () => {
  it('one waits for the other (the account first, then the project): the link acts before the ban or is refused after it, never a deadlock', async () => {
    const admin = await person(t, 'sysadmin', 'Admin');
    const contractor = await person(t, 'contractor', 'Bienvenido');
    for (let i = 0; i < 4; i++) {
      const client = await person(t, 'client', `Luz${i}`);
      const projectId = await postProject(t, client);
      const quoteId = await postQuote(t, contractor, projectId);
      const token = await linkToken(client, 'Bienvenido');
      const [banned, used] = await Promise.all([ban(admin, client), post(null, `/api/quote-links/${token}`)]);
      expect(banned.statusCode).toBe(200);
      // Either way the client hires nobody: the link went first and the ban ended that unpaid hire,
      // or the ban went first and the link is refused. Never a deadlock, never a hire left standing.
      expect([200, 404]).toContain(used.statusCode);
      expect((await projectStatus(t, projectId))!.status).toBe('cancelled');
      expect((await quoteRows([quoteId]))[0]!.status).toBe('withdrawn');
    }
  });
});

describe('a deleted client hires nobody', () => {
  it('the deletion cancels the open projects, withdraws the offers with their links spent, tells each contractor, and the mail link is refused', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const client = await person(t, 'client', 'Rosario');
    const first = await person(t, 'contractor', 'Wilson');
    const second = await person(t, 'contractor', 'Pedro');
    const projectId = await postProject(t, client, { title: `Cambiar los gabinetes ${tag}` });
    const offers = [await postQuote(t, first, projectId), await postQuote(t, second, projectId)];
    const acceptToken = await linkToken(client, 'Wilson');
    const rejectToken = await linkToken(client, 'Pedro', 'Rechazar oferta');
    expect(await openList(first, tag)).toEqual([projectId]);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: client.headers, payload: { password: client.password } });
    expect(del.statusCode).toBe(200);

    expect(await projectStatus(t, projectId)).toEqual({ status: 'cancelled', contractorId: null });
    expect(await quoteRows(offers)).toEqual(expect.arrayContaining(offers.map((id) => ({ id, status: 'withdrawn', closedAt: expect.any(Date) }))));
    expect(await unspentLinks(offers)).toBe(0);
    for (const contractor of [first, second]) {
      expect((await noticesOf(contractor)).map((n) => n.projectId)).toEqual([projectId]);
      await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.subject === CLOSED_SUBJECT && m.text.includes(`Cambiar los gabinetes ${tag}`));
      expect((await get(contractor, `/api/projects/${projectId}`)).statusCode).toBe(404);
    }
    expect(await openList(first, tag)).toEqual([]);

    for (const token of [acceptToken, rejectToken]) {
      for (const res of [await get(null, `/api/quote-links/${token}`), await post(null, `/api/quote-links/${token}`)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error.message).toBe(LINK_INVALID);
      }
    }
    expect(await projectStatus(t, projectId)).toEqual({ status: 'cancelled', contractorId: null });
  });
});

describe('every mail link refuses to act for an account that is not active', () => {
  it('an offer link of a client whose account is not active is refused, changes nothing and stays unspent', async () => {
    const client = await person(t, 'client', 'Dulce');
    const contractor = await person(t, 'contractor', 'Teodoro');
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, projectId);
    const acceptToken = await linkToken(client, 'Teodoro');
    const rejectToken = await linkToken(client, 'Teodoro', 'Rechazar oferta');
    // The rule on its own, without the ban's closures: the account is simply not active.
    for (const status of ['banned', 'deleted'] as const) {
      await t.db.update(users).set({ status }).where(eq(users.id, client.id));
      for (const token of [acceptToken, rejectToken]) {
        for (const res of [await get(null, `/api/quote-links/${token}`), await post(null, `/api/quote-links/${token}`, { comment: 'No.' })]) {
          expect(res.statusCode).toBe(404);
          expect(res.json().error.message).toBe(LINK_INVALID);
        }
      }
      expect(await projectStatus(t, projectId)).toEqual({ status: 'created', contractorId: null });
      expect((await quoteRows([quoteId]))[0]!.status).toBe('created');
      expect(await unspentLinks([quoteId])).toBe(2);
    }
  });

  it('a password reset code mailed before the ban is refused as a wrong code; the password stays', async () => {
    const client = await person(t, 'client', 'Mercedes');
    const admin = await person(t, 'sysadmin', 'Admin');
    expect((await post(null, '/api/auth/forgot-password', { email: client.email })).statusCode).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === 'ArreglaYa - Código para restablecer tu contraseña');
    const code = /: (\d{6})/.exec(mail.text)![1]!;
    expect((await ban(admin, client)).statusCode).toBe(200);

    const res = await post(null, '/api/auth/reset-password', { email: client.email, code, password: 'Otra-Clave-2026!', confirmPassword: 'Otra-Clave-2026!' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'INVALID_CODE', message: 'El código no es correcto.' });
    // Unbanned, the old password still signs in: the reset changed nothing.
    expect((await post(admin, `/api/admin/people/${client.id}/unban`)).statusCode).toBe(200);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress: '10.29.5.1', payload: { email: client.email, password: client.password } });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('a banned contractor: as before', () => {
  it('their open offers are withdrawn and the client told; the client’s project stays open for others', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const client = await person(t, 'client', 'Ana');
    const banned = await person(t, 'contractor', 'Julio');
    const other = await person(t, 'contractor', 'Ramón');
    const admin = await person(t, 'sysadmin', 'Admin');
    const projectId = await postProject(t, client, { title: `Reparar la cisterna ${tag}` });
    const withdrawn = await postQuote(t, banned, projectId);
    const kept = await postQuote(t, other, projectId);

    expect((await ban(admin, banned)).statusCode).toBe(200);

    expect(await projectStatus(t, projectId)).toEqual({ status: 'created', contractorId: null });
    expect((await quoteRows([withdrawn]))[0]!.status).toBe('withdrawn');
    expect((await quoteRows([kept]))[0]!.status).toBe('created');
    expect((await noticesOf(client, 'Una oferta ya no está disponible')).map((n) => n.quoteId)).toEqual([withdrawn]);
    expect(await noticesOf(other)).toEqual([]);
    expect(await openList(other, tag)).toEqual([projectId]);
    expect((await get(other, `/api/projects/${projectId}`)).statusCode).toBe(200);
  });
});

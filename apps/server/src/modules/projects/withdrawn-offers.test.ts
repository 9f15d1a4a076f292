import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, quotes, users } from '../../db/schema/index.ts';
import { person, postProject, postQuote, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { saveNotificationPreferences } from '../notifications/notification-preferences.repository.ts';

// Decision 023: a ban or an account deletion withdraws the contractor's open offers; each
// project's client is told in that transaction, in their inbox always and by mail when they keep
// immediate notifications on. The ban's reason is never told, nor a deleted person's name.

const SUBJECT = 'ArreglaYa - Una oferta ya no está disponible';
const TITLE = 'Una oferta ya no está disponible';
const REASON = 'Cobró por fuera de la plataforma.';

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

interface Notice {
  type: string;
  subject: string | null;
  text: string;
  projectId: string | null;
  quoteId: string | null;
}

/** The notices of that title in the person's inbox, read as the web app reads it. */
async function noticesOf(who: Person, title = TITLE): Promise<Notice[]> {
  const list = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: who.headers });
  expect(list.statusCode).toBe(200);
  const found: Notice[] = [];
  for (const c of list.json().conversations as { id: string }[]) {
    const res = await t.app.inject({ method: 'GET', url: `/api/conversations/${c.id}/messages`, headers: who.headers });
    expect(res.statusCode).toBe(200);
    found.push(...(res.json().messages as Notice[]).filter((m) => m.type === 'notification' && m.subject === title));
  }
  return found;
}

const queuedMails = (to: string) => t.db.$count(emailOutbox, and(eq(emailOutbox.toAddress, to), eq(emailOutbox.subject, SUBJECT)));
const post = (who: Person, url: string, payload: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url, headers: who.headers, payload });

describe('the client is told when a ban or a deletion withdraws an offer', () => {
  it('a ban: the client with an offer from the banned contractor gets the notice and the mail, without the reason; others get nothing', async () => {
    const told = await person(t, 'client', 'Mercedes');
    const quiet = await person(t, 'client', 'Altagracia');
    const untouched = await person(t, 'client', 'Josefina');
    await saveNotificationPreferences(t.db, quiet.id, { immediate: false });
    const banned = await person(t, 'contractor', 'Nelson');
    const other = await person(t, 'contractor', 'Rafael');
    const admin = await person(t, 'sysadmin', 'Admin');

    const toldProject = await postProject(t, told, { title: 'Pintar la sala y el comedor' });
    const quietProject = await postProject(t, quiet, { title: 'Reparar el techo de la cocina' });
    const untouchedProject = await postProject(t, untouched, { title: 'Cambiar la puerta del patio' });
    const toldQuote = await postQuote(t, banned, toldProject);
    await postQuote(t, other, toldProject);
    const quietQuote = await postQuote(t, banned, quietProject);
    await postQuote(t, other, untouchedProject);

    expect((await post(admin, `/api/admin/people/${banned.id}/ban`, { reason: REASON })).statusCode).toBe(200);

    // The client who keeps immediate mail on: a notice naming the project and the contractor, and the mail.
    const [notice, ...more] = await noticesOf(told);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ projectId: toldProject, quoteId: toldQuote });
    expect(notice!.text).toContain('«Pintar la sala y el comedor»');
    expect(notice!.text).toContain('Nelson');
    expect(notice!.text).toContain('comparar las otras ofertas');
    expect(notice!.text).not.toContain(REASON);
    const mail = await t.smtp.waitFor((m) => m.to.includes(told.email) && m.subject === SUBJECT);
    expect(mail.text).toContain('Hola Mercedes');
    expect(mail.text).toContain('Pintar la sala y el comedor');
    expect(mail.text).toContain(`${t.config.appUrl}/proyectos/${toldProject}`);
    expect(mail.text).not.toContain(REASON);
    expect(mail.html).not.toContain(REASON);

    // Immediate mail off: the notice, no mail.
    expect(await noticesOf(quiet)).toEqual([expect.objectContaining({ projectId: quietProject, quoteId: quietQuote })]);
    expect(await queuedMails(quiet.email)).toBe(0);

    // A project whose offers were not from the banned contractor: nothing.
    expect(await noticesOf(untouched)).toEqual([]);
    expect(await queuedMails(untouched.email)).toBe(0);
    // The banned contractor is not told either (the console's decision, not an offer notice).
    expect(await queuedMails(banned.email)).toBe(0);
  });

  it('the ban, the withdrawal and the notice are one transaction: when the mail cannot be queued nothing changes', async () => {
    const client = await person(t, 'client', 'Marisol');
    const banned = await person(t, 'contractor', 'Eusebio');
    const admin = await person(t, 'sysadmin', 'Admin');
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, banned, projectId);
    await t.db.execute(sql`CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'outbox refuses'; END $$`);
    await t.db.execute(sql`CREATE TRIGGER refuse_mail BEFORE INSERT ON email_outbox FOR EACH ROW EXECUTE FUNCTION refuse_mail()`);
    try {
      expect((await post(admin, `/api/admin/people/${banned.id}/ban`, { reason: REASON })).statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_mail ON email_outbox`);
      await t.db.execute(sql`DROP FUNCTION refuse_mail()`);
    }
    const [user] = await t.db.select({ status: users.status }).from(users).where(eq(users.id, banned.id));
    expect(user!.status).toBe('active');
    const [quote] = await t.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, quoteId));
    expect(quote!.status).toBe('created');
    expect(await noticesOf(client)).toEqual([]);
  });

  it('one notice per withdrawn offer: a client with two projects offered on by the banned contractor hears of both', async () => {
    const client = await person(t, 'client', 'Carmen');
    const banned = await person(t, 'contractor', 'Wilfredo');
    const admin = await person(t, 'sysadmin', 'Admin');
    const first = await postProject(t, client, { title: 'Arreglar la ducha' });
    const second = await postProject(t, client, { title: 'Instalar un calentador' });
    await postQuote(t, banned, first);
    await postQuote(t, banned, second);

    expect((await post(admin, `/api/admin/people/${banned.id}/ban`, { reason: REASON })).statusCode).toBe(200);

    expect((await noticesOf(client)).map((n) => n.projectId).sort()).toEqual([first, second].sort());
    for (const title of ['Arreglar la ducha', 'Instalar un calentador']) {
      await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === SUBJECT && m.text.includes(title));
    }
    expect(await queuedMails(client.email)).toBe(2);
  });

  it('a deleted account: the client is told of "un contratista", never the deleted person’s name', async () => {
    const client = await person(t, 'client', 'Rosario');
    const quiet = await person(t, 'client', 'Dulce');
    await saveNotificationPreferences(t.db, quiet.id, { immediate: false });
    const bystander = await person(t, 'client', 'Ana');
    const leaving = await person(t, 'contractor', 'Wilson');
    const other = await person(t, 'contractor', 'Pedro');
    const projectId = await postProject(t, client, { title: 'Cambiar los gabinetes' });
    const quietProject = await postProject(t, quiet);
    const bystanderProject = await postProject(t, bystander);
    const quoteId = await postQuote(t, leaving, projectId);
    await postQuote(t, leaving, quietProject);
    await postQuote(t, other, bystanderProject);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: leaving.headers, payload: { password: leaving.password } });
    expect(del.statusCode).toBe(200);

    const [notice, ...more] = await noticesOf(client);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ projectId, quoteId });
    expect(notice!.text).toContain('La oferta de un contratista para «Cambiar los gabinetes» ya no está disponible.');
    expect(notice!.text).not.toContain('Wilson');
    const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === SUBJECT);
    expect(mail.text).toContain('un contratista');
    expect(mail.text).not.toContain('Wilson');
    expect(mail.text).not.toContain('Almonte');

    expect(await noticesOf(quiet)).toHaveLength(1);
    expect(await queuedMails(quiet.email)).toBe(0);
    expect(await noticesOf(bystander)).toEqual([]);
    expect(await queuedMails(bystander.email)).toBe(0);
  });
});

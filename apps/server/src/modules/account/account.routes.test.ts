import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authAccounts,
  clientProfiles,
  conversations,
  favourites,
  messages,
  notificationPreferences,
  paymentMethods,
  projects,
  quotes,
  reviews,
  sessions,
  users,
} from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn, type TestUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const del = (cookie: string, password: string) => t.app.inject({ method: 'DELETE', url: '/api/account', headers: asBrowser(cookie), payload: { password } });

/** A client with a finished project reviewed by both sides, a chat, an open request with a quote, a card and a favourite. */
async function clientWithHistory(): Promise<{ client: TestUser; contractor: TestUser; done: string; open: string; conversation: string }> {
  const client = await createUser(t.db, { role: 'client' });
  const contractor = await createUser(t.db, { role: 'contractor', firstName: 'Ramón' });
  const base = {
    clientId: client.id,
    title: 'Pintar la sala',
    description: 'Dos paredes.',
    propertyType: 'casa' as const,
    serviceTypes: ['pintura' as const],
    startDate: '2026-12-01',
  };
  const [done] = await t.db
    .insert(projects)
    .values({ ...base, status: 'completado', contractorId: contractor.id })
    .returning();
  const [open] = await t.db
    .insert(projects)
    .values({ ...base, title: 'Cambiar grifo' })
    .returning();
  await t.db.insert(quotes).values({ projectId: open!.id, contractorId: contractor.id, priceMinor: 250_000, description: 'Incluye el grifo.' });
  await t.db.insert(reviews).values([
    {
      projectId: done!.id,
      authorId: client.id,
      subjectId: contractor.id,
      direction: 'client_to_contractor',
      rating: 5,
      title: 'Excelente',
      comments: 'Muy limpio.',
      status: 'approved',
    },
    {
      projectId: done!.id,
      authorId: contractor.id,
      subjectId: client.id,
      direction: 'contractor_to_client',
      rating: 5,
      title: 'Buen cliente',
      comments: 'Pagó a tiempo.',
      status: 'approved',
    },
  ]);
  const [conv] = await t.db.insert(conversations).values({ clientId: client.id, contractorId: contractor.id, projectId: done!.id }).returning();
  await t.db.insert(messages).values([
    { conversationId: conv!.id, senderId: client.id, body: '¿Puede venir el lunes?' },
    { conversationId: conv!.id, senderId: contractor.id, body: 'Sí, a las 9.' },
  ]);
  await t.db.insert(paymentMethods).values({ userId: client.id, processor: 'sandbox', processorToken: 'tok_123', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
  await t.db.insert(favourites).values({ clientId: client.id, contractorId: contractor.id });
  return { client, contractor, done: done!.id, open: open!.id, conversation: conv!.id };
}

describe('DELETE /api/account', () => {
  it('removes the person and their own data, keeps what others rely on, anonymised', async () => {
    const { client, contractor, done, open, conversation } = await clientWithHistory();
    const cookie = await signIn(t, client);
    const res = await del(cookie, client.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Cuenta eliminada con éxito.');

    const row = await t.db.query.users.findFirst({ where: eq(users.id, client.id) });
    expect(row).toMatchObject({ status: 'deleted', firstName: 'Usuario', lastName: 'eliminado', phone: null });
    expect(row!.email).not.toBe(client.email);
    for (const table of [clientProfiles, notificationPreferences] as const) expect(await t.db.$count(table, eq(table.userId, client.id))).toBe(0);
    expect(await t.db.$count(paymentMethods, eq(paymentMethods.userId, client.id))).toBe(0);
    expect(await t.db.$count(favourites, eq(favourites.clientId, client.id))).toBe(0);
    expect(await t.db.$count(sessions, eq(sessions.userId, client.id))).toBe(0);
    expect(await t.db.$count(authAccounts, eq(authAccounts.userId, client.id))).toBe(0);

    // The contractor's history is intact: the finished project, both reviews, the chat.
    expect((await t.db.query.projects.findFirst({ where: eq(projects.id, done) }))!.status).toBe('completado');
    expect(await t.db.$count(reviews, eq(reviews.projectId, done))).toBe(2);
    expect(await t.db.$count(messages, eq(messages.conversationId, conversation))).toBe(2);
    // The open request is cancelled, and the contractor's offer on it withdrawn (issue 29: a deleted client hires nobody).
    expect((await t.db.query.projects.findFirst({ where: eq(projects.id, open) }))!.status).toBe('cancelled');
    expect((await t.db.query.quotes.findFirst({ where: eq(quotes.projectId, open) }))!.status).toBe('withdrawn');
    // The contractor can still sign in and is untouched.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: contractor.email, password: contractor.password } })).statusCode).toBe(200);
  });

  it('refuses the session cookie of the deleted account, and its sign-in', async () => {
    const user = await createUser(t.db, { role: 'contractor' });
    const cookie = await signIn(t, user);
    const other = await signIn(t, user); // a second device
    expect((await del(cookie, user.password)).statusCode).toBe(200);
    for (const c of [cookie, other]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: c } })).json().user).toBeNull();
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/change-password',
            headers: asBrowser(c),
            payload: { currentPassword: user.password, newPassword: 'Nueva-Clave-2026!', confirmPassword: 'Nueva-Clave-2026!' },
          })
        ).statusCode,
      ).toBe(401);
    }
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password: user.password } });
    expect(again.statusCode).toBe(401);
  });

  it('asks for the password', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t, user);
    const res = await del(cookie, 'no-es-la-clave');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.password).toBe('La contraseña no es correcta.');
    expect((await t.db.query.users.findFirst({ where: eq(users.id, user.id) }))!.status).toBe('active');
  });

  it('refuses while work is in progress, and changes nothing', async () => {
    const { client, contractor, done } = await clientWithHistory();
    await t.db.update(projects).set({ status: 'in_progress' }).where(eq(projects.id, done));
    for (const person of [client, contractor]) {
      const res = await del(await signIn(t, person), person.password);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('ACCOUNT_HAS_ACTIVE_WORK');
      expect((await t.db.query.users.findFirst({ where: eq(users.id, person.id) }))!.status).toBe('active');
    }
    expect(await t.db.$count(paymentMethods, eq(paymentMethods.userId, client.id))).toBe(1);
  });

  it('lets a person delete only their own account', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db, { password: 'Clave-Propia-De-B-9' });
    // There is no way to name another account: the route acts on the session's owner.
    expect((await del(await signIn(t, a), b.password)).statusCode).toBe(400);
    expect((await t.db.query.users.findFirst({ where: eq(users.id, b.id) }))!.status).toBe('active');
  });
});

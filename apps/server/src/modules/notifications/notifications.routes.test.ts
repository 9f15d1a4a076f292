import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, newsletterSubscriptions, notificationPreferences } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn, type TestUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { getNotificationPreferences, wantsMail } from './notification-preferences.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ALL_OFF = { immediate: false, newsletter: false, matches: false, specialOffers: false };
const put = (cookie: string, payload: object) => t.app.inject({ method: 'PUT', url: '/api/me/notifications', headers: asBrowser(cookie), payload });
const get = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me/notifications', headers: { cookie } });

async function subscription(email: string) {
  return t.db.query.newsletterSubscriptions.findFirst({ where: sql`lower(${newsletterSubscriptions.email}) = ${email.toLowerCase()}` });
}
const welcomeMails = (email: string) => t.db.$count(emailOutbox, and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'newsletter-welcome')));

async function person(role: 'client' | 'contractor' = 'client'): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(t.db, { role });
  return { user, cookie: await signIn(t, user) };
}

describe('GET/PUT /api/me/notifications', () => {
  it('starts from the table defaults, also for someone with no saved row', async () => {
    const { user, cookie } = await person();
    await t.db.delete(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
    const res = await get(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ immediate: true, newsletter: false, matches: true, specialOffers: false });
  });

  it('saves the four flags, and wantsMail honours each of them', async () => {
    const { user, cookie } = await person('contractor');
    const res = await put(cookie, { immediate: false, newsletter: false, matches: true, specialOffers: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Registro actualizado con éxito.', preferences: { immediate: false, newsletter: false, matches: true, specialOffers: true } });
    expect((await get(cookie)).json()).toEqual({ immediate: false, newsletter: false, matches: true, specialOffers: true });
    expect(await wantsMail(t.db, user.id, 'immediate')).toBe(false);
    expect(await wantsMail(t.db, user.id, 'matches')).toBe(true);
    expect(await wantsMail(t.db, user.id, 'specialOffers')).toBe(true);
    expect(await wantsMail(t.db, user.id, 'newsletter')).toBe(false);

    await put(cookie, { ...ALL_OFF, immediate: true });
    expect(await wantsMail(t.db, user.id, 'immediate')).toBe(true);
    expect(await wantsMail(t.db, user.id, 'matches')).toBe(false);
  });

  it('refuses anything but four booleans, in Spanish', async () => {
    const { cookie } = await person();
    const res = await put(cookie, { immediate: 'sí', newsletter: false, matches: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ immediate: 'Valor inválido.', specialOffers: 'Valor inválido.' });
  });

  it('is only for the signed-in person', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/notifications' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'PUT', url: '/api/me/notifications', headers: { 'x-requested-with': 'arreglaya' }, payload: ALL_OFF });
    expect(res.statusCode).toBe(401);
    // One person's change leaves another's untouched.
    const a = await person();
    const b = await person();
    await put(a.cookie, ALL_OFF);
    expect(await getNotificationPreferences(t.db, b.user.id)).toEqual({ immediate: true, newsletter: false, matches: true, specialOffers: false });
  });
});

describe('the newsletter flag is the newsletter subscription', () => {
  it('turning it on subscribes the account e-mail (one welcome mail); off unsubscribes it', async () => {
    const { user, cookie } = await person();
    await put(cookie, { ...ALL_OFF, newsletter: true });
    expect(await subscription(user.email)).toMatchObject({ status: 'active', userId: user.id });
    expect(await welcomeMails(user.email)).toBe(1);
    // Saving again with it still on sends nothing more.
    await put(cookie, { ...ALL_OFF, newsletter: true, matches: true });
    expect(await welcomeMails(user.email)).toBe(1);

    await put(cookie, ALL_OFF);
    expect((await subscription(user.email))!.status).toBe('unsubscribed');
    expect(await wantsMail(t.db, user.id, 'newsletter')).toBe(false);
  });

  it('the unsubscribe link in a newsletter (the button of its page) turns the flag off', async () => {
    const { user, cookie } = await person();
    await put(cookie, { ...ALL_OFF, newsletter: true });
    const { unsubscribeToken } = (await subscription(user.email))!;
    const res = await t.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe?token=${unsubscribeToken}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect((await get(cookie)).json().newsletter).toBe(false);
    expect((await subscription(user.email))!.status).toBe('unsubscribed');
  });

  it('subscribing the account e-mail from the footer turns the flag on', async () => {
    const { user, cookie } = await person();
    expect((await get(cookie)).json().newsletter).toBe(false);
    const res = await t.app.inject({ method: 'POST', url: '/api/newsletter', headers: { 'x-requested-with': 'arreglaya' }, payload: { email: user.email.toUpperCase() } });
    expect(res.statusCode).toBe(201);
    expect((await get(cookie)).json().newsletter).toBe(true);
  });
});

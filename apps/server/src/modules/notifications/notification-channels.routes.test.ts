import { es } from '@arreglaya/shared/i18n/es';
import type { OutsideChannel } from '@arreglaya/shared/notification-channels';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asBrowser, createUser, signIn } from '../../../test/support/factories.ts';
import { person, postProject, postQuote } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { emailOutbox, notificationDeliveries } from '../../db/schema/index.ts';
import type { ChannelMessage, ChannelSender, SendResult } from './channel-sender.ts';

// The person's channels per type (GET/PUT /api/me/notification-channels), the one-tap unsubscribe
// link, the console's deliveries of a person, and a notice reaching an outside channel (decision 038).

/** A test double of a ChannelSender (no real channel): reaches who the test says, records what it sends. */
class RecordingSender implements ChannelSender {
  readonly sent: ChannelMessage[] = [];
  readonly reachableIds = new Set<string>();
  constructor(readonly channel: OutsideChannel) {}
  reachable(_db: unknown, userId: string): Promise<boolean> {
    return Promise.resolve(this.reachableIds.has(userId));
  }
  send(_db: unknown, message: ChannelMessage): Promise<SendResult> {
    this.sent.push(message);
    return Promise.resolve({ state: 'sent', providerMessageId: `push-${this.sent.length}` });
  }
}

const push = new RecordingSender('push');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { channelSenders: [push] });
});
afterAll(() => t.close());

const get = (headers: Record<string, string>, url = '/api/me/notification-channels') => t.app.inject({ method: 'GET', url, headers });
const put = (headers: Record<string, string>, payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/me/notification-channels', headers, payload: payload as object });
const all = (on: boolean) => ({ push: on, whatsapp: on, sms: on });

describe('GET and PUT /api/me/notification-channels', () => {
  it('starts from the defaults: work and money on every channel, special offers off, quiet hours on; reachable as the senders say', async () => {
    const ana = await person(t, 'client', 'Ana');
    push.reachableIds.add(ana.id);
    const res = await get(ana.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ choices: Record<string, Record<string, boolean>>; quietHours: boolean; reachable: Record<string, boolean> }>();
    expect(body.choices.newOffer).toEqual(all(true));
    expect(body.choices.payoutSent).toEqual(all(true));
    expect(body.choices.newMatchingProject).toEqual(all(true));
    expect(body.choices.specialOffer).toEqual(all(false));
    expect(body.quietHours).toBe(true);
    // Push has a sender that reaches Ana; WhatsApp and SMS have none registered yet.
    expect(body.reachable).toEqual({ push: true, whatsapp: false, sms: false });
  });

  it('saves one person’s choices and quiet hours, and only theirs', async () => {
    const beto = await person(t, 'contractor', 'Beto');
    const carla = await person(t, 'contractor', 'Carla');
    const res = await put(beto.headers, { choices: { newOffer: { push: false, whatsapp: true, sms: false }, specialOffer: all(true) }, quietHours: false });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string }>().message).toBe(es.success.recordUpdated);
    const saved = (await get(beto.headers)).json<{ choices: Record<string, Record<string, boolean>>; quietHours: boolean }>();
    expect(saved.choices.newOffer).toEqual({ push: false, whatsapp: true, sms: false });
    expect(saved.choices.specialOffer).toEqual(all(true));
    expect(saved.choices.delivered).toEqual(all(true));
    expect(saved.quietHours).toBe(false);
    const other = (await get(carla.headers)).json<{ choices: Record<string, Record<string, boolean>>; quietHours: boolean }>();
    expect(other.choices.newOffer).toEqual(all(true));
    expect(other.quietHours).toBe(true);
    // There is no way to name another person: an extra field is refused, and nothing of Carla's changes.
    const sneaky = await put(beto.headers, { userId: carla.id, choices: { newOffer: all(false) }, quietHours: true });
    expect(sneaky.statusCode).toBe(400);
    expect((await get(carla.headers)).json<{ choices: Record<string, Record<string, boolean>> }>().choices.newOffer).toEqual(all(true));
  });

  it('refuses bad input with a Spanish 400 and a signed-out request with 401', async () => {
    const dora = await person(t, 'client', 'Dora');
    const unknownType = await put(dora.headers, { choices: { newPizza: all(true) }, quietHours: true });
    expect(unknownType.statusCode).toBe(400);
    expect(JSON.stringify(unknownType.json())).toContain('Ese tipo de aviso no existe.');
    const unknownChannel = await put(dora.headers, { choices: { newOffer: { ...all(true), paloma: true } }, quietHours: true });
    expect(unknownChannel.statusCode).toBe(400);
    expect(JSON.stringify(unknownChannel.json())).toContain('Ese canal no existe.');
    const notBoolean = await put(dora.headers, { choices: { newOffer: { push: 'sí', whatsapp: true, sms: true } }, quietHours: true });
    expect(notBoolean.statusCode).toBe(400);
    expect(JSON.stringify(notBoolean.json())).toContain('Valor inválido.');
    expect((await get(dora.headers)).json<{ choices: Record<string, Record<string, boolean>> }>().choices.newOffer).toEqual(all(true));
    expect((await get({})).statusCode).toBe(401);
    expect((await put({ 'x-requested-with': 'arreglaya', origin: t.config.appUrl }, { choices: {}, quietHours: true })).statusCode).toBe(401);
  });
});

describe('the unsubscribe link (issue 48, item 6: HEAD and GET never change anything)', () => {
  type Choices = Record<string, Record<string, boolean>>;
  const choicesOf = async (who: { headers: Record<string, string> }) => (await get(who.headers)).json<{ choices: Choices }>().choices;
  const mailFlags = async (who: { headers: Record<string, string> }) => (await get(who.headers, '/api/me/notifications')).json<Record<string, boolean>>();
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('GET shows a Spanish page whose button POSTs; neither GET nor HEAD (a mail scanner) turns anything off', async () => {
    const eva = await person(t, 'client', 'Eva');
    const link = t.app.notifications.unsubscribeUrl(eva.id, 'email')!;
    const path = link.slice(t.config.appUrl.length);
    const before = await mailFlags(eva);
    expect(before).toMatchObject({ immediate: true, matches: true });

    const head = await t.app.inject({ method: 'HEAD', url: path });
    expect(head.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toContain('no-store');
    expect(page.body).toContain('¿Dejar de recibir avisos por correo?');
    // A plain form (no script) posting the same link.
    expect(page.body).toContain(`<form method="post" action="${path.replace(/&/g, '&amp;')}">`);
    expect(page.body).toContain('<button type="submit">Darme de baja</button>');
    expect(page.body).not.toContain('<script');
    expect(await mailFlags(eva)).toEqual(before);
  });

  it("the page's button (a POST from our own page) turns the channel off and answers a page", async () => {
    const eva = await person(t, 'client', 'Eva');
    const fidel = await person(t, 'client', 'Fidel');
    const path = t.app.notifications.unsubscribeUrl(eva.id, 'push')!.slice(t.config.appUrl.length);
    await t.app.inject({ method: 'GET', url: path });
    expect((await choicesOf(eva)).newOffer!.push).toBe(true);

    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { ...form, origin: 'http://localhost', accept: 'text/html', cookie: fidel.headers.cookie! },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Desactivamos los avisos por notificación push.');
    const { specialOffer, ...work } = await choicesOf(eva);
    for (const channels of Object.values(work)) expect(channels).toEqual({ push: false, whatsapp: true, sms: true });
    expect(specialOffer).toEqual(all(false));
    // The session cookie the browser sent is no credential: Fidel keeps his.
    expect((await choicesOf(fidel)).newOffer!.push).toBe(true);
  });

  it('RFC 8058 one-click (a mail client’s POST, no Origin) turns the e-mail off; another site cannot post it', async () => {
    const eva = await person(t, 'client', 'Eva');
    const path = t.app.notifications.unsubscribeUrl(eva.id, 'email')!.slice(t.config.appUrl.length);
    const foreign = await t.app.inject({ method: 'POST', url: path, headers: { ...form, origin: 'http://evil.example' }, payload: 'List-Unsubscribe=One-Click' });
    expect(foreign.statusCode).toBe(403);
    expect(await mailFlags(eva)).toMatchObject({ immediate: true, matches: true });

    const oneClick = await t.app.inject({ method: 'POST', url: path, headers: form, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(204);
    expect(await mailFlags(eva)).toMatchObject({ immediate: false, matches: false, specialOffers: false });
  });

  it('a tampered or borrowed link changes nothing, by GET or POST', async () => {
    const eva = await person(t, 'client', 'Eva');
    const fidel = await person(t, 'client', 'Fidel');
    const path = t.app.notifications.unsubscribeUrl(eva.id, 'push')!.slice(t.config.appUrl.length);
    for (const url of [path.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), path.replace(eva.id, fidel.id), '/api/notifications/unsubscribe?u=x']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('Este enlace para darte de baja no es válido');
      expect(page.body).not.toContain('<form');
      const post = await t.app.inject({ method: 'POST', url, headers: { ...form, accept: 'text/html' }, payload: '' });
      expect(post.statusCode).toBe(400);
      expect(post.body).toContain('Este enlace para darte de baja no es válido');
      const oneClick = await t.app.inject({ method: 'POST', url, headers: form, payload: 'List-Unsubscribe=One-Click' });
      expect(oneClick.statusCode).toBe(400);
      expect(oneClick.json<{ error: { message: string } }>().error.message).toBe('Este enlace para darte de baja no es válido o está incompleto.');
    }
    expect((await choicesOf(eva)).newOffer!.push).toBe(true);
    expect((await choicesOf(fidel)).newOffer!.push).toBe(true);
  });

  it('the mails with an unsubscribe link carry it as List-Unsubscribe with List-Unsubscribe-Post (one-click)', async () => {
    const client = await person(t, 'client', 'Gabriela');
    const contractor = await person(t, 'contractor', 'Ismael');
    await postQuote(t, contractor, await postProject(t, client));
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, client.email), eq(emailOutbox.template, 'project-notification')));
    const link = t.app.notifications.unsubscribeUrl(client.id, 'email')!;
    expect(mail!.textBody).toContain(link);
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    // The newsletter's welcome, with its own link.
    expect((await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'boletin.cabeceras@correo.do' } })).statusCode).toBe(201);
    const [welcome] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'boletin.cabeceras@correo.do'));
    const newsletterLink = /https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=\S+/.exec(welcome!.textBody)![0];
    expect(welcome!.headers).toEqual({ 'List-Unsubscribe': `<${newsletterLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });
});

describe('a notice on an outside channel, and the console’s list', () => {
  it('queues the client’s new offer on push in the offer’s transaction, sends it, and shows it to a sysadmin only', async () => {
    const client = await person(t, 'client', 'Gloria');
    const contractor = await person(t, 'contractor', 'Héctor');
    push.reachableIds.add(client.id);
    // At any hour: with quiet hours on (the default), from 22:00 to 07:00 in the Dominican
    // Republic a new offer waits for the morning (their own test is notification-dispatch.test.ts).
    expect((await put(client.headers, { choices: {}, quietHours: false })).statusCode).toBe(200);
    const projectId = await postProject(t, client);
    await postQuote(t, contractor, projectId);
    // The commit's kick wakes the delivery job: the message reaches the sender.
    for (let i = 0; i < 200 && !push.sent.some((m) => m.userId === client.id); i++) await new Promise((r) => setTimeout(r, 50));
    const message = push.sent.find((m) => m.userId === client.id);
    // It names the project (issue 55).
    expect(message).toMatchObject({ type: 'newOffer', title: 'ArreglaYa: «Cambiar tubería del baño»', url: `${t.config.appUrl}/proyectos/${projectId}` });
    for (let i = 0; i < 100; i++) {
      const [row] = await t.db.select({ state: notificationDeliveries.state }).from(notificationDeliveries).where(eq(notificationDeliveries.userId, client.id));
      if (row?.state === 'sent') break;
      await new Promise((r) => setTimeout(r, 50));
    }

    const admin = await createUser(t.db, { role: 'sysadmin', firstName: 'Jefa' });
    const adminCookie = await signIn(t, admin);
    const url = `/api/admin/people/${client.id}/deliveries?limit=1`;
    const seen = await t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ items: [{ type: 'newOffer', channel: 'push', state: 'sent', reason: null, attempts: 1 }], hasMore: false });
    expect((await t.app.inject({ method: 'GET', url, headers: client.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: contractor.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: `/api/admin/people/${client.id}/deliveries?limit=0`, headers: asBrowser(adminCookie) });
    expect(bad.statusCode).toBe(400);
  });
});

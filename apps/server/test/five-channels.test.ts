import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTemplate, WHATSAPP_TEMPLATES } from '@arreglaya/shared/i18n/messaging';
import { notificationChannels as tn } from '@arreglaya/shared/i18n/notification-channels';
import { projectMail as tm, projectsWeb } from '@arreglaya/shared/i18n/projects';
import { ZONE_LABELS } from '@arreglaya/shared/countries';
import { formatMoney } from '@arreglaya/shared/format-money';
import { notificationDeliveries, phoneNumbers, users } from '../src/db/schema/index.ts';
import { RETRY_DELAYS_MS } from '../src/modules/notifications/notification-dispatch.ts';
import { SANDBOX_NUMBERS } from '../src/modules/messaging/sandbox-numbers.ts';
import { createUser, signIn } from './support/factories.ts';
import { CARDS, fund, tokenize } from './support/payment-factories.ts';
import { person, postProject, postQuote, projectForm, type Person } from './support/project-factories.ts';
import { startPushReceiver, type BrowserSubscription, type PushReceiver } from './support/push-receiver.ts';
import { freshNumber, lastPhoneCode, pastResendWait, phoneOutbox } from './support/phone-outbox.ts';
import { createTestAppWithMail, type MailTestApp } from './support/test-app.ts';

// Issue 32's acceptance test: one offer told to its client on all five channels (in the app, by
// e-mail, Web Push, WhatsApp and SMS) through the real app's wiring (app.ts registers the real
// senders with the dispatcher; the WhatsApp and SMS stand-ins call the status webhooks back into
// the dispatcher's store), as the client and the console would see it.

let t: MailTestApp;
let receiver: PushReceiver;
let adminCookie: string;
beforeAll(async () => {
  receiver = await startPushReceiver();
  t = await createTestAppWithMail({ PUSH_TEST_SERVICE: receiver.url });
  const admin = await createUser(t.db, { role: 'sysadmin', firstName: 'Jefa' });
  adminCookie = await signIn(t, admin);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const PRICE_MINOR = 1_250_000;

// The stand-ins' outbox (support/phone-outbox.ts), read through this file's app.
const outbox = (number: string) => phoneOutbox(t, number);
const lastCode = (number: string) => lastPhoneCode(t, number);

/** Verifies the number for the channel through the API, with the code the stand-in delivered. */
async function verifyPhone(who: Person, number: string, channel: 'whatsapp' | 'sms') {
  // The minute between codes has passed (a second channel asks for a second code).
  await pastResendWait(t, who.id);
  const sent = await t.app.inject({ method: 'POST', url: '/api/me/phone', headers: who.headers, payload: { number, channel } });
  expect(sent.statusCode, sent.body).toBe(200);
  const [delivered] = await outbox(number);
  expect(delivered!.channel).toBe(channel);
  const ok = await t.app.inject({ method: 'POST', url: '/api/me/phone/verify', headers: who.headers, payload: { code: await lastCode(number) } });
  expect(ok.statusCode, ok.body).toBe(200);
  return ok.json().phone as { number: string | null; channels: Record<'whatsapp' | 'sms', { verified: boolean; optedOut: boolean }> };
}

/** A client (or contractor) whose quiet hours are off (the test runs at any hour; quiet hours have their own tests). */
async function client(firstName: string, role: 'client' | 'contractor' = 'client'): Promise<Person> {
  const c = await person(t, role, firstName);
  const channels = await t.app.inject({ method: 'GET', url: '/api/me/notification-channels', headers: c.headers });
  const res = await t.app.inject({ method: 'PUT', url: '/api/me/notification-channels', headers: c.headers, payload: { choices: channels.json().choices, quietHours: false } });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

async function subscribe(who: Person): Promise<BrowserSubscription> {
  const device = receiver.subscribe();
  const res = await t.app.inject({ method: 'POST', url: '/api/me/push-subscriptions', headers: who.headers, payload: device });
  expect(res.statusCode, res.body).toBe(201);
  return device;
}

const nameOf = async (id: string) => {
  const [u] = await t.db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, id));
  return `${u!.first} ${u!.last}`.trim();
};
const pushesTo = (device: BrowserSubscription) => receiver.received.filter((r) => device.endpoint.endsWith(`/${r.subscription}`)).map((r) => r.payload);

/** Runs the delivery job's round until none of the person's deliveries is due any more. */
async function deliverAll(userId: string) {
  for (let i = 0; i < 100; i++) {
    await t.app.notifications.deliver();
    const due = await t.db
      .select({ id: notificationDeliveries.id, next: notificationDeliveries.nextAttemptAt, lease: notificationDeliveries.leaseUntil })
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.state, 'queued')));
    if (due.every((d) => d.next > new Date() && d.lease === null)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await t.app.messaging.standIns.settled();
}

interface ConsoleDelivery {
  id: string;
  type: string;
  channel: string;
  state: string;
  reason: string | null;
  attempts: number;
}
async function consoleDeliveries(userId: string): Promise<ConsoleDelivery[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/people/${userId}/deliveries?limit=50`, headers: { cookie: adminCookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

describe('one offer, told on all five channels', () => {
  const number = freshNumber();
  let yolanda: Person;
  let device: BrowserSubscription;
  let projectId: string;
  let title: string;
  let projectUrl: string;
  let quoteId: string;
  let contractorPerson: Person;

  it('reaches the client in the app, by e-mail, by push, by WhatsApp and by SMS; the console sees the providers’ word', async () => {
    yolanda = await client('Yolanda');
    device = await subscribe(yolanda);
    await verifyPhone(yolanda, number, 'whatsapp');
    // One number holds both channels: the second verification keeps the first.
    const phone = await verifyPhone(yolanda, number, 'sms');
    expect(phone).toMatchObject({ number, channels: { whatsapp: { verified: true, optedOut: false }, sms: { verified: true, optedOut: false } } });

    title = 'Cambiar la llave del fregadero';
    projectId = await postProject(t, yolanda, projectForm({ title }));
    projectUrl = `${t.config.appUrl}/proyectos/${projectId}`;
    const ramon = await person(t, 'contractor', 'Ramón');
    const contractor = await nameOf(ramon.id);
    const price = formatMoney(PRICE_MINOR, 'DOP');
    quoteId = await postQuote(t, ramon, projectId, { priceMinor: PRICE_MINOR });
    contractorPerson = ramon;

    // In the app.
    const notices = await t.app.inject({ method: 'GET', url: '/api/me/notices', headers: yolanda.headers });
    expect(notices.json().items).toEqual([expect.objectContaining({ kind: 'newQuote', title: tm.newQuote.title, url: `/proyectos/${projectId}#ofertas` })]);

    // By e-mail: the new-offer mail reaches her mailbox, naming the contractor, the price and the project.
    const mail = await t.smtp.waitFor((m) => m.to.includes(yolanda.email) && m.subject === tm.newQuote.subject);
    expect(mail.text).toContain(tm.newQuote.intro(contractor, title));
    expect(mail.text).toContain(price);
    expect(mail.text).toContain(title);

    await deliverAll(yolanda.id);

    // Web Push: her device decrypts a notice that names the offer and opens the project's page.
    const pushes = pushesTo(device);
    expect(pushes).toHaveLength(1);
    const pushed = pushes[0] as { title: string; body: string; url: string };
    expect(pushed.title).toBe(tn.messageTitle('newOffer', title));
    expect(pushed.body).toContain(contractor);
    expect(pushed.body).toContain(price);
    expect(pushed.body).toContain(title);
    expect(pushed.url).toBe(projectUrl);

    // WhatsApp: the approved newOffer template with its parameters in the catalogue's order.
    const template = WHATSAPP_TEMPLATES.newOffer;
    expect(template.params).toEqual(['contractor', 'project', 'url']);
    const messages = (await outbox(number)).filter((m) => m.channel === 'whatsapp' && m.template === template.name);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.params).toEqual([contractor, title, projectUrl]);
    expect(messages[0]!.body).toBe(renderTemplate(template, [contractor, title, projectUrl]));

    // SMS: a text naming the offer, ending with the project's link.
    const texts = (await outbox(number)).filter((m) => m.channel === 'sms' && m.body.includes(projectUrl));
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body.startsWith(`${tn.messageTitle('newOffer', title)}\n`)).toBe(true);
    expect(texts[0]!.body).toContain(contractor);
    expect(texts[0]!.body.endsWith(`\n${projectUrl}`)).toBe(true);

    // The console: the three outside deliveries; WhatsApp read and SMS delivered, as the providers reported.
    const seen = await consoleDeliveries(yolanda.id);
    const byChannel = Object.fromEntries(seen.map((d) => [d.channel, d]));
    expect(seen).toHaveLength(3);
    expect(byChannel.push).toMatchObject({ type: 'newOffer', state: 'sent', attempts: 1, reason: null });
    expect(byChannel.whatsapp).toMatchObject({ type: 'newOffer', state: 'read', attempts: 1, reason: null });
    expect(byChannel.sms).toMatchObject({ type: 'newOffer', state: 'delivered', attempts: 1, reason: null });
  });

  it('the contractor answers her counter-offer: WhatsApp carries the counterOffer template with the project and its link', async () => {
    expect(yolanda, 'the first test ran').toBeDefined();
    const counter = await t.app.inject({ method: 'POST', url: `/api/quotes/${quoteId}/counter`, headers: yolanda.headers, payload: { priceMinor: 1_100_000 } });
    expect(counter.statusCode, counter.body).toBe(200);
    const answer = await t.app.inject({ method: 'POST', url: `/api/quotes/${quoteId}/counter/answer`, headers: contractorPerson.headers, payload: { accept: true } });
    expect(answer.statusCode, answer.body).toBe(200);
    await deliverAll(yolanda.id);
    const template = WHATSAPP_TEMPLATES.counterOffer;
    const messages = (await outbox(number)).filter((m) => m.channel === 'whatsapp' && m.template === template.name);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.params).toEqual([title, projectUrl]);
    expect(messages[0]!.status).not.toBe('failed');
    // Push and SMS say what happened (the notice's first line), not only its title.
    const pushed = pushesTo(device).at(-1) as { body: string };
    expect(pushed.body).toContain('aceptó');
    const seen = (await consoleDeliveries(yolanda.id)).filter((d) => d.type === 'counterOffer');
    expect(seen.map((d) => [d.channel, d.state]).sort()).toEqual([
      ['push', 'sent'],
      ['sms', 'delivered'],
      ['whatsapp', 'read'],
    ]);
  });

  it('her WhatsApp reply to the notice lands in the project’s conversation: the contractor reads it in his chat (decision 061)', async () => {
    expect(yolanda, 'the first test ran').toBeDefined();
    await t.app.messaging.standIns.whatsapp!.receive(number, 'Gracias, ¿puede venir el martes?');
    await t.app.messaging.standIns.settled();
    const list = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: contractorPerson.headers });
    const conversation = (list.json().conversations as { id: string; projectId: string | null }[]).find((c) => c.projectId === projectId);
    expect(conversation, list.body).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: `/api/conversations/${conversation!.id}/messages`, headers: contractorPerson.headers });
    const texts = (page.json().messages as { text: string; mine: boolean; type: string }[]).filter((m) => m.type === 'chat');
    expect(texts).toEqual([expect.objectContaining({ text: 'Gracias, ¿puede venir el martes?', mine: false })]);
  });

  it('STOP by WhatsApp: the next offer comes by push and SMS, not by WhatsApp', async () => {
    expect(yolanda, 'the first test ran').toBeDefined();
    await t.app.messaging.standIns.whatsapp!.receive(number, 'STOP');
    await t.app.messaging.standIns.settled();
    const phone = await t.app.inject({ method: 'GET', url: '/api/me/phone', headers: yolanda.headers });
    expect(phone.json()).toMatchObject({ channels: { whatsapp: { verified: true, optedOut: true }, sms: { verified: true, optedOut: false } } });
    const whatsappBefore = (await outbox(number)).filter((m) => m.channel === 'whatsapp' && m.template === WHATSAPP_TEMPLATES.newOffer.name).length;

    const pilar = await person(t, 'contractor', 'Pilar');
    const contractor = await nameOf(pilar.id);
    await postQuote(t, pilar, projectId, { priceMinor: 990_000 });
    await deliverAll(yolanda.id);

    const pushes = pushesTo(device) as { body: string; url: string }[];
    // The offer, the counter-offer's answer, and this offer.
    expect(pushes).toHaveLength(3);
    expect(pushes[2]!.body).toContain(contractor);
    expect(pushes[2]!.url).toBe(projectUrl);
    const sms = (await outbox(number)).filter((m) => m.channel === 'sms' && m.body.includes(contractor));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body.endsWith(`\n${projectUrl}`)).toBe(true);
    expect((await outbox(number)).filter((m) => m.channel === 'whatsapp' && m.template === WHATSAPP_TEMPLATES.newOffer.name)).toHaveLength(whatsappBefore);

    // Nothing was even queued for WhatsApp: the console lists push and SMS for the second offer.
    const seen = (await consoleDeliveries(yolanda.id)).filter((d) => d.type === 'newOffer');
    expect(seen.filter((d) => d.channel === 'whatsapp')).toHaveLength(1);
    expect(seen.filter((d) => d.channel === 'sms').map((d) => d.state)).toEqual(['delivered', 'delivered']);
    expect(seen.filter((d) => d.channel === 'push').map((d) => d.state)).toEqual(['sent', 'sent']);
  });
});

describe('contact details follow the money on WhatsApp too (issue 29)', () => {
  it("tells the contractor 'El cliente' accepted, with no name, phone or e-mail; the contact comes once the money to begin is held", async () => {
    const number = freshNumber();
    const ramon = await client('Ramón', 'contractor');
    await verifyPhone(ramon, number, 'whatsapp');
    const eufemia = await client('Eufemia');
    const phone = '+18095553412';
    await t.db.update(users).set({ lastName: 'Peralta', name: 'Eufemia Peralta', phone }).where(eq(users.id, eufemia.id));
    const title = 'Reparar la verja del patio';
    const projectId = await postProject(t, eufemia, projectForm({ title, zone: 'DN' }));
    const projectUrl = `${t.config.appUrl}/proyectos/${projectId}`;
    const quoteId = await postQuote(t, ramon, projectId, { priceMinor: PRICE_MINOR });
    // What would identify or reach her (the project's zone is public: the new-project alert names it).
    const contact = ['Eufemia', 'Peralta', phone, eufemia.email];
    const sentToRamon = async () => (await outbox(number)).map((m) => `${m.body} ${(m.params ?? []).join(' ')}`).join('\n');

    expect((await t.app.inject({ method: 'POST', url: `/api/quotes/${quoteId}/accept`, headers: eufemia.headers })).statusCode).toBe(200);
    await deliverAll(ramon.id);
    const template = WHATSAPP_TEMPLATES.offerAccepted;
    const accepted = (await outbox(number)).filter((m) => m.template === template.name);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.params).toEqual([projectsWeb.page.clientContact, title, projectUrl]);
    expect(accepted[0]!.body).toBe(renderTemplate(template, ['El cliente', title, projectUrl]));
    for (const word of contact) expect(await sentToRamon(), word).not.toContain(word);
    // Nor in the app: his notices say nothing of her yet.
    const before = JSON.stringify((await t.app.inject({ method: 'GET', url: '/api/me/notices', headers: ramon.headers })).json());
    for (const word of contact) expect(before, word).not.toContain(word);

    const paid = await fund(t, eufemia, projectId, { token: await tokenize(t, CARDS.visa) });
    expect(paid.statusCode, paid.body).toBe(200);
    await deliverAll(ramon.id);
    // WhatsApp tells him the money is held (amount, project, link)…
    const held = (await outbox(number)).filter((m) => m.template === WHATSAPP_TEMPLATES.paymentHeld.name);
    expect(held).toHaveLength(1);
    expect(held[0]!.params).toEqual([formatMoney(PRICE_MINOR, 'DOP'), title, projectUrl]);
    // …and the contact reaches him now, by mail (whatever his settings) and as a notice in the app.
    const mail = await t.smtp.waitFor((m) => m.to.includes(ramon.email) && m.subject === tm.contactShared.subject);
    expect(mail.text).toContain(tm.quoteAccepted.client('Eufemia Peralta', phone, eufemia.email));
    expect(mail.text).toContain(tm.contactShared.address(`${ZONE_LABELS.DN}, Santo Domingo`));
    const after = (await t.app.inject({ method: 'GET', url: '/api/me/notices', headers: ramon.headers })).json().items as { kind: string; title: string }[];
    expect(after).toContainEqual(expect.objectContaining({ kind: 'contactShared', title: tm.contactShared.title }));
  });
});

describe('a provider that is down', () => {
  it('retries the SMS with back-off, then stores it failed with the provider’s reason, shown in the console', async () => {
    const maria = await client('María');
    // The stand-in's "provider down" number cannot receive a code (the provider is down): it is
    // stored verified for SMS, as the messaging tests store their failing numbers.
    await t.db.insert(phoneNumbers).values({ userId: maria.id, number: SANDBOX_NUMBERS.providerDown, smsVerifiedAt: new Date() });
    const projectId = await postProject(t, maria);
    const ramon = await person(t, 'contractor', 'Ramón');
    await postQuote(t, ramon, projectId);

    const smsDelivery = async () => {
      const [d] = await t.db
        .select()
        .from(notificationDeliveries)
        .where(and(eq(notificationDeliveries.userId, maria.id), eq(notificationDeliveries.channel, 'sms')));
      return d!;
    };
    for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt++) {
      const before = Date.now();
      await deliverAll(maria.id);
      const d = await smsDelivery();
      expect(d).toMatchObject({ state: 'queued', attempts: attempt });
      expect(d.reason).toMatch(/Service Unavailable/);
      // The next attempt waits as decision 038 says: 1, 5, then 30 minutes.
      const wait = d.nextAttemptAt.getTime() - before;
      expect(wait).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[attempt - 1]! - 1000);
      expect(wait).toBeLessThanOrEqual(RETRY_DELAYS_MS[attempt - 1]! + 60_000);
      // The console shows it still queued, with the provider's reason.
      expect((await consoleDeliveries(maria.id)).find((c) => c.channel === 'sms')).toMatchObject({ state: 'queued', attempts: attempt, reason: d.reason });
      // The wait passes.
      await t.db
        .update(notificationDeliveries)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(notificationDeliveries.id, d.id));
    }
    await deliverAll(maria.id);
    const final = await smsDelivery();
    expect(final).toMatchObject({ state: 'failed', attempts: RETRY_DELAYS_MS.length + 1 });
    expect(final.reason).toMatch(/Service Unavailable/);
    expect((await consoleDeliveries(maria.id)).find((c) => c.channel === 'sms')).toMatchObject({ state: 'failed', attempts: 4, reason: final.reason });
    // Nothing reached the number.
    expect((await outbox(SANDBOX_NUMBERS.providerDown)).filter((m) => m.status !== 'failed')).toEqual([]);
  });
});

describe('a number WhatsApp cannot deliver to', () => {
  it('131026 in a later status turns WhatsApp off for the person, says why on their page and in the console; SMS goes on', async () => {
    const rosa = await client('Rosa');
    // The stand-in accepts WhatsApp to this number, then reports failed 131026 (SMS: accepted, then a carrier's 30003).
    await t.db.insert(phoneNumbers).values({ userId: rosa.id, number: SANDBOX_NUMBERS.failsAfterSending, whatsappVerifiedAt: new Date(), smsVerifiedAt: new Date() });
    const projectId = await postProject(t, rosa);
    await postQuote(t, await person(t, 'contractor', 'Ramón'), projectId);
    await deliverAll(rosa.id);

    const whatsapp = (await consoleDeliveries(rosa.id)).find((d) => d.channel === 'whatsapp');
    expect(whatsapp).toMatchObject({ state: 'failed', reason: expect.stringMatching(/^131026/) as string });
    expect(tn.admin.reasonText(whatsapp!.reason!)).toContain('no puede recibir WhatsApp');

    // Her page: WhatsApp off, with why; SMS still on (a carrier's failure is not "cannot receive").
    const phone = await t.app.inject({ method: 'GET', url: '/api/me/phone', headers: rosa.headers });
    expect(phone.json()).toMatchObject({
      number: SANDBOX_NUMBERS.failsAfterSending,
      channels: { whatsapp: { verified: false, undeliverable: true }, sms: { verified: true, undeliverable: false } },
    });
    const channels = await t.app.inject({ method: 'GET', url: '/api/me/notification-channels', headers: rosa.headers });
    expect(channels.json().reachable).toMatchObject({ whatsapp: false, sms: true });

    // The next offer: SMS is queued and sent, WhatsApp not even queued.
    await postQuote(t, await person(t, 'contractor', 'Pilar'), projectId, { priceMinor: 990_000 });
    await deliverAll(rosa.id);
    const offers = (await consoleDeliveries(rosa.id)).filter((d) => d.type === 'newOffer');
    expect(offers.filter((d) => d.channel === 'whatsapp')).toHaveLength(1);
    expect(offers.filter((d) => d.channel === 'sms')).toHaveLength(2);
  });
});

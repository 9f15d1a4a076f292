import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHATSAPP_TEMPLATES } from '@arreglaya/shared/i18n/messaging';
import { whatsappButtons as tb } from '@arreglaya/shared/i18n/whatsapp-buttons';
import { notificationDeliveries, oneTimeLinks, projects, quotes, sandboxMessages } from '../../db/schema/index.ts';
import { confirmWhatsApp, phoneOutbox, type PhoneMessage } from '../../../test/support/phone-outbox.ts';
import { person, postProject, postQuote, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { purgeNotifications } from '../notifications/notification-purge.ts';
import { recordInbound } from './sandbox-messaging.repository.ts';
import { issueButtons } from './whatsapp-buttons.ts';
import { whatsappSignature } from './webhook-signatures.ts';

// Buttons on WhatsApp notices (decision 062): the real app on a real PostgreSQL, the notices sent by
// the real dispatcher through the stand-in, the presses posted as Meta's signed webhook.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PHONE_CODES_PER_ADDRESS: '1000' });
});
afterAll(() => t.close());

const wa = () => t.app.messaging.standIns.whatsapp!;
const settled = () => t.app.messaging.standIns.settled();

/** A person with WhatsApp confirmed and quiet hours off (the test runs at any hour). */
async function onWhatsApp(role: 'client' | 'contractor', name: string): Promise<Person & { number: string }> {
  const who = await person(t, role, name);
  const channels = await t.app.inject({ method: 'GET', url: '/api/me/notification-channels', headers: who.headers });
  await t.app.inject({ method: 'PUT', url: '/api/me/notification-channels', headers: who.headers, payload: { choices: channels.json().choices, quietHours: false } });
  return { ...who, number: await confirmWhatsApp(t, who.headers) };
}

/** Sends deliveries until none is queued (the app's own job may hold some meanwhile), then waits for the stand-in's webhooks. */
async function deliverAll() {
  for (let i = 0; i < 100; i++) {
    await t.app.notifications.deliver();
    const [left] = await t.db.select({ id: notificationDeliveries.id }).from(notificationDeliveries).where(eq(notificationDeliveries.state, 'queued')).limit(1);
    if (!left) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await settled();
}

/** The newest WhatsApp message to the number that has these buttons. */
async function withButtons(number: string, titles: string[]): Promise<PhoneMessage> {
  const found = (await phoneOutbox(t, number)).find((m) => m.channel === 'whatsapp' && m.buttons.join('|') === titles.join('|'));
  if (!found) throw new Error(`no WhatsApp message with ${titles.join(', ')} to ${number}`);
  return found;
}

/** The id (or payload) the stand-in showed for a button: only the phone knows it. */
async function buttonId(messageId: string, title: string): Promise<string> {
  const [row] = await t.db.select({ buttons: sandboxMessages.buttons }).from(sandboxMessages).where(eq(sandboxMessages.id, messageId));
  return row!.buttons!.find((b) => b.title === title)!.id;
}

/** Meta's webhook for a template's quick reply pressed, signed; `wamid` is the press's own id. */
function pressWebhook(from: string, wamid: string, payload: string, text: string) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba',
        changes: [
          {
            field: 'messages',
            value: { messages: [{ from: from.slice(1), id: wamid, timestamp: String(Math.floor(Date.now() / 1000)), type: 'button', button: { payload, text } }] },
          },
        ],
      },
    ],
  });
  const headers = { 'content-type': 'application/json', 'x-hub-signature-256': whatsappSignature(t.app.messaging.secrets.whatsappAppSecret, body) };
  return t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', headers, payload: body });
}

const answers = async (number: string, text: string) => (await phoneOutbox(t, number)).filter((m) => m.body === text);
const quoteStatus = async (id: string) => (await t.db.select({ status: quotes.status }).from(quotes).where(eq(quotes.id, id)))[0]!.status;
const projectRow = async (id: string) => (await t.db.select().from(projects).where(eq(projects.id, id)))[0]!;

async function offerTo(client: Person) {
  const contractor = await onWhatsApp('contractor', 'Ramón');
  const projectId = await postProject(t, client);
  const quoteId = await postQuote(t, contractor, projectId);
  await deliverAll();
  return { contractor, projectId, quoteId };
}

describe('a new offer’s buttons', () => {
  it('outside the 24-hour window go as the template’s quick replies; Aceptar pressed 20 times at once hires once, as the client', async () => {
    const client = await onWhatsApp('client', 'Yolanda');
    const { contractor, projectId, quoteId } = await offerTo(client);
    const notice = await withButtons(client.number, ['Aceptar', 'Rechazar', 'Responder']);
    expect(notice.template).toBe(WHATSAPP_TEMPLATES.newOffer.name);

    const accept = await buttonId(notice.id, 'Aceptar');
    // What Meta knows when the phone presses: the person wrote (its window for our answers opens).
    await recordInbound(t.db, 'whatsapp', client.number, null);
    // The same press 20 times at once (Meta's retries), then 5 more presses of the same button (taps).
    const same = await Promise.all(Array.from({ length: 20 }, () => pressWebhook(client.number, 'wamid.press-accept', accept, 'Aceptar')));
    expect(same.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    await Promise.all(Array.from({ length: 5 }, (_, i) => pressWebhook(client.number, `wamid.tap-${i}-${randomBytes(4).toString('hex')}`, accept, 'Aceptar')));
    await settled();

    const project = await projectRow(projectId);
    expect(project).toMatchObject({ status: 'assigned', contractorId: contractor.id, acceptedQuoteId: quoteId });
    expect(await quoteStatus(quoteId)).toBe('accepted');
    // The client's project page shows the hire and the funding step, as after the web's own accept.
    const page = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: client.headers });
    expect(page.statusCode).toBe(200);
    expect(page.json().status).toBe('assigned');
    expect(await answers(client.number, tb.answers.accepted(`${t.config.appUrl}/proyectos/${projectId}`))).toHaveLength(1);
    expect(await answers(client.number, tb.answers.used)).toHaveLength(5);
    // The contractor is told of the hire on WhatsApp, with "Voy en camino", "Llegué" and Responder.
    await deliverAll();
    await withButtons(contractor.number, ['Voy en camino', 'Llegué', 'Responder']);
  });

  it('inside the window go as an interactive message; another number’s press does nothing; Rechazar declines; a stale Aceptar is refused', async () => {
    const client = await onWhatsApp('client', 'Yolanda');
    // The client wrote to us: Meta's window is open.
    await wa().receive(client.number, 'Hola');
    await settled();
    const { quoteId } = await offerTo(client);
    const notice = await withButtons(client.number, ['Aceptar', 'Rechazar', 'Responder']);
    expect(notice.template).toBeNull();

    const stranger = await onWhatsApp('client', 'Marta');
    expect(await wa().press(stranger.number, notice.id, 'Aceptar')).not.toBeNull();
    await settled();
    expect(await quoteStatus(quoteId)).toBe('created');
    expect(await answers(stranger.number, tb.answers.notYours)).toHaveLength(1);

    await wa().press(client.number, notice.id, 'Rechazar');
    await settled();
    expect(await quoteStatus(quoteId)).toBe('rejected');
    expect(await answers(client.number, tb.answers.declined)).toHaveLength(1);

    await wa().press(client.number, notice.id, 'Aceptar');
    await settled();
    expect(await quoteStatus(quoteId)).toBe('rejected');
    const refused = (await phoneOutbox(t, client.number)).filter((m) => m.body.startsWith(tb.answers.refused('')));
    expect(refused).toHaveLength(1);
  });

  it('Responder sends the person’s next text to that notice’s conversation', async () => {
    const client = await onWhatsApp('client', 'Yolanda');
    const { contractor, projectId } = await offerTo(client);
    const notice = await withButtons(client.number, ['Aceptar', 'Rechazar', 'Responder']);
    await wa().press(client.number, notice.id, 'Responder');
    await wa().receive(client.number, '¿Incluye los materiales?');
    await settled();
    expect(await answers(client.number, tb.answers.reply)).toHaveLength(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: contractor.headers });
    const conversation = (list.json().conversations as { id: string; projectId: string | null }[]).find((c) => c.projectId === projectId)!;
    const messages = await t.app.inject({ method: 'GET', url: `/api/conversations/${conversation.id}/messages`, headers: contractor.headers });
    expect(messages.json().messages).toEqual(expect.arrayContaining([expect.objectContaining({ text: '¿Incluye los materiales?', mine: false })]));
  });
  it('Responder sends a photo too to that notice’s conversation, not to the newest one', async () => {
    const client = await onWhatsApp('client', 'Yolanda');
    const first = await offerTo(client);
    const notice = await withButtons(client.number, ['Aceptar', 'Rechazar', 'Responder']);
    await wa().press(client.number, notice.id, 'Responder');
    // Another contractor's offer arrives after the press: the newest notice is his.
    const second = await offerTo(client);
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#e76f51' } })
      .jpeg()
      .toBuffer();
    await wa().receiveMedia(client.number, { kind: 'image', bytes: photo, mime: 'image/jpeg', caption: 'Así está la tubería' });
    await settled();
    const photosIn = async (contractor: Person, projectId: string) => {
      const list = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: contractor.headers });
      const conversation = (list.json().conversations as { id: string; projectId: string | null }[]).find((c) => c.projectId === projectId)!;
      const res = await t.app.inject({ method: 'GET', url: `/api/conversations/${conversation.id}/messages`, headers: contractor.headers });
      return (res.json().messages as { type: string; text: string }[]).filter((m) => m.type === 'image');
    };
    expect(await photosIn(first.contractor, first.projectId)).toEqual([expect.objectContaining({ text: 'Así está la tubería' })]);
    expect(await photosIn(second.contractor, second.projectId)).toEqual([]);
  });
});

describe('the contractor’s hire notice', () => {
  it('"Voy en camino" writes it in the project’s chat as the contractor; "Llegué" before the money is held is refused with the reason', async () => {
    const client = await onWhatsApp('client', 'Yolanda');
    const { contractor, projectId, quoteId } = await offerTo(client);
    expect((await t.app.inject({ method: 'POST', url: `/api/quotes/${quoteId}/accept`, headers: client.headers })).statusCode).toBe(200);
    await deliverAll();
    const notice = await withButtons(contractor.number, ['Voy en camino', 'Llegué', 'Responder']);
    await wa().press(contractor.number, notice.id, 'Voy en camino');
    await settled();
    expect(await answers(contractor.number, tb.answers.onMyWay)).toHaveLength(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/conversations', headers: client.headers });
    const conversation = (list.json().conversations as { id: string; projectId: string | null }[]).find((c) => c.projectId === projectId)!;
    const messages = await t.app.inject({ method: 'GET', url: `/api/conversations/${conversation.id}/messages`, headers: client.headers });
    expect(messages.json().messages).toEqual(expect.arrayContaining([expect.objectContaining({ text: tb.onMyWayMessage, mine: false })]));

    await wa().press(contractor.number, notice.id, 'Llegué');
    await settled();
    expect((await projectRow(projectId)).status).toBe('assigned');
    expect((await phoneOutbox(t, contractor.number)).filter((m) => m.body.startsWith(tb.answers.refused('')))).toHaveLength(1);
  });
});

describe('money never moves from the chat', () => {
  it('no button can carry an action that moves money', async () => {
    const client = await onWhatsApp('client', 'Yolanda');
    for (const action of ['approveWork', 'releasePayment', 'refund', 'cancelFundedHire'])
      await expect(
        issueButtons(t.db, [{ action: action as never, userId: client.id, deliveryId: randomUUID(), quoteId: null, projectId: null, chatPair: null }], new Date()),
      ).rejects.toThrow(/not a button action/);
  });

  it('the stand-in refuses what Meta refuses: more than 3 buttons, a title over 20 characters', async () => {
    const client = await onWhatsApp('client', 'Yolanda');
    await wa().receive(client.number, 'Hola');
    await settled();
    const messenger = t.app.messaging.messengers.whatsapp;
    const four = await messenger.sendInteractive!(
      client.number,
      'Elige',
      ['a', 'b', 'c', 'd'].map((x) => ({ id: `id-${x}`, title: x })),
    );
    expect(four).toMatchObject({ ok: false, code: 131009 });
    const long = await messenger.sendInteractive!(client.number, 'Elige', [{ id: 'id-1', title: 'Un título demasiado largo' }]);
    expect(long).toMatchObject({ ok: false, code: 131009 });
    const fine = await messenger.sendInteractive!(client.number, 'Elige', [{ id: 'id-1', title: 'Voy en camino' }]);
    expect(fine.ok).toBe(true);
    // A template's quick reply it was not approved with (arreglaya_pago_enviado has none).
    const extra = await messenger.sendTemplate(client.number, WHATSAPP_TEMPLATES.payoutSent.name, 'es', ['RD$ 1.00', 'https://x'], 'k1', ['payload']);
    expect(extra).toMatchObject({ ok: false, code: 132000 });
  });

  it('a notice about approving delivered work carries a one-time link, no button: single use, and only signed in as its person', async () => {
    const client = await onWhatsApp('client', 'Yolanda');
    const other = await person(t, 'client', 'Marta');
    const projectId = await postProject(t, client);
    const before = (await projectRow(projectId)).status;
    await t.db.transaction((tx) =>
      t.app.notifications.queue(tx, {
        userId: client.id,
        type: 'delivered',
        body: 'Ramón marcó como entregado el trabajo.',
        url: `${t.config.appUrl}/proyectos/${projectId}`,
        templateParams: ['Ramón', 'Cambiar tubería del baño', `${t.config.appUrl}/proyectos/${projectId}`],
      }),
    );
    await deliverAll();
    const [notice] = (await phoneOutbox(t, client.number)).filter((m) => m.template === WHATSAPP_TEMPLATES.delivered.name);
    expect(notice!.buttons).toEqual([]);
    const link = notice!.params![2]!;
    expect(link.startsWith(`${t.config.appUrl}/api/links/`)).toBe(true);
    expect(link).not.toContain(projectId);
    const path = link.slice(t.config.appUrl.length);

    // Without a session: the page, whose own guard asks to sign in; the link is not spent.
    const anonymous = await t.app.inject({ method: 'GET', url: path });
    expect(anonymous.statusCode).toBe(303);
    expect(anonymous.headers.location).toBe(`/proyectos/${projectId}`);
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}` })).statusCode).toBe(401);
    // Another account's session: refused, not spent.
    const wrong = await t.app.inject({ method: 'GET', url: path, headers: other.headers });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain(tb.link.otherAccount);
    // Its person, signed in: opens the page, once.
    const [opened, again] = await Promise.all([
      t.app.inject({ method: 'GET', url: path, headers: client.headers }),
      t.app.inject({ method: 'GET', url: path, headers: client.headers }),
    ]);
    expect([opened.statusCode, again.statusCode].sort()).toEqual([303, 410]);
    expect((await t.app.inject({ method: 'GET', url: path, headers: client.headers })).statusCode).toBe(410);
    const [row] = await t.db
      .select()
      .from(oneTimeLinks)
      .where(and(eq(oneTimeLinks.userId, client.id)));
    expect(row!.usedAt).not.toBeNull();
    // The project is untouched: opening the link approves nothing.
    expect((await projectRow(projectId)).status).toBe(before);
  });

  it('expired buttons and links are deleted by the daily purge; live ones stay', async () => {
    const client = await onWhatsApp('client', 'Yolanda');
    const now = new Date();
    await t.db.insert(oneTimeLinks).values([
      { tokenHash: randomBytes(32).toString('hex'), userId: client.id, path: '/proyectos', expiresAt: new Date(now.getTime() - 1000) },
      { tokenHash: randomBytes(32).toString('hex'), userId: client.id, path: '/proyectos', expiresAt: new Date(now.getTime() + 3_600_000) },
    ]);
    const purged = await purgeNotifications(t.db, now);
    expect(purged.buttonsAndLinks).toBeGreaterThanOrEqual(1);
    expect((await t.db.select().from(oneTimeLinks).where(eq(oneTimeLinks.userId, client.id))).map((l) => l.expiresAt > now)).toEqual([true]);
  });
});

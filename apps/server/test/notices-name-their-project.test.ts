import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticeKind } from '@arreglaya/shared/schemas/notifications';
import { NOTIFICATION_TYPES } from '@arreglaya/shared/notification-channels';
import { renderTemplate, WHATSAPP_TEMPLATES } from '@arreglaya/shared/i18n/messaging';
import { notificationDeliveries, phoneNumbers } from '../src/db/schema/index.ts';
import { smsText } from '../src/modules/messaging/channel-senders.ts';
import { CARDS, fund, post, setStatus, tokenize } from './support/payment-factories.ts';
import { freshNumber } from './support/phone-outbox.ts';
import { person, postProject, postQuote, type Person } from './support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from './support/test-app.ts';

// Issue 55, item 6: a client with several projects read "Nueva oferta a tu proyecto · Wilson te
// envió una oferta" and could not tell which project. Every notice names its project: in the app
// (the notice's text), in a push (its title and body), in WhatsApp (the template's parameters) and
// in an SMS (its text, whose first line is never shortened). The project's title here is longer than
// a push or an SMS has room for: those carry its start, cut at a word.

const FEED_TOKEN = 'feed-token-for-the-notice-tests-0123';
const TITLE = 'Reparar la filtración del techo de la terraza antes de la temporada de lluvias';
/** What a push title or an SMS's first line must show of TITLE at least. */
const TITLE_START = 'Reparar la filtración';

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail({ STATEMENT_FEED_TOKEN: FEED_TOKEN });
});
afterAll(() => t.close());

/** A person reachable on WhatsApp and SMS for every type, quiet hours off (the test runs at any hour). */
async function reachable(role: 'client' | 'contractor', firstName: string): Promise<Person> {
  const p = await person(t, role, firstName);
  await t.db.insert(phoneNumbers).values({ userId: p.id, number: freshNumber(), whatsappVerifiedAt: new Date(), smsVerifiedAt: new Date() });
  const all = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, { push: true, whatsapp: true, sms: true }]));
  const res = await t.app.inject({ method: 'PUT', url: '/api/me/notification-channels', headers: p.headers, payload: { choices: all, quietHours: false } });
  expect(res.statusCode, res.body).toBe(200);
  return p;
}

interface InApp {
  kind: NoticeKind | null;
  title: string;
  text: string;
}
async function noticesOf(who: Person): Promise<InApp[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/me/notices?limit=50', headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

async function deliveriesOf(who: Person) {
  return t.db
    .select({
      type: notificationDeliveries.type,
      channel: notificationDeliveries.channel,
      title: notificationDeliveries.title,
      body: notificationDeliveries.body,
      url: notificationDeliveries.url,
      templateParams: notificationDeliveries.templateParams,
    })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.userId, who.id), inArray(notificationDeliveries.channel, ['whatsapp', 'sms'])));
}

const seen = new Set<string>();

/** Every notice and every outside delivery of the person names the project. */
async function expectEveryNoticeNamesTheProject(who: Person) {
  const notices = await noticesOf(who);
  expect(notices.length).toBeGreaterThan(0);
  for (const n of notices) {
    seen.add(`in-app:${n.kind}`);
    expect(n.text, `${n.kind}: ${n.title} · ${n.text}`).toContain(`«${TITLE}»`);
  }
  const deliveries = await deliveriesOf(who);
  for (const d of deliveries) {
    const what = `${d.type} on ${d.channel}`;
    seen.add(`${d.channel}:${d.type}`);
    if (d.channel === 'whatsapp') {
      // The template's parameters hold the whole title, in the template's own order.
      const template = WHATSAPP_TEMPLATES[d.type as keyof typeof WHATSAPP_TEMPLATES];
      expect(d.templateParams, what).toHaveLength(template.params.length);
      expect(d.templateParams[template.params.indexOf('project')], what).toBe(TITLE);
      expect(renderTemplate(template, d.templateParams), what).toContain(`«${TITLE}»`);
    } else {
      // A push shows its title and body; an SMS is title, body (shortened if need be) and link.
      const push = { title: d.title, body: d.body };
      expect(push.title, what).toContain(TITLE_START);
      expect(push.title.length, what).toBeLessThanOrEqual(90);
      expect(smsText(d.title, d.body, d.url).split('\n')[0], what).toContain(TITLE_START);
    }
  }
  return { notices, deliveries };
}

describe('every notice names its project (issue 55, item 6)', () => {
  it('from the first offer to the approved job, for the client and each contractor', async () => {
    const client = await reachable('client', 'Yolanda');
    const ramon = await reachable('contractor', 'Ramón');
    const wilson = await reachable('contractor', 'Wilson');
    const projectId = await postProject(t, client, { title: TITLE });
    const ramonsQuote = await postQuote(t, ramon, projectId);
    const wilsonsQuote = await postQuote(t, wilson, projectId, { priceMinor: 1_500_000 });
    expect((await post(t, client, `/api/quotes/${wilsonsQuote}/counter`, { priceMinor: 1_300_000 })).statusCode).toBe(200);
    expect((await post(t, wilson, `/api/quotes/${wilsonsQuote}/counter/answer`, { accept: true })).statusCode).toBe(200);
    expect((await post(t, client, `/api/quotes/${ramonsQuote}/accept`)).statusCode).toBe(200);
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
    expect((await setStatus(t, ramon, projectId, 'in_progress')).statusCode).toBe(200);
    expect((await setStatus(t, ramon, projectId, 'delivered', 'Listo, sin goteras.')).statusCode).toBe(200);
    expect((await setStatus(t, client, projectId, 'completado')).statusCode).toBe(200);

    const yolanda = await expectEveryNoticeNamesTheProject(client);
    // The walk's notice: which project Wilson's offer is for.
    expect(yolanda.notices.filter((n) => n.kind === 'newQuote')).toHaveLength(2);
    await expectEveryNoticeNamesTheProject(ramon);
    await expectEveryNoticeNamesTheProject(wilson);
  });

  it('how to pay by transfer, and a transfer that came in short', async () => {
    const client = await reachable('client', 'Yolanda');
    const ramon = await reachable('contractor', 'Ramón');
    const projectId = await postProject(t, client, { title: TITLE });
    const quoteId = await postQuote(t, ramon, projectId);
    expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
    const opened = await fund(t, client, projectId, { rail: 'transfer' });
    expect(opened.statusCode, opened.body).toBe(202);
    const reference: string = opened.json().pending.transfer.reference;
    const lines = [
      {
        bankTxId: `BPD-notices-${Date.now()}`,
        bookedOn: '2026-12-06',
        amount: '5000.00',
        currency: 'DOP',
        direction: 'credit',
        description: `TRANSF ${reference} YOLANDA PEREZ`,
        payerName: 'Yolanda Pérez',
      },
    ];
    const fed = await t.app.inject({ method: 'POST', url: '/api/bank/statement-lines', headers: { authorization: `Bearer ${FEED_TOKEN}` }, payload: { lines } });
    expect(fed.statusCode, fed.body).toBe(200);

    const { notices } = await expectEveryNoticeNamesTheProject(client);
    expect(notices.map((n) => n.kind)).toEqual(expect.arrayContaining(['paymentInstructions', 'paymentPartial']));
  });

  it('covered the notices of both walks on every channel', () => {
    // In the app: each kind these two walks cause (the others name their project as they always did: see the catalogue).
    for (const kind of [
      'newQuote',
      'quoteCountered',
      'counterAnswered',
      'quoteAccepted',
      'projectAssigned',
      'quoteRejected',
      'projectFunded',
      'contactShared',
      'projectStarted',
      'projectDelivered',
      'projectApproved',
      'paymentInstructions',
      'paymentPartial',
    ] satisfies NoticeKind[])
      expect([...seen], kind).toContain(`in-app:${kind}`);
    for (const type of ['newOffer', 'counterOffer', 'offerAccepted', 'paymentDue', 'paymentHeld', 'delivered', 'approved'])
      for (const channel of ['whatsapp', 'sms']) expect([...seen], `${type} on ${channel}`).toContain(`${channel}:${type}`);
  });
});

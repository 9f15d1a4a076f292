import { adminCampaigns, specialOffersUnsubscribe } from '@arreglaya/shared/i18n/campaigns';
import type { Campaign } from '@arreglaya/shared/schemas/campaigns';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt } from 'node:crypto';
import { campaignRecipients, emailOutbox, logTrail, notificationDeliveries, phoneNumbers, users } from '../../db/schema/index.ts';
import { runJob, waitForJob } from '../../../test/support/jobs.ts';
import { post, sysadmin } from '../../../test/support/payment-factories.ts';
import { person, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { getNotificationPreferences, saveNotificationPreferences } from '../notifications/notification-preferences.repository.ts';
import { handOffToDispatcher, sendCampaign } from './campaigns.service.ts';

// "Ofertas especiales" (decision 041): a sysadmin's campaign reaches only the people of its roles
// and countries who opted in, once each, with a signed unsubscribe link.

let t: MailTestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestAppWithMail();
  admin = await sysadmin(t);
});
afterAll(() => t.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  subject: '20 % menos en pintura este mes',
  text: 'Los contratistas de pintura tienen precios especiales hasta el 31.\n\nEscríbeles desde ArreglaYa.',
  roles: ['client'],
  countries: ['DO'],
  ...overrides,
});

async function optedIn(role: 'client' | 'contractor', firstName: string, country: 'DO' | 'CO' | 'MX' = 'DO'): Promise<Person> {
  const p = await person(t, role, firstName);
  await saveNotificationPreferences(t.db, p.id, { specialOffers: true });
  if (country !== 'DO') await t.db.update(users).set({ country }).where(eq(users.id, p.id));
  return p;
}

async function createCampaign(payload: Record<string, unknown> = form()): Promise<Campaign> {
  const res = await post(t, admin, '/api/admin/campaigns', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Campaign>();
}

const mailsTo = (who: Person, subject: string) => t.db.$count(emailOutbox, and(eq(emailOutbox.toAddress, who.email), eq(emailOutbox.subject, subject)));

/** The campaign-send job "Enviar" queued (its key is the campaign), waited for. */
async function sendDone(campaignId: string): Promise<void> {
  const r = await t.db.execute<{ id: string }>(sql`SELECT id FROM pgboss.job WHERE name = 'campaign-send' AND singleton_key = ${campaignId}`);
  const id = r.rows[0]?.id;
  if (!id) throw new Error('no campaign-send job queued');
  await waitForJob(t.app.jobs, 'campaign-send', id, ['completed']);
}

const audience = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/campaigns/audience?${query}`, headers: admin.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number }>().count;
};

describe('a campaign to opted-in people only', () => {
  it('reaches the opted-in clients of the Dominican Republic and nobody else, once, with an unsubscribe link', async () => {
    const ana = await optedIn('client', 'Ana');
    const quiet = await person(t, 'client', 'Callada'); // never chose special offers (off by default)
    const stopped = await optedIn('client', 'Dejó');
    await saveNotificationPreferences(t.db, stopped.id, { specialOffers: false });
    const colombian = await optedIn('client', 'Camila', 'CO');
    const contractor = await optedIn('contractor', 'Ramón');
    const banned = await optedIn('client', 'Vetada');
    await t.db.update(users).set({ status: 'banned', bannedAt: new Date() }).where(eq(users.id, banned.id));
    const unconfirmed = await optedIn('client', 'Pendiente');
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed.id));

    // The live count: the form's audience as it stands.
    expect(await audience('roles=client&countries=DO')).toBe(1);
    expect(await audience('roles=client,contractor&countries=DO,CO')).toBe(3);

    const c = await createCampaign();
    expect(c).toMatchObject({ state: 'draft', mailed: 0, roles: ['client'], countries: ['DO'] });
    const send = await post(t, admin, `/api/admin/campaigns/${c.id}/send`);
    expect(send.statusCode, send.body).toBe(202);
    expect(send.json()).toEqual({ message: adminCampaigns.sending });
    // A second click: refused, nothing queued again.
    const again = await post(t, admin, `/api/admin/campaigns/${c.id}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(adminCampaigns.alreadySent);
    await sendDone(c.id);

    const mail = await t.smtp.waitFor((m) => m.to.includes(ana.email) && m.subject === c.subject);
    expect(mail.text).toContain('Hola, Ana:');
    expect(mail.text).toContain('Los contratistas de pintura tienen precios especiales hasta el 31.');
    expect(mail.html).toContain('Escríbeles desde ArreglaYa.');
    expect(mail.text).toMatch(new RegExp(`${t.config.appUrl}/api/ofertas/baja\\?token=${ana.id}\\.[A-Za-z0-9_-]{43}`));
    // The mail client's own unsubscribe (RFC 2369, RFC 8058 one-click) points at the same link.
    const header = (name: string) => mail.raw.headers.find((h) => h.key === name)?.value;
    expect(header('list-unsubscribe')).toBe(`<${/https?:\/\/\S+\/api\/ofertas\/baja\?token=\S+/.exec(mail.text)![0]}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    for (const nobody of [quiet, stopped, colombian, contractor, banned, unconfirmed, admin]) expect(await mailsTo(nobody, c.subject)).toBe(0);

    // The job again (a retry, another instance): nobody gets it twice; the list shows it sent with its count.
    expect(await sendCampaign({ ...t.app.campaigns }, c.id)).toEqual({ mailed: 0, whatsapp: 0 });
    await t.db.update(users).set({ country: 'DO' }).where(eq(users.id, colombian.id)); // now in the audience…
    expect(await runJob(t.app.jobs, 'campaign-send', { campaignId: c.id })).toEqual({ mailed: 0, whatsapp: 0 }); // …of a campaign already sent
    expect(await mailsTo(ana, c.subject)).toBe(1);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/campaigns', headers: admin.headers });
    expect(list.json<{ items: Campaign[] }>().items.find((x) => x.id === c.id)).toMatchObject({ state: 'sent', mailed: 1, whatsappQueued: 1 }); // Ana, handed to the dispatcher (decision 038)
    expect(await t.db.$count(campaignRecipients, eq(campaignRecipients.campaignId, c.id))).toBe(1);
    // The send is audited like every console write.
    expect(await t.db.$count(logTrail, sql`${logTrail.location} = 'POST /api/admin/campaigns/:id/send' AND ${logTrail.details}->>'target' = ${c.id}`)).toBe(2);
  });

  it('resumes a campaign left sending without mailing anyone twice (batches commit one by one)', async () => {
    const crew = await Promise.all(['Bea', 'Ciro', 'Dora'].map((n) => optedIn('contractor', n, 'CO')));
    const c = await createCampaign(form({ subject: 'Herramientas con descuento', roles: ['contractor'], countries: ['CO'] }));
    await t.db.execute(sql`UPDATE campaigns SET state = 'sending' WHERE id = ${c.id}`);
    // One was told before a crash (their batch committed).
    await t.db.insert(campaignRecipients).values({ campaignId: c.id, userId: crew[0]!.id });
    // The two others are mailed; all three are handed to the dispatcher (the crash came before the first's hand-off).
    expect(await sendCampaign(t.app.campaigns, c.id, 1)).toEqual({ mailed: 2, whatsapp: 3 });
    expect(await mailsTo(crew[0]!, c.subject)).toBe(0);
    for (const p of crew.slice(1)) expect(await mailsTo(p, c.subject)).toBe(1);
    // The schedule's run (no campaign named) finds nothing left sending.
    expect(await runJob(t.app.jobs, 'campaign-send')).toEqual({ mailed: 0, whatsapp: 0 });
  });

  it('hands the recipients to the WhatsApp dispatcher when one is plugged in, once each', async () => {
    const p = await optedIn('client', 'Wanda', 'CO');
    const c = await createCampaign(form({ subject: 'Oferta por WhatsApp', countries: ['CO'] }));
    await t.db.execute(sql`UPDATE campaigns SET state = 'sending' WHERE id = ${c.id}`);
    const handed: string[] = [];
    const deps = {
      ...t.app.campaigns,
      queueSpecialOfferDeliveries: (_tx: unknown, _id: string, d: { userId: string; type: string; title: string }[]) => {
        for (const x of d) expect(x).toMatchObject({ type: 'specialOffer', title: c.subject });
        handed.push(...d.map((x) => x.userId));
        return Promise.resolve(d.map((x) => x.userId));
      },
    };
    expect(await sendCampaign(deps, c.id)).toEqual({ mailed: 1, whatsapp: 1 });
    expect(handed).toEqual([p.id]);
    const [row] = await t.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, c.id));
    expect(row?.whatsappQueuedAt).not.toBeNull();
  });
});

describe('the WhatsApp hand-off', () => {
  it('wakes the delivery job only after the batch has committed, so the job finds the deliveries', async () => {
    const p = await optedIn('client', 'Xiomara', 'MX');
    await t.db.insert(phoneNumbers).values({ userId: p.id, number: `+1849${randomInt(2_000_000, 9_999_999)}`, whatsappVerifiedAt: new Date() });
    const c = await createCampaign(form({ subject: 'Oferta con despertador', countries: ['MX'] }));
    await t.db.execute(sql`UPDATE campaigns SET state = 'sending' WHERE id = ${c.id}`);
    // The campaign's database, counting the transactions still open (a kick inside one wakes a job that cannot see its rows yet).
    let open = 0;
    const db = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'transaction')
          return async (...args: Parameters<typeof target.transaction>) => {
            open++;
            try {
              return await target.transaction(...args);
            } finally {
              open--;
            }
          };
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    // What the delivery job would find when woken: the campaign's deliveries.
    const atKick: { insideTransaction: boolean; visible: Promise<number> }[] = [];
    const kick = () => void atKick.push({ insideTransaction: open > 0, visible: t.db.$count(notificationDeliveries, eq(notificationDeliveries.sourceKey, `campaign:${c.id}`)) });
    const dispatcher = { queueMany: t.app.notifications.queueMany.bind(t.app.notifications), kick };
    const deps = { ...t.app.campaigns, db, queueSpecialOfferDeliveries: handOffToDispatcher(dispatcher), kickDeliveries: kick };
    expect(await sendCampaign(deps, c.id)).toEqual({ mailed: 1, whatsapp: 1 });
    expect(atKick.map((k) => k.insideTransaction)).toEqual([false]);
    expect(await atKick[0]!.visible).toBe(1);
  });
});

/** The link page's button: its plain form posts the link's URL from our origin. */
const pressButton = (url: string) =>
  t.app.inject({ method: 'POST', url, headers: { origin: t.config.appUrl, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });

describe('the unsubscribe link', () => {
  it('turns the person’s special offers off through its page’s button; a tampered link is refused', async () => {
    const p = await optedIn('client', 'Elena', 'CO');
    const c = await createCampaign(form({ subject: 'Oferta para darse de baja', countries: ['CO'] }));
    await post(t, admin, `/api/admin/campaigns/${c.id}/send`);
    await sendDone(c.id);
    const mail = await t.smtp.waitFor((m) => m.to.includes(p.email) && m.subject === c.subject);
    const link = /\/api\/ofertas\/baja\?token=[^\s"<]+/.exec(mail.text)![0];

    // Opening the link (a mail scanner, a preview) changes nothing: a page with one button.
    const open = await t.app.inject({ method: 'GET', url: link });
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain(specialOffersUnsubscribe.askTitle);
    expect((await getNotificationPreferences(t.db, p.id)).specialOffers).toBe(true);

    // A link whose signature or user was changed: refused, nothing changes.
    const other = await optedIn('client', 'Otra', 'CO');
    const tampered = [link.replace(p.id, other.id), `${link.slice(0, -2)}${link.endsWith('AA') ? 'BB' : 'AA'}`];
    for (const bad of tampered) {
      expect((await t.app.inject({ method: 'GET', url: bad })).statusCode).toBe(404);
      const refused = await pressButton(bad);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toContain(specialOffersUnsubscribe.invalidTitle);
    }
    expect((await getNotificationPreferences(t.db, other.id)).specialOffers).toBe(true);

    // The page's button: a Spanish confirmation, and the flag is off.
    const done = await pressButton(link);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(specialOffersUnsubscribe.doneTitle);
    expect((await getNotificationPreferences(t.db, p.id)).specialOffers).toBe(false);
    expect(await audience('roles=client&countries=CO')).toBe(2); // Wanda and Otra, no longer Elena
    // A mail client's one-click (RFC 8058) answers 204.
    const oneClick = await t.app.inject({ method: 'POST', url: link, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(oneClick.statusCode).toBe(204);
  });
});

describe('who may use the campaigns', () => {
  it('refuses clients, contractors and signed-out visitors; unknown campaigns are 404; a sent one cannot change', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const c = await createCampaign(form({ subject: 'Solo para sysadmins' }));
    for (const who of [client, contractor]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/campaigns', headers: who.headers })).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/campaigns/audience?roles=client&countries=DO', headers: who.headers })).statusCode).toBe(403);
      expect((await post(t, who, '/api/admin/campaigns', form())).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'PUT', url: `/api/admin/campaigns/${c.id}`, headers: who.headers, payload: form({ subject: 'Cambiado' }) })).statusCode).toBe(403);
      expect((await post(t, who, `/api/admin/campaigns/${c.id}/send`)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/campaigns' })).statusCode).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await post(t, admin, `/api/admin/campaigns/${unknown}/send`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/campaigns/${unknown}`, headers: admin.headers, payload: form() })).statusCode).toBe(404);

    const edited = await t.app.inject({ method: 'PUT', url: `/api/admin/campaigns/${c.id}`, headers: admin.headers, payload: form({ subject: 'Asunto corregido' }) });
    expect(edited.json<Campaign>()).toMatchObject({ subject: 'Asunto corregido', state: 'draft' });
    await post(t, admin, `/api/admin/campaigns/${c.id}/send`);
    const late = await t.app.inject({ method: 'PUT', url: `/api/admin/campaigns/${c.id}`, headers: admin.headers, payload: form() });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(adminCampaigns.notDraft);
  });

  it('checks the form with Spanish messages and a 400', async () => {
    const bad = await post(t, admin, '/api/admin/campaigns', form({ subject: 'x'.repeat(121), roles: ['sysadmin'], countries: [] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      subject: 'Máximo 120 caracteres.',
      'roles.0': 'Elige una opción válida.',
      countries: 'Elige una opción válida.',
    });
    const control = await post(t, admin, '/api/admin/campaigns', form({ text: 'Hola\u0007' }));
    expect(control.statusCode).toBe(400);
    expect(control.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      text: 'Contiene caracteres invisibles no permitidos. Bórralos y vuelve a escribir el texto.',
    });
    expect((await post(t, admin, '/api/admin/campaigns', form({ text: 'x'.repeat(2001) }))).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/campaigns/audience?roles=&countries=DO', headers: admin.headers })).statusCode).toBe(400);
  });
});

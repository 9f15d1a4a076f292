import { offerTerms as tt } from '@arreglaya/shared/i18n/offers-trust';
import { quotes as tq } from '@arreglaya/shared/i18n/projects';
import { offerStartDateLatest, QuoteInputSchema } from '@arreglaya/shared/schemas/quotes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshContractorTrust } from '../../db/contractor-trust.ts';
import { contractorProfiles, conversations, messages, projects, quotes } from '../../db/schema/index.ts';
import { dayFromToday, offerTerms, person, postProject, postQuote, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';

// Offers you can compare and trust you can read (issue 34, items 3 and 4; decision 043).

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const post = (who: Person, url: string, payload: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url, headers: who.headers, payload });
const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, ...(who ? { headers: who.headers } : {}) });
const offerBody = (extra: Record<string, unknown> = {}) => ({ ...offerTerms(), priceMinor: 1_000_000, description: 'Cambio completo con materiales incluidos.', ...extra });

describe('an offer carries its terms (start date, duration, warranty, materials)', () => {
  it('refuses missing or out-of-range terms with Spanish messages under the fields, and stores nothing', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const projectId = await postProject(t, client);
    const url = `/api/projects/${projectId}/quotes`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ durationDays: 0 }, 'durationDays', tt.durationRange],
      [{ durationDays: 366 }, 'durationDays', tt.durationRange],
      [{ durationDays: 2.5 }, 'durationDays', tt.durationRange],
      [{ warrantyDays: -1 }, 'warrantyDays', tt.warrantyRange],
      [{ warrantyDays: 1826 }, 'warrantyDays', tt.warrantyRange],
      [{ materialsIncluded: undefined }, 'materialsIncluded', tt.materialsRequired],
      [{ startDate: '2026-02-30' }, 'startDate', 'Fecha inválida.'],
      [{ startDate: '' }, 'startDate', 'Campo obligatorio.'],
      // Yesterday in the Dominican Republic (the project's country).
      [{ startDate: dayFromToday(-1) }, 'startDate', tt.startDateInPast],
    ];
    for (const [change, field, message] of cases) {
      const res = await post(contractor, url, offerBody(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error.fields).toEqual({ [field]: message });
    }
    expect(await t.db.$count(quotes, eq(quotes.projectId, projectId))).toBe(0);
    // Today in the Dominican Republic is not in the past; 0 days of warranty is allowed.
    expect((await post(contractor, url, offerBody({ startDate: dayFromToday(0), warrantyDays: 0 }))).statusCode).toBe(201);
  });

  it('an offer is in its project’s currency (issue 48): another is a Spanish 400 and nothing is stored', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const projectId = await postProject(t, client);
    const url = `/api/projects/${projectId}/quotes`;
    for (const currency of ['USD', 'COP', 'MXN']) {
      const res = await post(contractor, url, offerBody({ currency, priceMinor: 100_000 }));
      expect(res.statusCode, currency).toBe(400);
      expect(res.json().error.fields).toEqual({ currency: tq.currencyNotProject('DOP') });
    }
    expect(await t.db.$count(quotes, eq(quotes.projectId, projectId))).toBe(0);
    // Named or left out (the web form sends none), it is the project's.
    expect((await post(contractor, url, offerBody({ currency: 'DOP' }))).statusCode).toBe(201);
    expect((await post(contractor, url, offerBody())).statusCode).toBe(201);
    const stored = await t.db.select({ currency: quotes.currency }).from(quotes).where(eq(quotes.projectId, projectId));
    expect(stored.map((q) => q.currency)).toEqual(['DOP', 'DOP']);

    // A Colombian project's offers are in Colombian pesos, even from a form that names no currency.
    const bogota = await postProject(t, client, { country: 'CO', city: 'bogota', zone: null });
    expect((await post(contractor, `/api/projects/${bogota}/quotes`, offerBody({ currency: 'DOP' }))).json().error.fields).toEqual({ currency: tq.currencyNotProject('COP') });
    expect((await post(contractor, `/api/projects/${bogota}/quotes`, offerBody())).statusCode).toBe(201);
    expect((await t.db.select({ currency: quotes.currency }).from(quotes).where(eq(quotes.projectId, bogota)))[0]!.currency).toBe('COP');
  });

  it('its start date is at most a year ahead (issue 48), in the schema the form uses and in the service', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const projectId = await postProject(t, client);
    const url = `/api/projects/${projectId}/quotes`;
    const yearAhead = offerStartDateLatest('DO');
    const dayAfter = new Date(`${yearAhead}T12:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    for (const startDate of [dayAfter.toISOString().slice(0, 10), '2199-06-01']) {
      const res = await post(contractor, url, offerBody({ startDate }));
      expect(res.statusCode, startDate).toBe(400);
      expect(res.json().error.fields).toEqual({ startDate: tt.startDateTooFar });
      expect(QuoteInputSchema.safeParse(offerBody({ startDate: '2199-06-01' })).error?.issues).toEqual([
        expect.objectContaining({ path: ['startDate'], message: tt.startDateTooFar }),
      ]);
    }
    expect(await t.db.$count(quotes, eq(quotes.projectId, projectId))).toBe(0);
    expect((await post(contractor, url, offerBody({ startDate: yearAhead }))).statusCode).toBe(201);
    expect(QuoteInputSchema.safeParse(offerBody({ startDate: yearAhead })).success).toBe(true);
  });

  it('shows them in the API and the client’s mail; a counter-offer changes the price only; Escribir has the pair’s conversation', async () => {
    const client = await person(t, 'client', 'Yolanda');
    const contractor = await person(t, 'contractor', 'Ramón');
    const projectId = await postProject(t, client);
    const startDate = dayFromToday(12);
    const sent = await post(contractor, `/api/projects/${projectId}/quotes`, offerBody({ startDate, durationDays: 4, warrantyDays: 180, materialsIncluded: false }));
    expect(sent.statusCode).toBe(201);
    const terms = { startDate, durationDays: 4, warrantyDays: 180, materialsIncluded: false };
    expect(sent.json().quote).toMatchObject(terms);
    const quoteId = sent.json().quote.id as string;

    const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.text.includes('Inicio propuesto'));
    expect(mail.text).toContain('Duración: 4 días');
    expect(mail.text).toContain('Garantía: 180 días');
    expect(mail.text).toContain('Incluye materiales: No');

    const countered = await post(client, `/api/quotes/${quoteId}/counter`, { priceMinor: 900_000 });
    expect(countered.statusCode).toBe(200);
    expect(countered.json().quote).toMatchObject({ ...terms, priceMinor: 1_000_000, counterPriceMinor: 900_000 });
    const answered = await post(contractor, `/api/quotes/${quoteId}/counter/answer`, { accept: true });
    expect(answered.json().quote).toMatchObject({ ...terms, agreedPriceMinor: 900_000 });

    const [offer] = (await get(client, `/api/projects/${projectId}/quotes`)).json().items;
    const [conversation] = await t.db.select().from(conversations).where(eq(conversations.projectId, projectId));
    expect(offer).toMatchObject({ ...terms, conversationId: conversation!.id });
    expect(conversation).toMatchObject({ clientId: client.id, contractorId: contractor.id });
    // Contact details still follow the money (issue 29): the offer shows no phone or e-mail.
    expect(JSON.stringify(offer)).not.toContain(contractor.email);
  });

  it('an older offer without terms reads as null (the page says "Sin indicar")', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, projectId);
    await t.db.update(quotes).set({ startDate: null, durationDays: null, warrantyDays: null, materialsIncluded: null }).where(eq(quotes.id, quoteId));
    const [offer] = (await get(client, `/api/projects/${projectId}/quotes`)).json().items;
    expect(offer).toMatchObject({ startDate: null, durationDays: null, warrantyDays: null, materialsIncluded: null });
  });

  it('nobody reads another’s private offers: another client gets 404, another contractor sees only their own', async () => {
    const client = await person(t, 'client');
    const stranger = await person(t, 'client', 'Marta');
    const contractor = await person(t, 'contractor');
    const rival = await person(t, 'contractor', 'Luis');
    const projectId = await postProject(t, client);
    await postQuote(t, contractor, projectId);
    const rivalQuote = await postQuote(t, rival, projectId);
    expect((await get(stranger, `/api/projects/${projectId}/quotes`)).statusCode).toBe(404);
    const seen = (await get(rival, `/api/projects/${projectId}/quotes`)).json().items as { id: string }[];
    expect(seen.map((q) => q.id)).toEqual([rivalQuote]);
    expect((await get(client, `/api/projects/${projectId}/quotes`)).json().items).toHaveLength(2);
  });
});

const MIN = 60_000;

describe('trust data (refreshContractorTrust)', () => {
  it('medianResponseMinutes on a fixed timeline: conversations, projects and counter-offers of the last 90 days; null below 3 samples', async () => {
    const now = new Date('2030-06-01T12:00:00Z');
    const at = (minutesBefore: number) => new Date(now.getTime() - minutesBefore * MIN);
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const median = async () => {
      await refreshContractorTrust(t.db, [contractor.id], now);
      const [row] = await t.db.select({ m: contractorProfiles.medianResponseMinutes }).from(contractorProfiles).where(eq(contractorProfiles.userId, contractor.id));
      return row!.m;
    };
    // (b) A project published 1,000 minutes ago answered by an offer 30 minutes later (a replacement later does not count).
    const p1 = await postProject(t, client);
    const q1 = await postQuote(t, contractor, p1);
    await t.db
      .update(projects)
      .set({ createdAt: at(1000) })
      .where(eq(projects.id, p1));
    await t.db
      .update(quotes)
      .set({ createdAt: at(970) })
      .where(eq(quotes.id, q1));
    const q1b = await postQuote(t, contractor, p1);
    await t.db
      .update(quotes)
      .set({ createdAt: at(500) })
      .where(eq(quotes.id, q1b));
    // (a) In that pair's conversation: the client wrote 400 minutes ago, the contractor answered 90 minutes later.
    const [conv] = await t.db.select().from(conversations).where(eq(conversations.projectId, p1));
    await t.db.insert(messages).values([
      { conversationId: conv!.id, senderId: client.id, body: '¿Puede venir el lunes?', createdAt: at(400) },
      { conversationId: conv!.id, senderId: contractor.id, body: 'Sí, a las 9.', createdAt: at(310) },
      { conversationId: conv!.id, senderId: contractor.id, body: 'Confirmo.', createdAt: at(300) },
    ]);
    expect(await median()).toBeNull(); // 2 samples: 30 and 90
    // (c) A counter-offer answered 10 minutes later.
    await t.db
      .update(quotes)
      .set({ counteredAt: at(200), counterAnsweredAt: at(190), counterStatus: 'declined', counterPriceMinor: 1 })
      .where(eq(quotes.id, q1b));
    expect(await median()).toBe(30); // 10, 30, 90
    // A fourth sample of 50 minutes: the median of 10, 30, 50, 90 is 40.
    const p2 = await postProject(t, client);
    const q2 = await postQuote(t, contractor, p2);
    await t.db
      .update(projects)
      .set({ createdAt: at(100) })
      .where(eq(projects.id, p2));
    await t.db
      .update(quotes)
      .set({ createdAt: at(50) })
      .where(eq(quotes.id, q2));
    expect(await median()).toBe(40);
    // A project published 91 days ago is outside the window, however slow the answer.
    const p3 = await postProject(t, client);
    const q3 = await postQuote(t, contractor, p3);
    await t.db
      .update(projects)
      .set({ createdAt: at(91 * 24 * 60) })
      .where(eq(projects.id, p3));
    await t.db
      .update(quotes)
      .set({ createdAt: at(60) })
      .where(eq(quotes.id, q3));
    expect(await median()).toBe(40);
  });

  it('hires and the price guide: hidden under 5 accepted offers in a service, the lower quartile from 5 on; the public card shows them', async () => {
    const contractor = await person(t, 'contractor', 'Pedro', ['plomeria', 'pintura']);
    const card = async () => (await get(null, `/api/contractors/${contractor.id}`)).json();
    expect(await card()).toMatchObject({ hiresCount: 0, priceGuide: [], medianResponseMinutes: null, portfolioThumbs: [] });
    const prices = [500_000, 100_000, 400_000, 200_000, 300_000];
    for (const [i, priceMinor] of prices.entries()) {
      const client = await person(t, 'client');
      const projectId = await postProject(t, client, { services: ['plomeria'] });
      const quoteId = await postQuote(t, contractor, projectId, { priceMinor });
      expect((await post(client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
      // The kept public page is dropped when the directory hears the change (kind d, after commit).
      await expect.poll(async () => (await card()).hiresCount).toBe(i + 1);
      // Four accepted offers say nothing; the fifth shows 'desde': percentile_disc(0.25) of 1,000–5,000 pesos is 2,000.
      expect((await card()).priceGuide).toEqual(i < 4 ? [] : [{ service: 'plomeria', minor: 200_000, currency: 'DOP' }]);
    }
  });
});

describe('a trust change reaches the public page', () => {
  it('a refreshed hires count shows on the contractor’s page', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const url = `/api/contractors/${contractor.id}`;
    expect((await get(null, url)).json().hiresCount).toBe(0);
    expect((await get(null, url)).json().hiresCount).toBe(0); // kept now
    const projectId = await postProject(t, client);
    // Written straight to the database, as another instance would.
    await t.db.update(projects).set({ status: 'assigned', contractorId: contractor.id }).where(eq(projects.id, projectId));
    await refreshContractorTrust(t.db, [contractor.id]);
    await expect.poll(async () => (await get(null, url)).json().hiresCount).toBe(1);
    // Nothing changed: a second refresh writes no row (no announcement, the cache stays).
    expect(await refreshContractorTrust(t.db, [contractor.id])).toBe(0);
  });
});

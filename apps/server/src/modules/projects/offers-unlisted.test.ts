import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorProfiles, quoteActionTokens, quotes } from '../../db/schema/index.ts';
import { person, postProject, postQuote, projectStatus, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';

// Decision 023: an offer whose contractor the directory stops listing stays on the client's
// project page, with `contractorListed: false` (the page shows 'Perfil no disponible' and no
// profile link). An incomplete profile leaves the offer acceptable; a ban or a deleted account
// withdraws the contractor's open offers (and spends their mail links), so nobody accepts work
// that will not be done.

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

interface OfferSeen {
  id: string;
  status: string;
  contractorListed: boolean;
  contractor: { id: string; name: string };
}

async function offersOf(client: Person, projectId: string): Promise<OfferSeen[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/quotes`, headers: client.headers });
  expect(res.statusCode).toBe(200);
  return res.json().items as OfferSeen[];
}

const post = (who: Person, url: string, payload: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url, headers: who.headers, payload });
const linksUsed = async (quoteId: string) => (await t.db.select().from(quoteActionTokens).where(eq(quoteActionTokens.quoteId, quoteId))).map((l) => l.usedAt !== null);

describe('offers of contractors the directory no longer lists', () => {
  it('an offer stays on the page, marked unlisted, and acceptable when the profile becomes incomplete', async () => {
    const client = await person(t, 'client', 'Altagracia');
    const listed = await person(t, 'contractor', 'Julio');
    const incomplete = await person(t, 'contractor', 'Félix');
    const projectId = await postProject(t, client);
    const listedQuote = await postQuote(t, listed, projectId);
    const quoteId = await postQuote(t, incomplete, projectId, { priceMinor: 990_000 });
    // After offering, Félix empties the city of his profile: the directory stops listing him.
    await t.db.update(contractorProfiles).set({ city: null }).where(eq(contractorProfiles.userId, incomplete.id));

    const offers = await offersOf(client, projectId);
    expect(offers).toHaveLength(2);
    expect(offers.find((o) => o.id === listedQuote)).toMatchObject({ status: 'created', contractorListed: true });
    expect(offers.find((o) => o.id === quoteId)).toMatchObject({
      status: 'created',
      contractorListed: false,
      contractor: { id: incomplete.id, name: expect.stringContaining('Félix') },
    });
    // The contractor's own view says the same of his offer.
    const own = (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/quotes`, headers: incomplete.headers })).json().items as OfferSeen[];
    expect(own).toEqual([expect.objectContaining({ id: quoteId, contractorListed: false })]);

    expect((await post(client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
    expect(await projectStatus(t, projectId)).toEqual({ status: 'assigned', contractorId: incomplete.id });
  });

  it('the mail link page reads an unlisted contractor’s offer as unlisted (no stars or profile link there), and a listed one as listed', async () => {
    const client = await person(t, 'client', 'Luz');
    const listed = await person(t, 'contractor', 'Bienvenido');
    const incomplete = await person(t, 'contractor', 'Teodoro');
    const projectId = await postProject(t, client);
    const listedQuote = await postQuote(t, listed, projectId);
    const quoteId = await postQuote(t, incomplete, projectId);
    const tokenOf = async (name: string) => {
      const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.text.includes(`${name} Almonte te envió una oferta para «`));
      return /Aprobar oferta: (\S+)/.exec(mail.text)![1]!.split('/').pop()!;
    };
    const listedToken = await tokenOf('Bienvenido');
    const token = await tokenOf('Teodoro');
    await t.db.update(contractorProfiles).set({ city: null }).where(eq(contractorProfiles.userId, incomplete.id));

    const read = async (tok: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/quote-links/${tok}` });
      expect(res.statusCode).toBe(200);
      return res.json().offer as OfferSeen;
    };
    expect(await read(token)).toMatchObject({ id: quoteId, contractorListed: false, contractor: { id: incomplete.id, name: expect.stringContaining('Teodoro') } });
    expect(await read(listedToken)).toMatchObject({ id: listedQuote, contractorListed: true });
    // Still a working link: the offer stays acceptable (the profile edit does not punish the client).
    expect((await t.app.inject({ method: 'POST', url: `/api/quote-links/${token}`, payload: {} })).statusCode).toBe(200);
    expect(await projectStatus(t, projectId)).toEqual({ status: 'assigned', contractorId: incomplete.id });
  });

  it('a ban withdraws the contractor’s open offers and spends their mail links; the client sees them withdrawn and cannot accept', async () => {
    const client = await person(t, 'client', 'Mercedes');
    const banned = await person(t, 'contractor', 'Nelson');
    const other = await person(t, 'contractor', 'Rafael');
    const admin = await person(t, 'sysadmin', 'Admin');
    const first = await postProject(t, client);
    const second = await postProject(t, client, { title: 'Pintar la sala y el comedor' });
    const q1 = await postQuote(t, banned, first);
    const q2 = await postQuote(t, banned, second);
    const kept = await postQuote(t, other, first);

    const ban = await post(admin, `/api/admin/people/${banned.id}/ban`, { reason: 'Cobró por fuera de la plataforma.' });
    expect(ban.statusCode).toBe(200);

    for (const [projectId, quoteId] of [
      [first, q1],
      [second, q2],
    ] as const) {
      expect((await offersOf(client, projectId)).find((o) => o.id === quoteId)).toMatchObject({ status: 'withdrawn', contractorListed: false, contractor: { id: banned.id } });
      expect(await linksUsed(quoteId)).toEqual([true, true]);
    }
    // Another contractor's offer on the same project is untouched.
    expect((await offersOf(client, first)).find((o) => o.id === kept)).toMatchObject({ status: 'created', contractorListed: true });
    expect(await linksUsed(kept)).toEqual([false, false]);

    const accept = await post(client, `/api/quotes/${q1}/accept`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toMatch(/\p{L}/u);
    expect((await projectStatus(t, first))!.status).toBe('created');
  });

  it('a deleted account’s open offers are withdrawn and stay on the page under the anonymised name', async () => {
    const client = await person(t, 'client', 'Josefina');
    const leaving = await person(t, 'contractor', 'Wilson');
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, leaving, projectId);

    const del = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: leaving.headers, payload: { password: leaving.password } });
    expect(del.statusCode).toBe(200);

    const [offer] = await offersOf(client, projectId);
    expect(offer).toMatchObject({ id: quoteId, status: 'withdrawn', contractorListed: false, contractor: { name: 'Usuario eliminado' } });
    expect(await linksUsed(quoteId)).toEqual([true, true]);
    const [row] = await t.db.select({ closedAt: quotes.closedAt }).from(quotes).where(eq(quotes.id, quoteId));
    expect(row!.closedAt).not.toBeNull();
    expect((await post(client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(409);
  });
});

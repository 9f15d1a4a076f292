import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAVOURITES } from '@arreglaya/shared/schemas/directory';
import { contractorProfiles, favourites, users } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn, type TestUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedInClient(firstName = 'Lucía'): Promise<{ user: TestUser; headers: Record<string, string> }> {
  const user = await createUser(t.db, { role: 'client', firstName });
  return { user, headers: asBrowser(await signIn(t, user)) };
}

/** A contractor offering the given services, with a city and location for the card. */
async function contractor(firstName: string, services: ('plomeria' | 'pintura' | 'electricidad')[]): Promise<TestUser> {
  const user = await createUser(t.db, { role: 'contractor', firstName });
  await t.db
    .update(contractorProfiles)
    .set({ serviceTypes: services, city: 'santo-domingo', lat: 18.4861, lng: -69.8312, companyName: `${firstName} SRL`, verifiedAt: new Date(Date.now() - 1000) })
    .where(eq(contractorProfiles.userId, user.id));
  return user;
}

const favouritesCount = async (contractorId: string) =>
  (await t.db.query.contractorProfiles.findFirst({ where: eq(contractorProfiles.userId, contractorId), columns: { favouritesCount: true } }))!.favouritesCount;

const put = (headers: Record<string, string>, id: string) => t.app.inject({ method: 'PUT', url: `/api/me/favourites/${id}`, headers });
const del = (headers: Record<string, string>, id: string) => t.app.inject({ method: 'DELETE', url: `/api/me/favourites/${id}`, headers });
const list = (headers: Record<string, string>, query = '') => t.app.inject({ method: 'GET', url: `/api/me/favourites${query}`, headers });
const ids = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/me/favourites/ids', headers });

describe('PUT and DELETE /api/me/favourites/:contractorId', () => {
  it('adds and removes a favourite idempotently, keeping the contractor’s count in step', async () => {
    const { headers } = await signedInClient();
    const plumber = await contractor('Ramón', ['plomeria']);

    const first = await put(headers, plumber.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ contractorId: plumber.id, favourite: true });
    expect((await put(headers, plumber.id)).statusCode).toBe(200);
    expect(await favouritesCount(plumber.id)).toBe(1);
    expect((await ids(headers)).json()).toEqual({ ids: [plumber.id] });

    const removed = await del(headers, plumber.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ contractorId: plumber.id, favourite: false });
    expect((await del(headers, plumber.id)).statusCode).toBe(200);
    expect(await favouritesCount(plumber.id)).toBe(0);
    expect((await ids(headers)).json()).toEqual({ ids: [] });
  });

  it('counts each client once when several favourite the same contractor, even at the same moment', async () => {
    const plumber = await contractor('Teodoro', ['plomeria']);
    const a = await signedInClient('Ana');
    const b = await signedInClient('Berta');
    const results = await Promise.all([put(a.headers, plumber.id), put(a.headers, plumber.id), put(b.headers, plumber.id), put(b.headers, plumber.id)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await favouritesCount(plumber.id)).toBe(2);
    await Promise.all([del(a.headers, plumber.id), del(a.headers, plumber.id)]);
    expect(await favouritesCount(plumber.id)).toBe(1);
  });

  it('answers 404 for a client, an unknown id or a banned contractor', async () => {
    const { headers } = await signedInClient();
    const other = await createUser(t.db, { role: 'client' });
    const banned = await contractor('Baldo', ['pintura']);
    await t.db.update(users).set({ status: 'banned' }).where(eq(users.id, banned.id));
    for (const id of [other.id, banned.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await put(headers, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error.message).toBe('Este contratista ya no está disponible.');
    }
    expect(await t.db.$count(favourites, eq(favourites.contractorId, banned.id))).toBe(0);
    expect((await put(headers, 'not-a-uuid')).statusCode).toBe(400);
  });

  it(`refuses a favourite beyond the ${MAX_FAVOURITES}th and counts nothing`, async () => {
    const { user, headers } = await signedInClient();
    const many = await t.db
      .insert(users)
      .values(
        Array.from({ length: MAX_FAVOURITES + 1 }, (_, i) => ({
          email: `muchos-${i}-${user.id}@prueba.do`,
          emailVerified: true,
          role: 'contractor' as const,
          firstName: 'C',
          name: 'C',
        })),
      )
      .returning({ id: users.id });
    await t.db.insert(contractorProfiles).values(many.map((c) => ({ userId: c.id, displayName: 'C', serviceTypes: ['plomeria' as const], city: 'santo-domingo' })));
    await t.db.insert(favourites).values(many.slice(0, MAX_FAVOURITES).map((c) => ({ clientId: user.id, contractorId: c.id })));
    const last = many[MAX_FAVOURITES]!.id;
    const res = await put(headers, last);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(`Puedes guardar hasta ${MAX_FAVOURITES} favoritos. Quita alguno para añadir otro.`);
    expect(await t.db.$count(favourites, eq(favourites.clientId, user.id))).toBe(MAX_FAVOURITES);
    expect(await favouritesCount(last)).toBe(0);
    // A repeat of one already kept is still fine.
    expect((await put(headers, many[0]!.id)).statusCode).toBe(200);
  });

  it('lets a client remove a favourite of a contractor banned since', async () => {
    const { user, headers } = await signedInClient();
    const later = await contractor('Luis', ['pintura']);
    await put(headers, later.id);
    await t.db.update(users).set({ status: 'banned' }).where(eq(users.id, later.id));
    expect((await ids(headers)).json().ids).toEqual([]);
    expect((await del(headers, later.id)).statusCode).toBe(200);
    expect(await t.db.$count(favourites, eq(favourites.clientId, user.id))).toBe(0);
    expect(await favouritesCount(later.id)).toBe(0);
  });
});

describe('GET /api/me/favourites', () => {
  it('lists the client’s favourites as public cards, newest first, with a service filter and a count', async () => {
    const { headers } = await signedInClient();
    const plumber = await contractor('Pedro', ['plomeria', 'electricidad']);
    const painter = await contractor('Paula', ['pintura']);
    await put(headers, plumber.id);
    await put(headers, painter.id);

    const all = await list(headers);
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toBe('private, no-store');
    expect(all.json().total).toBe(2);
    expect(all.json().items.map((c: { id: string }) => c.id)).toEqual([painter.id, plumber.id]);
    const card = all.json().items[1];
    expect(card).toMatchObject({
      id: plumber.id,
      name: 'Pedro Almonte',
      companyName: 'Pedro SRL',
      services: ['plomeria', 'electricidad'],
      country: 'DO',
      city: 'santo-domingo',
      ratingAvg: 0,
      ratingCount: 0,
      completedProjects: 0,
      badges: { isNew: true, verified: true, featured: false },
    });
    // A list without an origin shows no distance (never from the city centre, decision 042).
    expect(card.distanceKm).toBeNull();
    // Only public fields: never the e-mail, phone, cédula or address.
    expect(Object.keys(card).sort()).toEqual(
      [
        'avatarPhotoId',
        'badges',
        'city',
        'companyName',
        'completedProjects',
        'country',
        'hiresCount',
        'id',
        'distanceKm',
        'medianResponseMinutes',
        'memberSince',
        'name',
        'portfolioThumbs',
        'priceGuide',
        'ratingAvg',
        'ratingCount',
        'services',
      ].sort(),
    );

    const plumbing = await list(headers, '?service=plomeria');
    expect(plumbing.json()).toMatchObject({ total: 1, items: [{ id: plumber.id }] });
    const gardening = await list(headers, '?service=jardineria');
    expect(gardening.json()).toEqual({ items: [], total: 0 });
    const bad = await list(headers, '?service=magia');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.service).toBe('Elige una opción válida.');
  });
});

describe('who may use favourites', () => {
  it('refuses visitors with 401 and contractors and sysadmins with 403, in Spanish', async () => {
    const target = await contractor('Rita', ['pintura']);
    const visitor = await list({});
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe('Debes iniciar sesión para continuar.');
    expect((await t.app.inject({ method: 'PUT', url: `/api/me/favourites/${target.id}` })).statusCode).toBe(401);

    for (const role of ['contractor', 'sysadmin'] as const) {
      const user = await createUser(t.db, { role });
      const headers = asBrowser(await signIn(t, user));
      for (const res of [await list(headers), await ids(headers), await put(headers, target.id), await del(headers, target.id)]) {
        expect(res.statusCode, role).toBe(403);
        expect(res.json().error.message).toBe('No tienes permiso para realizar esta acción.');
      }
    }
    expect(await favouritesCount(target.id)).toBe(0);
  });

  it('keeps each client’s favourites to themselves', async () => {
    const a = await signedInClient('Ana');
    const b = await signedInClient('Beto');
    const forA = await contractor('Alba', ['pintura']);
    const forB = await contractor('Bruno', ['plomeria']);
    await put(a.headers, forA.id);
    await put(b.headers, forB.id);

    expect((await ids(a.headers)).json().ids).toEqual([forA.id]);
    expect((await list(a.headers)).json().items.map((c: { id: string }) => c.id)).toEqual([forA.id]);
    // A removing "B's favourite" only touches A's own (empty) list.
    expect((await del(a.headers, forB.id)).statusCode).toBe(200);
    expect((await ids(b.headers)).json().ids).toEqual([forB.id]);
    expect(await favouritesCount(forB.id)).toBe(1);
    // No route takes an owner id: a query or path naming B is not a way in.
    expect((await t.app.inject({ method: 'GET', url: `/api/me/favourites?clientId=${b.user.id}`, headers: a.headers })).json().items.map((c: { id: string }) => c.id)).toEqual([
      forA.id,
    ]);
    expect((await t.app.inject({ method: 'GET', url: `/api/favourites/clients/${b.user.id}`, headers: a.headers })).statusCode).toBe(404);
  });

  it('needs the browser header for a cookie write', async () => {
    const { headers } = await signedInClient();
    const target = await contractor('Celia', ['pintura']);
    const res = await t.app.inject({ method: 'PUT', url: `/api/me/favourites/${target.id}`, headers: { cookie: headers.cookie! } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF');
  });
});

describe('when a client deletes their account', () => {
  it('the contractors they had saved count one favourite fewer', async () => {
    const plumber = await contractor('Eusebio', ['plomeria']);
    const leaving = await signedInClient('Marta');
    const staying = await signedInClient('Nelly');
    await put(leaving.headers, plumber.id);
    await put(staying.headers, plumber.id);
    expect(await favouritesCount(plumber.id)).toBe(2);

    const res = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: leaving.headers, payload: { password: leaving.user.password } });
    expect(res.statusCode).toBe(200);
    expect(await favouritesCount(plumber.id)).toBe(1);
    expect((await ids(staying.headers)).json()).toEqual({ ids: [plumber.id] });
  });
});

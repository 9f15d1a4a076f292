import { findPlace, kmBetweenPoints, PLACES } from '@arreglaya/shared/places';
import { DIRECTORY_PAGE_SIZE, type DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorProfiles, users } from '../../db/schema/index.ts';
import { createUser } from '../../../test/support/factories.ts';
import { person, postProject, projectForm, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// Distances from a place or the client's own project (issue 34, item 2; decision 042): who
// reaches the origin, the distance on each card, nearest first across pages, and who may use a
// project as the origin.

describe('directory: places and distances', () => {
  let t: TestApp;
  /** Contractor id → base sector and radius. */
  const bases = new Map<string, { sector: string; radius: number }>();

  async function contractor(name: string, sector: string | null, radius = 100, services = ['plomeria']): Promise<string> {
    const u = await createUser(t.db, { role: 'contractor', firstName: name });
    await t.db
      .update(users)
      .set({ firstName: name, lastName: 'Prueba', name: `${name} Prueba` })
      .where(eq(users.id, u.id));
    const place = sector ? findPlace(sector)! : null;
    await t.db
      .update(contractorProfiles)
      .set({
        displayName: `${name} Prueba`,
        serviceTypes: services as never,
        city: place?.city ?? 'santo-domingo',
        baseSector: sector,
        lat: place?.lat ?? null,
        lng: place?.lng ?? null,
        serviceRadiusKm: radius,
      })
      .where(eq(contractorProfiles.userId, u.id));
    if (sector) bases.set(u.id, { sector, radius });
    return u.id;
  }

  async function search(query: string, headers: Record<string, string> = {}): Promise<DirectoryPage> {
    const res = await t.app.inject({ method: 'GET', url: `/api/contractors${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DirectoryPage>();
  }

  const km = (id: string, from: string) => kmBetweenPoints(findPlace(bases.get(id)!.sector)!, findPlace(from)!);

  let farShort: string;
  let farLong: string;
  let noBase: string;
  let client: Person;
  let other: Person;

  beforeAll(async () => {
    t = await createTestApp();
    // Twenty plumbers across Greater Santo Domingo's sectors, all reaching anywhere near.
    const sd = PLACES.filter((p) => p.kind === 'sector' && p.city === 'santo-domingo');
    for (let i = 0; i < 20; i++) await contractor(`Plomero${i}`, sd[(i * 7) % sd.length]!.slug);
    // Villa Mella is about 9 km from Naco: a 5 km radius does not reach it, 20 km does.
    farShort = await contractor('Corto', 'villa-mella', 5);
    farLong = await contractor('Largo', 'villa-mella', 20);
    noBase = await contractor('Sinbase', null);
    client = await person(t, 'client');
    other = await person(t, 'client', 'Marisol');
  });
  afterAll(async () => {
    await t.close();
  });

  it('sorts nearest first from a place, across pages, and shows the distance from it', async () => {
    const first = await search('?donde=naco&sort=distance');
    const second = await search('?donde=naco&sort=distance&page=2');
    expect(first.origin).toEqual({ kind: 'place', name: 'Naco', slug: 'naco' });
    const items = [...first.items, ...second.items];
    expect(first.items).toHaveLength(DIRECTORY_PAGE_SIZE);
    expect(items.length).toBe(first.total);
    const distances = items.map((c) => c.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const c of items) expect(c.distanceKm).toBe(Math.round(km(c.id, 'naco') * 10) / 10);
    // Pages do not overlap.
    expect(new Set(items.map((c) => c.id)).size).toBe(items.length);
  });

  it('leaves out contractors whose radius does not reach the place, and those without a base', async () => {
    const ids = async (q: string) => {
      const found: string[] = [];
      for (let page = 1; ; page++) {
        const p = await search(`${q}&page=${page}`);
        found.push(...p.items.map((c) => c.id));
        if (page >= p.pageCount) return found;
      }
    };
    const fromNaco = await ids('?donde=naco&sort=distance');
    expect(km(farShort, 'naco')).toBeGreaterThan(5);
    expect(fromNaco).toContain(farLong);
    expect(fromNaco).not.toContain(farShort);
    expect(fromNaco).not.toContain(noBase);
    // From Villa Mella itself both reach it (distance 0), and come first.
    const fromVillaMella = await search('?donde=villa-mella&sort=distance');
    expect(
      fromVillaMella.items
        .slice(0, 2)
        .map((c) => c.id)
        .sort(),
    ).toEqual([farShort, farLong].sort());
    expect(fromVillaMella.items[0]!.distanceKm).toBe(0);
    // Without a place no card has a distance, and everyone listed is there.
    const all = await search('?sort=popular');
    expect(all.origin).toBeNull();
    expect(all.items.every((c) => c.distanceKm === null)).toBe(true);
  });

  it('reads a place in the text: "plomero en Naco" is plumbers reaching Naco', async () => {
    const page = await search(`?q=${encodeURIComponent('plomero en Naco')}`);
    expect(page.origin?.slug).toBe('naco');
    expect(page.total).toBe((await search('?donde=naco')).total);
    expect(page.items.every((c) => c.distanceKm !== null)).toBe(true);
  });

  it('reads a place by its name or its label, as a search form sent before hydration carries it (issue 46)', async () => {
    const bySlug = await search('?donde=naco&sort=distance');
    for (const typed of ['Naco', 'Naco, Santo Domingo']) {
      const page = await search(`?donde=${encodeURIComponent(typed)}&sort=distance`);
      expect(page.origin, typed).toEqual(bySlug.origin);
      expect(
        page.items.map((c) => [c.id, c.distanceKm]),
        typed,
      ).toEqual(bySlug.items.map((c) => [c.id, c.distanceKm]));
    }
  });

  it('refuses an unknown place in Spanish', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/contractors?donde=atlantida' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ donde: 'Elige un sector o una ciudad de la lista.' });
  });

  it("measures from the client's own project, and refuses anyone else's", async () => {
    const projectId = await postProject(t, client, { sector: 'piantini', zone: 'DN' });
    const res = await t.app.inject({ method: 'GET', url: `/api/contractors?proyecto=${projectId}&sort=distance`, headers: client.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const page = res.json<DirectoryPage>();
    expect(page.origin).toEqual({ kind: 'project', name: 'Piantini', slug: 'piantini' });
    expect(page.items[0]!.distanceKm).toBe(Math.round(km(page.items[0]!.id, 'piantini') * 10) / 10);
    // Another client: as if it did not exist; nobody signed in: asked to sign in. Even for
    // the very URL its owner has just been answered (twice): never from the cache's memory.
    for (let i = 0; i < 2; i++) expect((await t.app.inject({ method: 'GET', url: `/api/contractors?proyecto=${projectId}`, headers: client.headers })).statusCode).toBe(200);
    const stranger = await t.app.inject({ method: 'GET', url: `/api/contractors?proyecto=${projectId}`, headers: other.headers });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe('No encontramos ese proyecto entre los tuyos.');
    expect((await t.app.inject({ method: 'GET', url: `/api/contractors?proyecto=${projectId}` })).statusCode).toBe(401);
    // A project without a sector gives no origin: a clear 400.
    const bare = await postProject(t, client, { title: 'Sin sector' });
    const noSector = await t.app.inject({ method: 'GET', url: `/api/contractors?proyecto=${bare}`, headers: client.headers });
    expect(noSector.statusCode).toBe(400);
    expect(noSector.json().error.message).toBe('Tu proyecto no tiene sector: edítalo y elige uno para ver distancias.');
  });

  it('saves a project sector with its coordinates and refuses a sector of another city', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: client.headers,
      payload: projectForm({ sector: 'cerros-de-gurabo', city: 'santiago', zone: null }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().project.sector).toBe('cerros-de-gurabo');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/projects', headers: client.headers, payload: projectForm({ sector: 'naco', city: 'santiago', zone: null }) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ sector: 'Ese sector no está en la ciudad elegida.' });
  });

  it('a contractor moving their base reaches the cached search at once', async () => {
    const before = await search('?donde=villa-mella&sort=distance');
    expect(before.items.map((c) => c.id)).toContain(farShort);
    const naco = findPlace('naco')!;
    await t.db.update(contractorProfiles).set({ baseSector: 'naco', lat: naco.lat, lng: naco.lng }).where(eq(contractorProfiles.userId, farShort));
    const until = Date.now() + 3000;
    let after = await search('?donde=villa-mella&sort=distance');
    while (after.items.some((c) => c.id === farShort) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      after = await search('?donde=villa-mella&sort=distance');
    }
    expect(after.items.map((c) => c.id)).not.toContain(farShort);
  });
});

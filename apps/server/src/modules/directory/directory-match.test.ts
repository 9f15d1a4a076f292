import { COUNTRY_CODES, ZONES } from '@arreglaya/shared/countries';
import { SERVICE_TYPES } from '@arreglaya/shared/domain';
import { RATING_FILTERS } from '@arreglaya/shared/schemas/directory';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTED } from '../../db/contractor-listing.ts';
import { contractorProfiles as cp, users } from '../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db.ts';
import { DirectoryFacets } from './directory-facets.ts';
import { findPlace } from '@arreglaya/shared/places';
import { DIRECTORY_SORTS } from '@arreglaya/shared/schemas/directory';
import { splitTradeWords } from '@arreglaya/shared/trade-words';
import { criteria, factsMatcher, matchingSql, plainWords, type DirectoryFilters, type GeoPoint, type TextTerms } from './directory-match.ts';
import { countContractors, readFacetRows, searchContractorRows, searchWords, textTerms, wordTerms, type FacetRow } from './directory.repository.ts';

// The one definition of a match (directory-match.ts) answers in PostgreSQL and in memory: the
// same table of contractors and filters through both must give the same contractors.

const CITIES = ['santo-domingo', 'santiago', 'bogota', 'otro'];
const TEXTS = [
  'plomero',
  'plom',
  'PLOMERÍA',
  'tuberias plomero',
  'martines',
  'Martínez',
  'nunez',
  'pintor interiores',
  'de la',
  'cruz',
  'cerrajero',
  'nadie',
  'a1',
  // Trade words (decision 037): plurals, feminine forms, accents, words that go with a trade.
  'plomeras',
  'Electricista',
  'pintora nunez',
  'técnico de aire',
  'albañil',
  'cámaras de seguridad',
  'ebanista carpintero',
];
/** Bases: sectors of Santo Domingo and Santiago, other cities' centres (or none: no coordinates). */
const BASES = ['naco', 'piantini', 'gazcue', 'los-mina', 'los-alcarrizos', 'villa-olga', 'los-jardines', 'la-romana', 'punta-cana', 'santiago'].map((slug) => {
  const place = findPlace(slug)!;
  return { slug: place.slug, lat: place.lat, lng: place.lng };
});
const RADII = [1, 3, 5, 15, 50, 100];
const naco = findPlace('naco')!;
/**
 * Origins of a search: places, and a point 0.8985° of latitude north of Naco, about 99.9 km
 * away, just outside the box of latitudes a 100 km radius is looked for in (0.8983°): SQL leaves
 * Naco's 100 km contractors out there, and so must memory.
 */
const ORIGINS: GeoPoint[] = [
  ...['naco', 'gazcue', 'los-mina', 'villa-olga', 'la-romana', 'santo-domingo'].map((slug) => ({ lat: findPlace(slug)!.lat, lng: findPlace(slug)!.lng })),
  { lat: naco.lat + 0.8985, lng: naco.lng },
];
/** Texts of trade words alone (what the facets decide in memory). */
const TRADE_TEXTS = ['plomero', 'Electricista', 'técnico de aire', 'cerrajero', 'ebanista carpintero', 'pintora'];

/** Averages on and around the star bands' bounds (all exact in a real). */
const AVERAGES = [0, 1, 1.5, 1.75, 2, 2.5, 2.75, 3, 3.5, 3.75, 4, 4.5, 4.75, 5];

/** A small deterministic generator, so a failure names a filter that can be tried again. */
function generator(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  return {
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    some: <T>(xs: readonly T[], most: number): T[] => [...new Set(Array.from({ length: Math.floor(next() * (most + 1)) }, () => xs[Math.floor(next() * xs.length)]!))],
    chance: (p: number) => next() < p,
  };
}

describe('one definition of a directory match, in PostgreSQL and in memory', () => {
  let d: TestDatabase;
  let facts: FacetRow[];
  const N = 320;

  beforeAll(async () => {
    d = await createTestDatabase();
    const g = generator(7);
    const hex = (digits: number) => Array.from({ length: digits }, () => g.pick([...'0123456789abcdef'])).join('');
    const rows = Array.from({ length: N }, (_, i) => {
      // Half the ids differ in their first 48 bits (the facets compare those as numbers), half
      // share them, with a few first digits the same, so that the rest of the id decides.
      const id =
        i % 2 === 0
          ? `${hex(8)}-${hex(4)}-4000-8000-${String(i + 1).padStart(12, '0')}`
          : `${g.pick(['00000000', 'ffffffff', '7a000000'])}-0000-4000-8000-${hex(4)}${String(i + 1).padStart(8, '0')}`;
      return {
        id,
        status: i % 37 === 0 ? 'banned' : i % 41 === 0 ? 'deleted' : 'active',
        emailVerified: i % 29 !== 0,
        name: `${g.pick(['Ramón', 'Carmen', 'Lucía', 'José'])} ${g.pick(['Núñez', 'Martínez', 'Báez', 'de la Cruz', 'Pérez'])}`,
        company: g.chance(0.3) ? g.pick(['Plomería Núñez', 'Cerrajería 24h', 'Pinturas A1']) : null,
        description: g.pick(['Plomero con experiencia en tuberías.', 'Pintor de interiores y exteriores.', 'Cerrajero de guardia.', 'Electricista certificado.', '']),
        services: g.some(SERVICE_TYPES, 3),
        country: g.pick(COUNTRY_CODES),
        city: g.chance(0.1) ? null : g.pick(CITIES),
        zone: g.chance(0.5) ? g.pick(ZONES) : null,
        ratingCount: g.chance(0.25) ? 0 : 1 + Math.floor(g.pick(AVERAGES) * 3),
        ratingAvg: g.pick(AVERAGES),
        base: g.chance(0.15) ? null : g.pick(BASES),
        radius: g.pick(RADII),
        // Sort keys with ties, so the id decides now and then.
        completed: Math.floor(g.pick(AVERAGES)),
        favourites: Math.floor(g.pick(AVERAGES) / 2),
      };
    });
    for (const r of rows) {
      await d.db.execute(sql`
        INSERT INTO users (id, email, email_verified, name, role, status, first_name, last_name, banned_at, deleted_at)
        VALUES (${r.id}, ${`${r.id}@prueba.do`}, ${r.emailVerified}, ${r.name}, 'contractor', ${r.status}::user_status, ${r.name.split(' ')[0]!}, 'X',
          ${r.status === 'banned' ? sql`now()` : null}, ${r.status === 'deleted' ? sql`now()` : null})`);
      await d.db.insert(cp).values({
        userId: r.id,
        displayName: r.name,
        companyName: r.company,
        description: r.description,
        serviceTypes: r.services,
        country: r.country,
        city: r.city,
        zone: r.zone,
        ratingCount: r.ratingCount,
        ratingAvg: r.ratingCount === 0 ? 0 : r.ratingAvg,
        baseSector: r.base?.slug ?? null,
        lat: r.base?.lat ?? null,
        lng: r.base?.lng ?? null,
        serviceRadiusKm: r.radius,
        completedProjects: r.completed,
        favouritesCount: r.favourites,
      });
    }
    facts = await readFacetRows(d.db, undefined, { withWords: true });
  });
  afterAll(async () => {
    await d.drop();
  });

  /** The filters: each kind alone, and a few hundred mixes of them. */
  function filterTable(): DirectoryFilters[] {
    const table: DirectoryFilters[] = [{ service: [], rating: [] }];
    for (const s of SERVICE_TYPES) table.push({ service: [s], rating: [] });
    for (const r of RATING_FILTERS) table.push({ service: [], rating: [r] });
    for (const c of COUNTRY_CODES) table.push({ service: [], rating: [], country: c });
    for (const c of CITIES) table.push({ service: [], rating: [], city: c });
    for (const z of ZONES) table.push({ service: [], rating: [], zone: z });
    for (const q of TEXTS) table.push({ service: [], rating: [], q });
    for (const near of ORIGINS) table.push({ service: [], rating: [], near });
    const g = generator(11);
    for (let i = 0; i < 250; i++) {
      table.push({
        service: g.some(SERVICE_TYPES, 2),
        rating: g.some(RATING_FILTERS, 2),
        ...(g.chance(0.3) ? { country: g.pick(COUNTRY_CODES) } : {}),
        ...(g.chance(0.3) ? { city: g.pick(CITIES) } : {}),
        ...(g.chance(0.2) ? { zone: g.pick(ZONES) } : {}),
        ...(g.chance(0.3) ? { q: g.pick(TEXTS) } : {}),
      });
    }
    // With an origin: alone, with a trade word, with other filters (decision 042's reach).
    for (let i = 0; i < 80; i++) {
      table.push({
        service: g.chance(0.3) ? g.some(SERVICE_TYPES, 2) : [],
        rating: g.chance(0.2) ? g.some(RATING_FILTERS, 2) : [],
        ...(g.chance(0.2) ? { city: g.pick(CITIES) } : {}),
        ...(g.chance(0.5) ? { q: g.pick(TRADE_TEXTS) } : {}),
        near: g.pick(ORIGINS),
      });
    }
    return table;
  }

  async function inPostgres(f: DirectoryFilters): Promise<string[]> {
    const rows = await d.db
      .select({ id: cp.userId })
      .from(cp)
      .innerJoin(users, eq(users.id, cp.userId))
      .where(and(LISTED, matchingSql(f)))
      .orderBy(cp.userId);
    return rows.map((r) => r.id);
  }

  async function inMemory(f: DirectoryFilters): Promise<string[]> {
    const terms = f.q ? await textTerms(d.db, f.q) : undefined;
    const tradeTerms = new Map<string, TextTerms>();
    for (const t of f.q ? splitTradeWords(searchWords(f.q)).trades : []) tradeTerms.set(t.word, await wordTerms(d.db, [t.word]));
    const matches = factsMatcher(f, terms, tradeTerms);
    const ids: string[] = [];
    for (const c of facts) {
      const passes = matches({ ...c, ratingAvg: Math.fround(c.ratingAvg) });
      if (passes === undefined) throw new Error(`undecided in memory: ${JSON.stringify(f)}`);
      if (passes) ids.push(c.id);
    }
    return ids.sort();
  }

  it('the table is not trivial: every kind of filter keeps some contractors and drops others', async () => {
    const everyone = (await inPostgres({ service: [], rating: [] })).length;
    expect(everyone).toBeGreaterThan(N / 2);
    expect(everyone).toBeLessThan(N);
    for (const f of [{ q: 'plomero' }, { service: ['pintura' as const] }, { rating: ['star5' as const] }, { city: 'santiago' }, { zone: 'SDE' as const }]) {
      const n = (await inPostgres({ service: [], rating: [], ...f })).length;
      expect(n, JSON.stringify(f)).toBeGreaterThan(0);
      expect(n, JSON.stringify(f)).toBeLessThan(everyone);
    }
  });

  it('PostgreSQL and the in-memory test pick the same contractors for every filter of the table', async () => {
    for (const f of filterTable()) expect(await inMemory(f), JSON.stringify(f)).toEqual(await inPostgres(f));
  });

  it("a filter's `offers` (and `orWord`) let through everyone its test passes: the facets visit only those", async () => {
    let narrowed = 0;
    for (const f of filterTable()) {
      const tradeTerms = new Map<string, TextTerms>();
      for (const t of f.q ? splitTradeWords(searchWords(f.q)).trades : []) tradeTerms.set(t.word, await wordTerms(d.db, [t.word]));
      for (const c of criteria(f, undefined, tradeTerms)) {
        if (c.offers === undefined) continue;
        narrowed++;
        const wordTest =
          c.orWord === undefined ? undefined : criteria({ service: [], rating: [], q: c.orWord }, undefined, tradeTerms).find((x) => x.orWord === c.orWord)!.testWords!;
        for (const row of facts) {
          // And the other way (passesIfOffers): whoever offers one of them, or has the word, passes (the facets do not ask again).
          const offering = (row.services & c.offers) !== 0 || (wordTest !== undefined && wordTest(row.lexemes!));
          if (c.passesIfOffers) expect(c.test({ ...row, hasWord: (w) => (w === c.orWord ? wordTest!(row.lexemes!) : undefined) }), `${JSON.stringify(f)} ${row.id}`).toBe(offering);
          if (c.test(row) !== true) continue;
          expect(offering, `${JSON.stringify(f)} ${row.id}`).toBe(true);
        }
      }
    }
    expect(narrowed).toBeGreaterThan(100);
  });

  /** Without free text, or with trade words alone: what the facets decide in memory. */
  const decidedInMemory = (f: DirectoryFilters) => !f.q || plainWords(f.q).length === 0;

  it('the in-memory counts (facets) equal PostgreSQL counts for every filter without free text (trade words and origins too)', async () => {
    const facets = new DirectoryFacets(d.db);
    facets.setLive(true);
    await facets.settled();
    const table = filterTable().filter(decidedInMemory);
    expect(table.filter((f) => f.near && f.q).length).toBeGreaterThan(10);
    for (const f of table) {
      const expected = (await inPostgres(f)).length;
      expect(await facets.count(f), JSON.stringify(f)).toBe(expected);
      expect(await countContractors(d.db, f), JSON.stringify(f)).toBe(expected);
    }
    // Other free text is PostgreSQL's to count.
    expect(await facets.count({ service: [], rating: [], q: 'plomero nunez' })).toBeUndefined();
  });

  it("the pages the facets choose are PostgreSQL's, in the same order, for every sort (nearest first, trade rank first)", async () => {
    const facets = new DirectoryFacets(d.db);
    facets.setLive(true);
    await facets.settled();
    const table = filterTable().filter((f) => decidedInMemory(f) && (f.near || f.q));
    let nonTrivial = 0;
    let walked = 0;
    for (const f of table) {
      for (const sort of DIRECTORY_SORTS) {
        const expected = (await searchContractorRows(d.db, f, sort, N, 0)).map((r) => r.id);
        const chosen = await facets.page(f, sort, N);
        expect(chosen?.ids, `${sort} ${JSON.stringify(f)}`).toEqual(expected);
        // Without an origin the order is walked and the total counted apart.
        expect(chosen?.total).toBe(f.near ? expected.length : undefined);
        if (expected.length > 5) nonTrivial++;
        // A first page: dense matches walk the order (from a place once counted), others offer every match.
        const firstPage = await facets.page(f, sort, 12);
        expect(firstPage?.ids, `first page ${sort} ${JSON.stringify(f)}`).toEqual(expected.slice(0, 12));
        if (firstPage?.total === undefined || (f.near && sort !== 'distance' && firstPage.total * firstPage.total > 12 * facts.length)) walked++;
      }
    }
    expect(nonTrivial).toBeGreaterThan(100);
    expect(walked).toBeGreaterThan(50);
    // A page further on is the same order's slice.
    const f: DirectoryFilters = { service: [], rating: [], near: ORIGINS[0]! };
    expect((await facets.page(f, 'distance', 10))!.ids.slice(5)).toEqual((await searchContractorRows(d.db, f, 'distance', 5, 5)).map((r) => r.id));
  });

  it('the facets follow announced changes: a base moved or a radius changed (l), a trade word written in a description (t)', async () => {
    const facets = new DirectoryFacets(d.db);
    facets.setLive(true);
    await facets.settled();
    const near = { lat: findPlace('la-romana')!.lat, lng: findPlace('la-romana')!.lng };
    const byText: DirectoryFilters = { service: [], rating: [], q: 'fumigador', near };
    const fromLaRomana: DirectoryFilters = { service: [], rating: [], near };
    const before = await facets.count(fromLaRomana);
    const textBefore = await facets.count(byText);
    // A listed contractor based in Naco (about 105 km away), offering no fumigation, moves to La Romana and writes the word.
    const moved = facts.find((c) => c.listed && c.lat === naco.lat && (c.services & (1 << SERVICE_TYPES.indexOf('fumigacion'))) === 0)!;
    await d.db.update(cp).set({ baseSector: 'la-romana', lat: near.lat, lng: near.lng, serviceRadiusKm: 5, description: 'Fumigador de plagas.' }).where(eq(cp.userId, moved.id));
    facets.apply([{ id: moved.id, kinds: 'tl' }]);
    expect(await facets.count(fromLaRomana)).toBe(before! + 1);
    expect(await facets.count(byText)).toBe(textBefore! + 1);
    expect(await facets.count(byText)).toBe((await inPostgres(byText)).length);
    expect((await facets.page(byText, 'distance', N))!.ids).toContain(moved.id);
    // Someone else there starts offering fumigation (s), then is banned (m): the lists by base and service follow.
    const byService: DirectoryFilters = { service: ['fumigacion'], rating: [], near };
    const other = facts.find(
      (c) => c.listed && c.id !== moved.id && c.lat === near.lat && c.serviceRadiusKm >= 1 && (c.services & (1 << SERVICE_TYPES.indexOf('fumigacion'))) === 0,
    )!;
    const serviceBefore = await facets.count(byService);
    await d.db
      .update(cp)
      .set({ serviceTypes: ['fumigacion'] })
      .where(eq(cp.userId, other.id));
    facets.apply([{ id: other.id, kinds: 's' }]);
    expect(await facets.count(byService)).toBe(serviceBefore! + 1);
    expect((await facets.page(byService, 'distance', N))!.ids).toEqual((await searchContractorRows(d.db, byService, 'distance', N, 0)).map((r) => r.id));
    await d.db.update(users).set({ status: 'banned', bannedAt: new Date() }).where(eq(users.id, other.id));
    facets.apply([{ id: other.id, kinds: 'm' }]);
    expect(await facets.count(byService)).toBe(serviceBefore);
    expect(await facets.count(byService)).toBe((await inPostgres(byService)).length);
  });

  it('the orders the facets walk follow changes of sort keys (k): a review, favourites, completed projects', async () => {
    const facets = new DirectoryFacets(d.db);
    facets.setLive(true);
    await facets.settled();
    const near = { lat: naco.lat, lng: naco.lng };
    const searches: DirectoryFilters[] = [
      { service: [], rating: [], q: 'plomero' },
      { service: [], rating: [], near },
      { service: [], rating: [], q: 'electricista', near },
    ];
    const agree = async () => {
      for (const f of searches) {
        for (const sort of ['popular', 'reviews', 'rating_desc', 'rating_asc'] as const) {
          const expected = (await searchContractorRows(d.db, f, sort, 12, 0)).map((r) => r.id);
          expect((await facets.page(f, sort, 12))?.ids, `${sort} ${JSON.stringify(f)}`).toEqual(expected);
        }
      }
    };
    await agree();
    // Contractors from the end of the popular order jump to its top, and others get reviews.
    // Plumbers: in the results of 'plomero' (walked: no origin).
    const plumbing = 1 << SERVICE_TYPES.indexOf('plomeria');
    const movers = facts.filter((c) => c.listed && (c.services & plumbing) !== 0).slice(-4);
    expect(movers).toHaveLength(4);
    for (const [k, c] of movers.entries()) {
      await d.db
        .update(cp)
        .set({ completedProjects: 500 + k, favouritesCount: 40 - k, ratingCount: 90 + k, ratingAvg: k % 2 === 0 ? 4.9 : 1.2 })
        .where(eq(cp.userId, c.id));
    }
    facets.apply(movers.map((c) => ({ id: c.id, kinds: 'rkd' })));
    await agree();
    expect((await facets.page(searches[0]!, 'popular', 12))!.ids.slice(0, 4)).toEqual(movers.map((c) => c.id).reverse());
  });

  it('a trade word finds everyone offering the trade, and those whose text has the word', async () => {
    const plumbers = await inPostgres({ service: ['plomeria'], rating: [] });
    for (const q of ['plomero', 'Plomeras', 'PLOMERÍA']) {
      const found = await inPostgres({ service: [], rating: [], q });
      expect(found, q).toEqual(expect.arrayContaining(plumbers));
      expect(found.length, q).toBeGreaterThan(plumbers.length); // 'Plomero con experiencia' without the service
    }
    // 'técnico de': words that go with a trade are not required of the text.
    expect(await inPostgres({ service: [], rating: [], q: 'técnico de aire' })).toEqual(await inPostgres({ service: [], rating: [], q: 'aire' }));
    // Without the trade word in memory, offering it decides; otherwise it is left to PostgreSQL.
    const matches = factsMatcher({ service: [], rating: [], q: 'plomero' });
    const plumber = facts.find((c) => c.listed && plumbers.includes(c.id))!;
    expect(matches(plumber)).toBe(true);
    expect(matches({ ...plumber, services: 0 })).toBeUndefined();
  });

  it('a text of names (the typo mode) is never decided in memory', async () => {
    const f: DirectoryFilters = { service: [], rating: [], q: 'nunes ramon', textMode: 'names' };
    expect(factsMatcher(f, undefined)(facts.find((c) => c.listed)!)).toBeUndefined();
    expect((await inPostgres(f)).length).toBeGreaterThan(0);
  });
});

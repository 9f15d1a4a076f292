import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractorProfiles, users } from '../../db/schema/index.ts';
import { createUser } from '../../../test/support/factories.ts';
import { countContractors } from './directory-counts.repository.ts';
import { searchContractorRows, type DirectoryFilters } from './directory.repository.ts';
import { contractor, emptyDirectory, eventually, names, search, setUpDirectoryApp, t } from './directory-test-kit.ts';

describe('contractor directory API', () => {
  setUpDirectoryApp();

  describe('filters', () => {
    let ids: Record<string, string>;
    beforeAll(async () => {
      await emptyDirectory();
      ids = {
        plomero: await contractor('Ramón Núñez', {
          serviceTypes: ['plomeria'],
          companyName: 'Plomería Núñez',
          description: 'Reparación de tuberías y calentadores.',
          city: 'santo-domingo',
          zone: 'SDE',
        }),
        electricista: await contractor('Carmen Báez', {
          serviceTypes: ['electricidad', 'aire'],
          description: 'Instalaciones eléctricas y aire acondicionado.',
          city: 'santiago',
        }),
        pintor: await contractor('José Martínez', { serviceTypes: ['pintura'], description: 'Pintura interior y exterior.', city: 'santo-domingo', zone: 'DN' }),
        bogota: await contractor('Andrés Gómez', { serviceTypes: ['plomeria'], country: 'CO', city: 'bogota', description: 'Plomero en Bogotá.' }),
        banned: await contractor('Pedro Baneado', { serviceTypes: ['plomeria'] }, { status: 'banned', bannedAt: new Date() }),
        deleted: await contractor('Luis Borrado', { serviceTypes: ['plomeria'] }, { status: 'deleted', deletedAt: new Date() }),
      };
      await createUser(t.db, { role: 'client', firstName: 'Cliente' });
    });

    it('with no filter lists every active contractor, never banned, deleted ones or clients', async () => {
      const page = await search('');
      expect(page.total).toBe(4);
      expect(names(page).sort()).toEqual(['Andrés Gómez', 'Carmen Báez', 'José Martínez', 'Ramón Núñez']);
    });

    it('by service: any of the chosen services; ?type= counts as one', async () => {
      expect(names(await search('?service=plomeria')).sort()).toEqual(['Andrés Gómez', 'Ramón Núñez']);
      expect(names(await search('?service=aire&service=pintura')).sort()).toEqual(['Carmen Báez', 'José Martínez']);
      expect(names(await search('?type=electricidad')).sort()).toEqual(['Carmen Báez']);
      expect((await search('?service=herreria')).total).toBe(0);
    });

    it('by country, city and zone', async () => {
      expect(names(await search('?country=CO'))).toEqual(['Andrés Gómez']);
      expect(names(await search('?country=DO&city=santiago'))).toEqual(['Carmen Báez']);
      expect(names(await search('?city=santo-domingo')).sort()).toEqual(['José Martínez', 'Ramón Núñez']);
      expect(names(await search('?zone=DN'))).toEqual(['José Martínez']);
      expect(names(await search('?zone=SDE&service=plomeria'))).toEqual(['Ramón Núñez']);
    });

    it('free text over name, company and description ignores accents and case, and finds parts of words', async () => {
      expect(names(await search('?q=nunez'))).toEqual(['Ramón Núñez']); // name and company 'Plomería Núñez'
      expect(names(await search('?q=interior'))).toEqual(['José Martínez']); // description 'Pintura interior'
      expect(names(await search('?q=PLOMERÍA%20nunez'))).toEqual(['Ramón Núñez']);
      expect(names(await search('?q=electricas'))).toEqual(['Carmen Báez']); // description 'eléctricas'
      expect(names(await search('?q=tuberia'))).toEqual(['Ramón Núñez']); // 'tuberías'
      expect(names(await search('?q=calenta'))).toEqual(['Ramón Núñez']); // a word being typed
      expect(names(await search('?q=baez'))).toEqual(['Carmen Báez']);
      expect(names(await search('?q=Martines'))).toEqual(['José Martínez']); // the same stem as Martínez
      // Trade words (decision 037): everyone offering the trade, whatever their text says.
      expect(names(await search('?q=plomeria')).sort()).toEqual(['Andrés Gómez', 'Ramón Núñez']);
      expect(names(await search('?q=Plomeras')).sort()).toEqual(['Andrés Gómez', 'Ramón Núñez']);
      expect(names(await search('?q=t%C3%A9cnico%20de%20aire'))).toEqual(['Carmen Báez']);
      expect(names(await search('?q=electricista%20santiago'))).toEqual([]); // 'santiago' is in no text (the city is a filter)
      // When no word matches: names close to the text, or containing it.
      expect(names(await search('?q=nunes%20ramon'))).toEqual(['Ramón Núñez']);
      expect(names(await search('?q=Carmn%20Baez'))).toEqual(['Carmen Báez']);
      expect(names(await search('?q=xyzzy'))).toEqual([]);
      expect(names(await search('?q=tin'))).toEqual(['José Martínez']);
      // Two letters are inside too many names to say anything ('ti' in Martínez): only names close to them.
      expect(names(await search('?q=ti'))).toEqual([]);
      expect((await search('?q=carpintero%20soldador')).total).toBe(0); // nobody offers both ebanistería and herrería
      // Banned contractors stay out of text results too.
      expect(names(await search('?q=baneado'))).toEqual([]);
    });

    it('query symbols are words to search, never query syntax', async () => {
      for (const q of ["pintura'|!&:*()", '<script>', '%_\\', '   ']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/contractors?q=${encodeURIComponent(q)}` });
        expect(res.statusCode, q).toBe(200);
      }
      expect(names(await search(`?q=${encodeURIComponent('pintura & !')}`))).toEqual(['José Martínez']);
    });

    it('the same kind of search asked again and again with other values answers each for its own (one statement, its values as parameters)', async () => {
      // More than PostgreSQL's five runs before it may switch a named statement to a generic plan.
      for (let round = 0; round < 4; round++) {
        const plumbers = await search('?service=plomeria');
        expect([names(plumbers).sort(), plumbers.total], `round ${round}`).toEqual([['Andrés Gómez', 'Ramón Núñez'], 2]);
        const painters = await search('?service=pintura');
        expect([names(painters), painters.total], `round ${round}`).toEqual([['José Martínez'], 1]);
        expect((await search('?service=herreria')).total).toBe(0);
        const santiago = await search('?service=aire&country=DO&city=santiago');
        expect([names(santiago), santiago.total]).toEqual([['Carmen Báez'], 1]);
        expect((await search('?service=aire&country=DO&city=santo-domingo')).total).toBe(0);
      }
      // A page past the last has no row to carry the count: the total is still told.
      const past = await search('?service=plomeria&page=3');
      expect([past.items, past.total, past.pageCount]).toEqual([[], 2, 1]);
    });

    it('filters combine (AND between kinds)', async () => {
      expect(names(await search('?service=plomeria&country=DO&q=tuberias'))).toEqual(['Ramón Núñez']);
      expect((await search('?service=plomeria&city=santiago')).total).toBe(0);
    });

    it('cards show only public fields: never e-mail, phone, cédula or address', async () => {
      await t.db.update(contractorProfiles).set({ cedula: '00112345678', address: 'Calle Secreta 12', postalCode: '10101' }).where(eq(contractorProfiles.userId, ids.plomero!));
      await t.db.update(users).set({ phone: '8095550123' }).where(eq(users.id, ids.plomero!));
      const email = (await t.db.select({ email: users.email }).from(users).where(eq(users.id, ids.plomero!)))[0]!.email;
      for (const url of [`/api/contractors?q=nunez`, `/api/contractors/${ids.plomero}`]) {
        const res = await eventually(
          () => t.app.inject({ method: 'GET', url }),
          (r) => r.body.includes('Ramón Núñez'),
        );
        expect(res.body).toContain('Ramón Núñez');
        for (const secret of [email, '8095550123', '00112345678', 'Calle Secreta', '10101']) expect(res.body, url).not.toContain(secret);
      }
      const card = (await search('?q=nunez')).items[0]!;
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
    });

    it('refuses bad query values with a Spanish message (400)', async () => {
      for (const query of ['sort=mejores', 'rating=star9', 'service=astronauta', 'page=0', 'page=abc', 'zone=XX', 'country=US', 'city=Santo%20Domingo', `q=${'a'.repeat(101)}`]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/contractors?${query}` });
        expect(res.statusCode, query).toBe(400);
        const body = res.json<{ error: { code: string; message: string; fields?: Record<string, string> } }>();
        expect(body.error.code, query).toBe('VALIDATION');
        expect(body.error.message).toBe('Revisa los campos marcados.');
        expect(Object.values(body.error.fields ?? {}).join(' '), query).toMatch(/Elige una opción válida\.|Valor inválido\.|Máximo 100 caracteres\.|Número|mayor|menor|inválid/i);
      }
    });
  });

  describe('rating filter', () => {
    beforeAll(async () => {
      await emptyDirectory();
      const rated = async (name: string, avg: number, count: number) => contractor(name, { ratingAvg: avg, ratingCount: count });
      await rated('Uno Exacto', 1, 2);
      await rated('Uno Medio', 1.5, 2);
      await rated('Dos Justo', 1.75, 4);
      await rated('Cuatro Bajo', 3.8, 5);
      await rated('Cuatro Alto', 4.5, 2); // drawn as 4½ stars: four full stars
      await rated('Cinco Casi', 4.75, 4); // drawn as 5 stars
      await rated('Cinco Pleno', 5, 1);
      await rated('Sin Reseñas', 0, 0);
    });

    it('a star chip matches the contractors the star widget draws with that many full stars', async () => {
      expect(names(await search('?rating=star1&sort=rating_asc'))).toEqual(['Uno Exacto', 'Uno Medio']);
      expect(names(await search('?rating=star2'))).toEqual(['Dos Justo']);
      expect((await search('?rating=star3')).total).toBe(0);
      expect(names(await search('?rating=star4&sort=rating_asc'))).toEqual(['Cuatro Bajo', 'Cuatro Alto']);
      expect(names(await search('?rating=star5&sort=rating_asc'))).toEqual(['Cinco Casi', 'Cinco Pleno']);
    });

    it('"4 o más" is a minimum: five-star contractors appear under it too (issue 35)', async () => {
      expect(names(await search('?rating=min4&sort=rating_asc'))).toEqual(['Cuatro Bajo', 'Cuatro Alto', 'Cinco Casi', 'Cinco Pleno']);
      expect(names(await search('?rating=min3&sort=rating_asc'))).toEqual(['Cuatro Bajo', 'Cuatro Alto', 'Cinco Casi', 'Cinco Pleno']);
      // With a band too, OR as the chips always combine.
      expect(names(await search('?rating=min4&rating=star2&sort=rating_asc'))).toEqual(['Dos Justo', 'Cuatro Bajo', 'Cuatro Alto', 'Cinco Casi', 'Cinco Pleno']);
    });

    it('several chips combine with OR; withReviews means at least one review; none means everyone', async () => {
      expect(names(await search('?rating=star1&rating=star5&sort=rating_asc'))).toEqual(['Uno Exacto', 'Uno Medio', 'Cinco Casi', 'Cinco Pleno']);
      expect((await search('?rating=withReviews')).total).toBe(7);
      expect(names(await search('?rating=withReviews'))).not.toContain('Sin Reseñas');
      expect((await search('')).total).toBe(8);
    });
  });

  describe('counts', () => {
    it('count the contractors a search lists, and follow bans, services and ratings', async () => {
      await emptyDirectory();
      const services = ['plomeria', 'pintura', 'electricidad', 'aire'] as const;
      const places = [
        ['DO', 'santo-domingo', 'DN'],
        ['DO', 'santo-domingo', 'SDE'],
        ['DO', 'santiago', null],
        ['CO', 'bogota', null],
        ['CO', 'otro', null],
        ['DO', 'otro', null],
      ] as const;
      const ratings = [0, 1, 1.5, 1.75, 2.74, 2.75, 3.3, 3.75, 4.5, 4.75, 5];
      const ids: string[] = [];
      for (let i = 0; i < 44; i++) {
        const [country, city, zone] = places[i % places.length]!;
        const avg = ratings[i % ratings.length]!;
        ids.push(
          await contractor(
            `Persona ${i}`,
            { serviceTypes: [services[i % 4]!, ...(i % 3 === 0 ? [services[(i + 1) % 4]!] : [])], country, city, zone, ratingAvg: avg, ratingCount: avg === 0 ? 0 : 1 + (i % 5) },
            i % 11 === 5 ? { status: 'banned', bannedAt: new Date() } : i % 13 === 7 ? { status: 'deleted', deletedAt: new Date() } : {},
          ),
        );
      }
      const combos: DirectoryFilters[] = [
        { service: [], rating: [] },
        { service: ['plomeria'], rating: [] },
        { service: ['plomeria', 'aire'], rating: [] },
        { service: [], rating: [], country: 'CO' },
        { service: [], rating: [], city: 'otro' },
        { service: [], rating: [], country: 'DO', city: 'otro' },
        { service: ['pintura'], rating: [], zone: 'SDE' },
        { service: [], rating: ['withReviews'] },
        { service: [], rating: ['star1'] },
        { service: [], rating: ['star2', 'star5'] },
        { service: [], rating: ['min4'] },
        { service: [], rating: ['min3', 'star1'] },
        { service: ['electricidad'], rating: ['star3', 'star4'], country: 'DO' },
        { service: [], rating: [], city: 'medellin' },
      ];
      // The count subtracts the unlisted accounts; the page joins them: the same contractors.
      const check = async () => {
        for (const f of combos) {
          const all = await searchContractorRows(t.db, f, 'popular', 1000, 0);
          expect(await countContractors(t.db, f), JSON.stringify(f)).toBe(all.length);
        }
      };
      await check();
      expect((await search('')).total).toBe(44 - 4 - 3);

      await t.db.update(users).set({ status: 'banned', bannedAt: new Date() }).where(eq(users.id, ids[0]!));
      await t.db
        .update(contractorProfiles)
        .set({ serviceTypes: ['aire'], ratingAvg: 4.9, ratingCount: 9 })
        .where(eq(contractorProfiles.userId, ids[1]!));
      await check();
      expect((await search('')).total).toBe(44 - 4 - 3 - 1);
    });
  });

  describe('sort orders and pages', () => {
    const made: { id: string; name: string; completed: number; count: number; avg: number; favs: number }[] = [];
    beforeAll(async () => {
      await emptyDirectory();
      // 15 contractors; a few ties on purpose (the id decides them).
      const specs: [number, number, number, number][] = [
        [10, 3, 4.0, 1],
        [2, 40, 3.5, 0],
        [7, 0, 0, 9],
        [7, 12, 4.9, 2],
        [0, 5, 2.2, 0],
        [15, 1, 1.0, 0],
        [3, 8, 4.9, 5],
        [1, 20, 3.0, 1],
        [4, 2, 5.0, 0],
        [9, 9, 4.1, 3],
        [0, 0, 0, 0],
        [5, 6, 2.8, 4],
        [6, 6, 2.8, 4],
        [8, 30, 3.9, 0],
        [11, 1, 1.5, 7],
      ];
      for (const [i, [completed, count, avg, favs]] of specs.entries()) {
        const name = `Contratista ${String(i + 1).padStart(2, '0')}`;
        const id = await contractor(name, { completedProjects: completed, ratingCount: count, ratingAvg: avg, favouritesCount: favs });
        made.push({ id, name, completed, count, avg, favs });
      }
      // The directory hears of the new contractors by notification, just after each commit
      // (decision 015): the tests below start once it has heard of all fifteen.
      const heard = await eventually(
        () => search(''),
        (p) => p.total === specs.length,
      );
      expect(heard.total).toBe(specs.length);
    });

    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const cmp =
      (...keys: ((c: (typeof made)[number]) => number)[]) =>
      (a: (typeof made)[number], b: (typeof made)[number]) => {
        for (const k of keys) if (k(a) !== k(b)) return k(a) - k(b);
        return byId(a, b);
      };

    it('each sort order really orders the whole result, ties broken by id', async () => {
      const expected = {
        popular: [...made].sort(
          cmp(
            (c) => -c.completed,
            (c) => -c.count,
            (c) => -c.favs,
          ),
        ),
        reviews: [...made].sort(
          cmp(
            (c) => -c.count,
            (c) => -c.avg,
          ),
        ),
        rating_desc: [...made].sort(
          cmp(
            (c) => -c.avg,
            (c) => -c.count,
          ),
        ),
        rating_asc: [...made].sort(
          cmp(
            (c) => (c.count === 0 ? 1 : 0),
            (c) => c.avg,
            (c) => -c.count,
          ),
        ),
      };
      for (const [sort, order] of Object.entries(expected)) {
        const page1 = await search(`?sort=${sort}`);
        const page2 = await search(`?sort=${sort}&page=2`);
        expect([...names(page1), ...names(page2)], sort).toEqual(order.map((c) => c.name));
      }
      // Popular is the default.
      expect(names(await search(''))).toEqual(names(await search('?sort=popular')));
      expect(names(await search('?sort=rating_asc'))).not.toEqual(names(await search('?sort=rating_desc')));
    });

    it('pages of 12 with the right total and page count; page 2 holds the rest', async () => {
      const p1 = await search('?sort=reviews');
      const p2 = await search('?sort=reviews&page=2');
      const p3 = await search('?sort=reviews&page=3');
      expect([p1.total, p1.page, p1.pageSize, p1.pageCount]).toEqual([15, 1, 12, 2]);
      expect(p1.items).toHaveLength(12);
      expect([p2.total, p2.page, p2.items.length]).toEqual([15, 2, 3]);
      expect(names(p2).some((n) => names(p1).includes(n))).toBe(false);
      expect([p3.items, p3.total, p3.pageCount]).toEqual([[], 15, 2]);
      const filtered = await search('?rating=withReviews&sort=reviews');
      expect([filtered.total, filtered.pageCount]).toEqual([13, 2]);
    });
  });
});

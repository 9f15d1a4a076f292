import { type ContractorPublicProfile, type DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { contractorProfiles, projects, reviews, users } from '../../db/schema/index.ts';
import { createLogger } from '../../lib/logger.ts';
import { createUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { countContractors, searchContractorRows, type DirectoryFilters } from './directory.repository.ts';

type Profile = Partial<typeof contractorProfiles.$inferInsert>;

describe('contractor directory API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A contractor with the given profile; the name goes in both users and the profile. */
  async function contractor(name: string, profile: Profile = {}, user: Partial<typeof users.$inferInsert> = {}): Promise<string> {
    const [first, ...rest] = name.split(' ');
    const u = await createUser(t.db, { role: 'contractor', firstName: first! });
    await t.db
      .update(users)
      .set({ firstName: first!, lastName: rest.join(' '), name, ...user })
      .where(eq(users.id, u.id));
    await t.db
      .update(contractorProfiles)
      .set({ displayName: name, serviceTypes: ['pintura'], ...profile })
      .where(eq(contractorProfiles.userId, u.id));
    return u.id;
  }

  async function search(query: string): Promise<DirectoryPage> {
    const res = await t.app.inject({ method: 'GET', url: `/api/contractors${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DirectoryPage>();
  }

  const names = (page: DirectoryPage) => page.items.map((c) => c.name);

  /** Removes every contractor so each block starts from a known directory. */
  async function emptyDirectory(): Promise<void> {
    await t.db.delete(reviews);
    await t.db.delete(projects);
    await t.db.delete(contractorProfiles);
    await t.db.delete(users).where(eq(users.role, 'contractor'));
  }

  /** Waits until the change notification reached the cache (it arrives just after commit). */
  async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 3_000): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const v = await read();
      if (ok(v) || Date.now() > until) return v;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

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
      expect(p3.items).toEqual([]);
      const filtered = await search('?rating=withReviews&sort=reviews');
      expect([filtered.total, filtered.pageCount]).toEqual([13, 2]);
    });
  });

  describe('card details', () => {
    it('no distance without an origin (never from the city centre), member since, badges', async () => {
      await emptyDirectory();
      const joined = new Date(Date.now() - 10 * 86_400_000);
      const id = await contractor(
        'Rosa Peña',
        { city: 'santiago', lat: 19.4517 + 0.09, lng: -70.697, verifiedAt: new Date(), featured: true, completedProjects: 4, ratingAvg: 4.4, ratingCount: 5 },
        { createdAt: joined },
      );
      const old = await contractor('Ángel Castillo', { city: 'santo-domingo', lat: null, lng: null }, { createdAt: new Date('2023-02-01T12:00:00Z') });
      const cards = (await search('')).items;
      const rosa = cards.find((c) => c.id === id)!;
      expect(rosa.distanceKm).toBeNull();
      // From a place: 0.09° of latitude north of Santiago's centre ≈ 10.0 km.
      // Her radius (15 km by default) reaches it; Ángel has no base, so no place is in his reach.
      const fromSantiago = await search('?donde=santiago');
      expect(fromSantiago.items.map((c) => [c.id, c.distanceKm])).toEqual([[id, 10]]);
      expect(fromSantiago.origin).toEqual({ kind: 'place', name: 'Santiago de los Caballeros', slug: 'santiago' });
      expect(rosa.memberSince).toBe(joined.toISOString());
      expect(rosa.badges).toEqual({ isNew: true, verified: true, featured: true });
      expect([rosa.completedProjects, rosa.ratingAvg, rosa.ratingCount, rosa.city, rosa.country]).toEqual([4, 4.4, 5, 'santiago', 'DO']);
      const angel = cards.find((c) => c.id === old)!;
      expect(angel.distanceKm).toBeNull();
      expect(angel.badges).toEqual({ isNew: false, verified: false, featured: false });
    });
  });

  describe('public contractor page', () => {
    let contractorId: string;
    beforeAll(async () => {
      await emptyDirectory();
      contractorId = await contractor('Ramón Núñez', {
        serviceTypes: ['plomeria'],
        companyName: 'Plomería Núñez',
        description: 'Veinte años reparando tuberías.',
        city: 'santo-domingo',
        // The aggregates the review service keeps (approved reviews below: 5 and 4).
        ratingAvg: 4.5,
        ratingCount: 2,
      });
      const client = await createUser(t.db, { role: 'client', firstName: 'Lucía' });
      const other = await createUser(t.db, { role: 'client', firstName: 'Marta' });
      await t.db.update(users).set({ lastName: 'ortega' }).where(eq(users.id, other.id));
      const review = async (author: string, status: 'approved' | 'pending' | 'rejected', rating: number, title: string, createdAt: Date, reply: string | null = null) => {
        const [p] = await t.db
          .insert(projects)
          .values({
            clientId: author,
            contractorId,
            title: `Proyecto ${title}`,
            description: 'Arreglo',
            propertyType: 'casa',
            serviceTypes: ['plomeria'],
            startDate: '2025-01-10',
            status: 'completado',
          })
          .returning({ id: projects.id });
        await t.db.insert(reviews).values({
          projectId: p!.id,
          authorId: author,
          subjectId: contractorId,
          direction: 'client_to_contractor',
          rating,
          title,
          comments: `Comentario ${title}`,
          status,
          reply,
          createdAt,
        });
      };
      await review(client.id, 'approved', 5, 'Excelente', new Date('2025-03-01'), 'Gracias, Lucía.');
      await review(other.id, 'approved', 4, 'Muy bien', new Date('2025-04-01'));
      await review(client.id, 'pending', 1, 'Pendiente', new Date('2025-05-01'));
      await review(other.id, 'rejected', 1, 'Rechazada', new Date('2025-05-02'));
    });

    it('shows the card, the description and only approved reviews, newest first, authors by first name and initial', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/contractors/${contractorId}` });
      expect(res.statusCode).toBe(200);
      const page = res.json<ContractorPublicProfile>();
      expect(page).toMatchObject({ id: contractorId, name: 'Ramón Núñez', companyName: 'Plomería Núñez', description: 'Veinte años reparando tuberías.', services: ['plomeria'] });
      expect(page.reviews.map((r) => [r.authorName, r.rating, r.title, r.comment, r.reply])).toEqual([
        ['Marta O.', 4, 'Muy bien', 'Comentario Muy bien', null],
        ['Lucía A.', 5, 'Excelente', 'Comentario Excelente', 'Gracias, Lucía.'],
      ]);
      expect(res.body).not.toMatch(/Pendiente|Rechazada|@prueba\.do/);
    });

    it('answers 404 in Spanish for an unknown id, a client, a banned or deleted contractor, or a malformed id', async () => {
      const client = await createUser(t.db, { role: 'client' });
      const banned = await contractor('Pedro Baneado', {}, { status: 'banned', bannedAt: new Date() });
      const deleted = await contractor('Luis Borrado', {}, { status: 'deleted', deletedAt: new Date() });
      for (const id of ['0b9c4c1e-6a51-4a57-9d0f-1f0d4d2b8a11', client.id, banned, deleted, 'no-es-un-id', "1'%20OR%20'1'='1"]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/contractors/${id}` });
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No encontramos a este contratista.' } });
      }
    });
  });

  describe('changes', () => {
    it('a change is in the next answer: a new name, on the search and the page', async () => {
      await emptyDirectory();
      const id = await contractor('Carmen Báez', { serviceTypes: ['electricidad'] });
      const read = async () => (await search('?service=electricidad')).items[0]?.name;
      const page = async () => (await t.app.inject({ method: 'GET', url: `/api/contractors/${id}` })).json<ContractorPublicProfile>().name;
      expect(await read()).toBe('Carmen Báez');
      expect(await page()).toBe('Carmen Báez');
      // Even with the triggers off (nothing announced): PostgreSQL answers, nothing is kept.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE contractor_profiles DISABLE TRIGGER USER`);
        await tx.update(contractorProfiles).set({ displayName: 'Carmen Báez Peña' }).where(eq(contractorProfiles.userId, id));
        await tx.execute(sql`ALTER TABLE contractor_profiles ENABLE TRIGGER USER`);
      });
      expect(await read()).toBe('Carmen Báez Peña');
      expect(await page()).toBe('Carmen Báez Peña');
    });

    it('stays correct on a second server instance sharing the database (ban, review aggregate)', async () => {
      await emptyDirectory();
      const a = await contractor('Ana Uno', { serviceTypes: ['herreria'], ratingAvg: 3, ratingCount: 1 });
      await contractor('Bea Dos', { serviceTypes: ['herreria'], ratingAvg: 4, ratingCount: 1 });
      const second = await buildApp({ config: t.config, db: t.db, logger: createLogger(t.config), jobs: { schedules: false } });
      await second.ready();
      try {
        const read = async (app: typeof t.app) => (await app.inject({ method: 'GET', url: '/api/contractors?service=herreria&sort=rating_desc' })).json<DirectoryPage>();
        for (const app of [t.app, second]) expect(names(await read(app))).toEqual(['Bea Dos', 'Ana Uno']);
        // A new approved review moves Ana's average (the review service updates the aggregate).
        await t.db.update(contractorProfiles).set({ ratingAvg: 4.5, ratingCount: 2 }).where(eq(contractorProfiles.userId, a));
        for (const app of [t.app, second]) expect(names(await read(app))).toEqual(['Ana Uno', 'Bea Dos']);
        // An administrator bans Ana: she leaves every instance's results and her page.
        await t.db.update(users).set({ status: 'banned', bannedAt: new Date() }).where(eq(users.id, a));
        for (const app of [t.app, second]) {
          expect(names(await read(app))).toEqual(['Bea Dos']);
          expect((await app.inject({ method: 'GET', url: `/api/contractors/${a}` })).statusCode).toBe(404);
        }
      } finally {
        await second.close();
      }
    });

    it('a description that starts saying the words joins a free-text search', async () => {
      await emptyDirectory();
      for (let i = 0; i < 3; i++) await contractor(`Pintora ${i}`, { description: 'Pintura de fachadas y texturizados.', completedProjects: 50 - i });
      const other = await contractor('Otro Sector', { serviceTypes: ['limpieza'], description: 'Limpieza de oficinas.', completedProjects: 90 });
      expect(names(await search('?q=fachadas'))).toEqual(['Pintora 0', 'Pintora 1', 'Pintora 2']);
      await t.db.update(contractorProfiles).set({ description: 'Limpieza de fachadas.' }).where(eq(contractorProfiles.userId, other));
      expect(names(await search('?q=fachadas'))).toEqual(['Otro Sector', 'Pintora 0', 'Pintora 1', 'Pintora 2']);
    });

    it('an e-mail no longer confirmed, or a profile losing its minimum, leaves every search', async () => {
      await emptyDirectory();
      const [a, b] = [await contractor('Ana Pintora', { serviceTypes: ['pintura'] }), await contractor('Bea Pintora', { serviceTypes: ['pintura'] })];
      await contractor('Otro Sector', { serviceTypes: ['limpieza'] });
      const listed = async () => (await search('?service=pintura')).total;
      expect(await listed()).toBe(2);
      await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, a));
      expect(await listed()).toBe(1);
      // Bea's profile loses its city: no longer the minimum, she leaves a search without any place filter too.
      await t.db.update(contractorProfiles).set({ city: null }).where(eq(contractorProfiles.userId, b));
      expect(await listed()).toBe(0);
      expect((await search('')).total).toBe(1);
    });

    it('a new contractor appears at once', async () => {
      await emptyDirectory();
      await contractor('Primero Uno', { serviceTypes: ['mudanza'] });
      expect((await search('?service=mudanza')).total).toBe(1);
      await contractor('Segundo Dos', { serviceTypes: ['mudanza'] });
      expect((await search('?service=mudanza')).total).toBe(2);
    });
  });
});

import { type ContractorPublicProfile, type DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { contractorProfiles, projects, reviews, users } from '../../db/schema/index.ts';
import { createLogger } from '../../lib/logger.ts';
import { createUser } from '../../../test/support/factories.ts';
import { contractor, emptyDirectory, names, search, setUpDirectoryApp, t } from './directory-test-kit.ts';

describe('contractor directory API', () => {
  setUpDirectoryApp();

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

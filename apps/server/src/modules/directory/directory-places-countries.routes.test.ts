import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import { findPlace, kmBetweenPoints } from '@arreglaya/shared/places';
import type { DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorProfiles, users } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn } from '../../../test/support/factories.ts';
import { person, projectForm, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// Places in Colombia and Mexico (issue 51, item 3; decision 066): the barrios people search by
// resolve, distances are measured there, and a profile's or project's place must be in its country.

describe('directory: places in Colombia and Mexico', () => {
  let t: TestApp;
  let medellin: string;
  let bogota: string;
  let cdmx: string;
  let dominican: string;
  let client: Person;

  async function contractor(name: string, country: 'DO' | 'CO' | 'MX', sector: string, radius = 15): Promise<string> {
    const u = await createUser(t.db, { role: 'contractor', firstName: name });
    await t.db
      .update(users)
      .set({ firstName: name, lastName: 'Prueba', name: `${name} Prueba`, country })
      .where(eq(users.id, u.id));
    const place = findPlace(sector)!;
    await t.db
      .update(contractorProfiles)
      .set({
        displayName: `${name} Prueba`,
        serviceTypes: ['plomeria', 'electricidad'],
        country,
        city: place.city,
        baseSector: sector,
        lat: place.lat,
        lng: place.lng,
        serviceRadiusKm: radius,
      })
      .where(eq(contractorProfiles.userId, u.id));
    return u.id;
  }

  async function search(query: string): Promise<DirectoryPage> {
    const res = await t.app.inject({ method: 'GET', url: `/api/contractors${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DirectoryPage>();
  }

  const rounded = (from: string, to: string) => Math.round(kmBetweenPoints(findPlace(from)!, findPlace(to)!) * 10) / 10;

  beforeAll(async () => {
    t = await createTestApp();
    medellin = await contractor('Medellinense', 'CO', 'laureles');
    bogota = await contractor('Rolo', 'CO', 'chico');
    cdmx = await contractor('Chilango', 'MX', 'condesa');
    dominican = await contractor('Capitaleño', 'DO', 'naco', 100);
    client = await person(t, 'client');
  });
  afterAll(async () => {
    await t.close();
  });

  it('"electricista en El Poblado" finds the contractor based in Laureles, with his distance', async () => {
    const page = await search(`?q=${encodeURIComponent('electricista en El Poblado')}`);
    expect(page.origin).toEqual({ kind: 'place', name: 'El Poblado', slug: 'el-poblado' });
    expect(page.items.map((c) => c.id)).toEqual([medellin]);
    expect(page.items[0]!.distanceKm).toBe(rounded('laureles', 'el-poblado'));
    expect(page.items[0]!.distanceKm).toBeGreaterThan(1);
  });

  it('"plomero en Chapinero" and "plomero en Polanco" find the contractors of Bogotá and Mexico City', async () => {
    const chapinero = await search(`?q=${encodeURIComponent('plomero en Chapinero')}`);
    expect(chapinero.origin?.slug).toBe('chapinero');
    expect(chapinero.items.map((c) => c.id)).toEqual([bogota]);
    expect(chapinero.items[0]!.distanceKm).toBe(rounded('chico', 'chapinero'));
    const polanco = await search(`?q=${encodeURIComponent('plomero en Polanco')}&sort=distance`);
    expect(polanco.origin?.slug).toBe('polanco');
    expect(polanco.items.map((c) => c.id)).toEqual([cdmx]);
    // The Dominican with a 100 km radius reaches none of them.
    expect([...chapinero.items, ...polanco.items].map((c) => c.id)).not.toContain(dominican);
  });

  it("reads a name in two countries as the searched country's, and a place by slug or label", async () => {
    expect((await search(`?q=${encodeURIComponent('plomero en Santa Fe')}&country=MX`)).origin?.slug).toBe('santa-fe-cdmx');
    expect((await search(`?q=${encodeURIComponent('plomero en Santa Fe')}&country=CO`)).origin?.slug).toBe('santa-fe-bogota');
    const byLabel = await search(`?donde=${encodeURIComponent('El Poblado, Medellín')}&sort=distance`);
    expect(byLabel.origin?.slug).toBe('el-poblado');
    expect(byLabel.items.map((c) => c.id)).toEqual([medellin]);
  });

  it("saves a Colombian project's barrio with its coordinates and refuses a place of another country, naming the field", async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: client.headers,
      payload: projectForm({ country: 'CO', city: 'medellin', zone: null, sector: 'el-poblado' }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().project.sector).toBe('el-poblado');
    // Distances from the client's own Colombian project.
    const fromProject = await t.app.inject({ method: 'GET', url: `/api/contractors?proyecto=${ok.json().project.id}`, headers: client.headers });
    expect(fromProject.json().items.map((c: { id: string }) => c.id)).toEqual([medellin]);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: client.headers,
      payload: projectForm({ country: 'CO', city: 'medellin', zone: null, sector: 'polanco' }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ sector: 'Ese lugar no está en Colombia: elige uno de ese país.' });
    const dominicanPlace = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: client.headers,
      payload: projectForm({ country: 'MX', city: 'ciudad-de-mexico', zone: null, sector: 'naco' }),
    });
    expect(dominicanPlace.statusCode).toBe(400);
    expect(dominicanPlace.json().error.fields).toEqual({ sector: 'Ese lugar no está en México: elige uno de ese país.' });
  });

  it("refuses a contractor's base in another country than the profile's, naming the field, and stores nothing", async () => {
    const user = await createUser(t.db, { role: 'contractor' });
    const cookie = await signIn(t, user);
    const first10 = '0011234567';
    const body = {
      firstName: 'Ramón',
      lastName: 'Báez',
      phone: '(829) 555 0199',
      country: 'DO',
      companyName: 'Báez Plomería SRL',
      cedula: `${first10.slice(0, 3)}-${first10.slice(3)}-${cedulaCheckDigit(first10)}`,
      serviceTypes: ['plomeria'],
      description: 'Plomero con 15 años de experiencia en Santiago.',
      address: 'Calle del Sol 12',
      city: 'santiago',
      zone: '',
      baseSector: 'el-poblado',
    };
    const res = await t.app.inject({ method: 'PUT', url: '/api/me/profile/contractor', headers: asBrowser(cookie), payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ baseSector: 'Ese lugar no está en República Dominicana: elige uno de ese país.' });
    expect(await t.db.query.contractorProfiles.findFirst({ where: eq(contractorProfiles.userId, user.id) })).toMatchObject({ baseSector: null, lat: null });
  });
});

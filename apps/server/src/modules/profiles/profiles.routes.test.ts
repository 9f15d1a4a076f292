import { eq, sql } from 'drizzle-orm';
import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import { COUNTRIES } from '@arreglaya/shared/countries';
import { idDocuments } from '@arreglaya/shared/i18n/id-documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientProfiles, contractorProfiles, users } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn, type TestUser } from '../../../test/support/factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createDataCipher, loadDataKey } from '../../lib/data-encryption.ts';
import { contractorBase, sealLegacyCedulas } from './profiles.service.ts';
import { findPlace } from '@arreglaya/shared/places';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (cookie: string | null, who: 'client' | 'contractor', payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/me/profile/${who}`, headers: cookie ? asBrowser(cookie) : { 'x-requested-with': 'arreglaya' }, payload });
const get = (cookie: string, who: 'client' | 'contractor') => t.app.inject({ method: 'GET', url: `/api/me/profile/${who}`, headers: { cookie } });

/** A cédula with a right check digit, from 10 given digits. */
const cedulaFrom = (first10: string) => `${first10.slice(0, 3)}-${first10.slice(3)}-${cedulaCheckDigit(first10)}`;

const clientInput = {
  firstName: 'Lucía',
  lastName: 'Peña Ortiz',
  phone: '809-555-0123',
  country: 'DO',
  address: 'Calle El Conde 105',
  city: 'santo-domingo',
  zone: 'DN',
  facebook: 'facebook.com/lucia.pena',
  instagram: '',
  linkedin: '',
};

function contractorInput(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ramón',
    lastName: 'Báez',
    phone: '(829) 555 0199',
    country: 'DO',
    companyName: 'Báez Plomería SRL',
    cedula: cedulaFrom('0011234567'),
    serviceTypes: ['plomeria', 'refrigeracion'],
    description: 'Plomero con 15 años de experiencia en Santiago.',
    address: 'Calle del Sol 12',
    postalCode: '51000',
    city: 'santiago',
    zone: '',
    facebook: '',
    instagram: 'https://www.instagram.com/baez.plomeria',
    linkedin: '',
    ...overrides,
  };
}

describe('client profile /api/me/profile/client', () => {
  let client: TestUser;
  let cookie: string;
  beforeAll(async () => {
    client = await createUser(t.db, { role: 'client' });
    cookie = await signIn(t, client);
  });

  it('reads the own profile, e-mail included', async () => {
    const res = await get(cookie, 'client');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Lucía', lastName: 'Almonte', email: client.email, phone: null, country: 'DO', address: null, avatarPhotoId: null });
  });

  it('saves the contact info with the spec message, names and phone on the account too', async () => {
    const res = await put(cookie, 'client', clientInput);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Registro actualizado con éxito.');
    expect(res.json().profile).toMatchObject({
      lastName: 'Peña Ortiz',
      phone: '809-555-0123',
      address: 'Calle El Conde 105',
      city: 'santo-domingo',
      zone: 'DN',
      facebook: 'https://facebook.com/lucia.pena',
      instagram: null,
    });
    const user = await t.db.query.users.findFirst({ where: eq(users.id, client.id) });
    expect(user).toMatchObject({ lastName: 'Peña Ortiz', name: 'Lucía Peña Ortiz', phone: '809-555-0123' });
    // The navbar and sidebar read the session: it shows the new name.
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json().user).toMatchObject({ lastName: 'Peña Ortiz', phone: '809-555-0123' });
    expect((await get(cookie, 'client')).json()).toMatchObject({ address: 'Calle El Conde 105', zone: 'DN' });
  });

  it('clears optional fields that are sent empty', async () => {
    await put(cookie, 'client', clientInput);
    const res = await put(cookie, 'client', { ...clientInput, facebook: '', city: '', zone: '' });
    expect(res.json().profile).toMatchObject({ facebook: null, city: null, zone: null });
  });

  it('answers every rule in Spanish under its field, and changes nothing', async () => {
    const res = await put(cookie, 'client', { ...clientInput, firstName: ' ', address: '', phone: '555-01', city: 'bogota', facebook: 'https://sitio-raro.example/lucia' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      firstName: 'Campo obligatorio.',
      address: 'Campo obligatorio.',
      phone: 'Teléfono inválido. Escríbelo como 809-555-0123.',
      city: 'Elige una opción válida.',
      facebook: 'Escribe el enlace de tu perfil de Facebook (por ejemplo https://facebook.com/tu.nombre).',
    });
    const zone = await put(cookie, 'client', { ...clientInput, country: 'CO', phone: COUNTRIES.CO.phoneExample, city: 'bogota', zone: 'DN' });
    expect(zone.json().error.fields).toEqual({ zone: 'Las zonas solo existen en República Dominicana.' });
  });

  it("follows the country's phone format and cities", async () => {
    const res = await put(cookie, 'client', { ...clientInput, country: 'MX', phone: '+52 55 1234 5678', city: 'guadalajara', zone: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ country: 'MX', city: 'guadalajara' });
    await put(cookie, 'client', clientInput);
  });

  it('is for clients: a contractor cannot read or write it, a visitor neither', async () => {
    const contractor = await signIn(t, await createUser(t.db, { role: 'contractor' }));
    expect((await get(contractor, 'client')).statusCode).toBe(403);
    expect((await put(contractor, 'client', clientInput)).statusCode).toBe(403);
    expect((await put(null, 'client', clientInput)).statusCode).toBe(401);
  });
});

describe('contractor profile /api/me/profile/contractor', () => {
  let contractor: TestUser;
  let cookie: string;
  beforeAll(async () => {
    contractor = await createUser(t.db, { role: 'contractor', firstName: 'Ramón' });
    cookie = await signIn(t, contractor);
  });

  it('saves the profile; display name (what search indexes) follows the name; location from the city centre', async () => {
    const res = await put(cookie, 'contractor', contractorInput());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Registro actualizado con éxito.');
    expect(res.json().profile).toMatchObject({
      firstName: 'Ramón',
      lastName: 'Báez',
      companyName: 'Báez Plomería SRL',
      cedula: `0011234567${cedulaCheckDigit('0011234567')}`,
      serviceTypes: ['plomeria', 'refrigeracion'],
      city: 'santiago',
      zone: null,
      postalCode: '51000',
      instagram: 'https://www.instagram.com/baez.plomeria',
    });
    const row = await t.db.query.contractorProfiles.findFirst({ where: eq(contractorProfiles.userId, contractor.id) });
    // No base sector chosen: no coordinates (never an invented point, decision 042).
    expect(row).toMatchObject({ displayName: 'Ramón Báez', lat: null, lng: null, baseSector: null, serviceRadiusKm: 15, cedula: null });
    // The cédula is encrypted at rest (decision 010): not in the row's bytes, yet read back whole.
    expect(row!.cedulaEnc!.toString('latin1')).not.toContain('0011234567');
    expect((await get(cookie, 'contractor')).json().cedula).toBe(`0011234567${cedulaCheckDigit('0011234567')}`);
    // Spanish full-text over the new name, accents ignored.
    const found = await t.db.execute(
      sql`SELECT 1 FROM contractor_profiles WHERE user_id = ${contractor.id} AND search_vector @@ plainto_tsquery('public.es_unaccent', 'ramon baez')`,
    );
    expect(found.rows).toHaveLength(1);
  });

  it('saves the base sector with its coordinates and the radius, and refuses a sector of another city or a radius out of range, in Spanish', async () => {
    const res = await put(cookie, 'contractor', contractorInput({ baseSector: 'cerros-de-gurabo', serviceRadiusKm: '25' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ baseSector: 'cerros-de-gurabo', serviceRadiusKm: 25 });
    const gurabo = findPlace('cerros-de-gurabo')!;
    expect(await t.db.query.contractorProfiles.findFirst({ where: eq(contractorProfiles.userId, contractor.id) })).toMatchObject({
      lat: gurabo.lat,
      lng: gurabo.lng,
      serviceRadiusKm: 25,
    });
    const wrong = await put(cookie, 'contractor', contractorInput({ baseSector: 'naco', serviceRadiusKm: 0 }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ baseSector: 'Ese sector no está en la ciudad elegida.', serviceRadiusKm: 'Escribe una distancia entre 1 y 100 km.' });
    expect((await put(cookie, 'contractor', contractorInput({ baseSector: 'atlantida' }))).json().error.fields).toEqual({
      baseSector: 'Elige un sector o una ciudad de la lista.',
    });
    expect((await put(cookie, 'contractor', contractorInput({ serviceRadiusKm: 101 }))).statusCode).toBe(400);
    // Taking the sector away takes the coordinates away.
    await put(cookie, 'contractor', contractorInput({ baseSector: '' }));
    expect(await t.db.query.contractorProfiles.findFirst({ where: eq(contractorProfiles.userId, contractor.id) })).toMatchObject({ baseSector: null, lat: null, lng: null });
  });

  it('refuses a cédula with a wrong check digit and a description over 1500 characters, in Spanish', async () => {
    const first10 = '4022233344';
    const wrong = `${first10}${(cedulaCheckDigit(first10) + 1) % 10}`;
    const res = await put(cookie, 'contractor', contractorInput({ cedula: wrong, description: 'a'.repeat(1501), serviceTypes: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      cedula: idDocuments.do_cedula.invalid,
      description: 'La descripción puede tener como máximo 1500 caracteres.',
      serviceTypes: 'Selecciona al menos un servicio.',
    });
    expect((await put(cookie, 'contractor', contractorInput({ cedula: '12345' }))).json().error.fields.cedula).toMatch(/^Cédula inválida/);
    expect((await put(cookie, 'contractor', contractorInput({ description: 'a'.repeat(1500) }))).statusCode).toBe(200);
  });

  it('requires what the spec requires (company, cédula, description, services, city)', async () => {
    const res = await put(cookie, 'contractor', contractorInput({ companyName: '', cedula: '', description: '', serviceTypes: undefined, city: '' }));
    expect(res.json().error.fields).toEqual({
      companyName: 'Campo obligatorio.',
      cedula: 'Campo obligatorio.',
      description: 'Campo obligatorio.',
      serviceTypes: 'Selecciona al menos un servicio.',
      city: 'Elige una opción válida.',
    });
  });

  it('never lets one person change another: no route takes an id, a client cannot PUT the contractor profile', async () => {
    const client = await createUser(t.db, { role: 'client' });
    const clientCookie = await signIn(t, client);
    const before = await t.db.query.contractorProfiles.findFirst({ where: eq(contractorProfiles.userId, contractor.id) });
    const asClient = await put(clientCookie, 'contractor', contractorInput({ companyName: 'Robada SRL' }));
    expect(asClient.statusCode).toBe(403);
    expect((await get(clientCookie, 'contractor')).statusCode).toBe(403);

    // Another contractor naming this one's id in the body edits only their own profile.
    const other = await createUser(t.db, { role: 'contractor', firstName: 'Otro' });
    const res = await put(await signIn(t, other), 'contractor', { ...contractorInput({ firstName: 'Intruso' }), userId: contractor.id, id: contractor.id });
    expect(res.statusCode).toBe(200);
    expect(await t.db.query.contractorProfiles.findFirst({ where: eq(contractorProfiles.userId, contractor.id) })).toEqual(before);
    expect((await t.db.query.contractorProfiles.findFirst({ where: eq(contractorProfiles.userId, other.id) }))!.displayName).toBe('Intruso Báez');
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/me/profile/contractor/${contractor.id}`, headers: asBrowser(clientCookie), payload: contractorInput() })).statusCode,
    ).toBe(404);
    // The client profile of the client was not created or touched by any of this.
    expect((await t.db.query.clientProfiles.findFirst({ where: eq(clientProfiles.userId, client.id) }))!.address).toBeNull();
  });
});

describe('contractorBase', () => {
  it("takes the chosen place's coordinates, and none without a place (never an invented point)", () => {
    const naco = findPlace('naco')!;
    expect(contractorBase('naco')).toEqual({ baseSector: 'naco', lat: naco.lat, lng: naco.lng });
    expect(contractorBase(undefined)).toEqual({ baseSector: null, lat: null, lng: null });
  });
});

describe('cédulas stored in the clear before encryption', () => {
  it('are sealed at start and read back whole, nothing left in the clear', async () => {
    const contractor = await createUser(t.db, { role: 'contractor' });
    const legacy = `0011234567${cedulaCheckDigit('0011234567')}`;
    await t.db.update(contractorProfiles).set({ cedula: legacy, cedulaEnc: null }).where(eq(contractorProfiles.userId, contractor.id));
    // The key the app uses (kept in the database when DATA_ENCRYPTION_KEY is unset).
    const cipher = createDataCipher(await loadDataKey(t.db, undefined, { isProduction: false, log: t.app.log }));

    expect(await sealLegacyCedulas({ db: t.db, cipher })).toBeGreaterThanOrEqual(1);
    const row = await t.db.query.contractorProfiles.findFirst({ where: eq(contractorProfiles.userId, contractor.id) });
    expect(row!.cedula).toBeNull();
    expect(cipher.open(row!.cedulaEnc!)).toBe(legacy);
    expect((await get(await signIn(t, contractor), 'contractor')).json().cedula).toBe(legacy);
    expect(await sealLegacyCedulas({ db: t.db, cipher })).toBe(0);
  });
});

describe('the session says what forms start from (issue 35)', () => {
  const session = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user;

  it("a contractor's session says whether the profile is listed yet, and the person's country", async () => {
    const contractor = await createUser(t.db, { role: 'contractor', firstName: 'Nuevo' });
    // As after sign-up: no service chosen yet.
    await t.db.update(contractorProfiles).set({ serviceTypes: [] }).where(eq(contractorProfiles.userId, contractor.id));
    const cookie = await signIn(t, contractor);
    expect(await session(cookie)).toMatchObject({ role: 'contractor', country: 'DO', profileListed: false });
    expect((await put(cookie, 'contractor', contractorInput({ country: 'CO', city: 'bogota', postalCode: '', phone: '301 234 5678', cedula: '1.020.304.050' }))).statusCode).toBe(
      200,
    );
    expect(await session(cookie)).toMatchObject({ country: 'CO', profileListed: true });
  });

  it("a client's session has the country and no listing", async () => {
    const client = await createUser(t.db, { role: 'client', firstName: 'Ana' });
    expect(await session(await signIn(t, client))).toMatchObject({ role: 'client', country: 'DO', profileListed: null });
  });
});

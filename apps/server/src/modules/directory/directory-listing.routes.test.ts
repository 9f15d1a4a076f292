import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import { PERSONAL_ID } from '@arreglaya/shared/id-documents';
import { idDocuments } from '@arreglaya/shared/i18n/id-documents';
import type { DirectoryPage } from '@arreglaya/shared/schemas/directory';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn } from '../../../test/support/factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';

// Who the directory lists (docs/spec-decisions.md): a contractor who confirmed the e-mail, is
// not banned, and has the minimum profile (a name, a service, a city). Everything through the
// API, as a person signing up would, and through the servers' cache of searches and pages.

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const NAME = { firstName: 'Bartolomé', lastName: 'Quezada' };
const EMAIL = 'bartolome.quezada@correo.do';
const PASSWORD = 'Guayaba-Madura-77';

async function search(query: string): Promise<DirectoryPage> {
  const res = await t.app.inject({ method: 'GET', url: `/api/contractors${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DirectoryPage>();
}

/** What a visitor finds of the contractor: by name, among all, the service's count, the public page. */
async function visible(id: string) {
  const [byName, all, counts, page] = await Promise.all([
    search('?q=bartolome%20quezada'),
    search('?service=herreria'),
    t.app.inject({ method: 'GET', url: '/api/services/counts' }),
    t.app.inject({ method: 'GET', url: `/api/contractors/${id}` }),
  ]);
  const herreria = (counts.json().counts as { service: string; contractors: number }[]).find((c) => c.service === 'herreria')!.contractors;
  return {
    byName: byName.items.map((c) => c.id).includes(id) && byName.total === 1,
    inService: all.items.map((c) => c.id).includes(id) && all.total === 1,
    counted: herreria === 1,
    page: page.statusCode,
  };
}
const FOUND = { byName: true, inService: true, counted: true, page: 200 };
const NOT_FOUND = { byName: false, inService: false, counted: false, page: 404 };

/** Reads until the change notification reached the cache (it arrives just after commit). */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 3_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
}
const same = (want: object) => (v: object) => JSON.stringify(v) === JSON.stringify(want);

async function codeFor(email: string): Promise<string> {
  const mine = (m: { to: string[]; subject: string }) => m.to.includes(email) && m.subject === 'ArreglaYa - Tu código de confirmación';
  await t.smtp.waitFor(() => t.smtp.mails.some(mine));
  return /: (\d{6})/.exec(t.smtp.mails.filter(mine).at(-1)!.text)![1]!;
}

const cedula = `0011234567${cedulaCheckDigit('0011234567')}`;

describe('a contractor enters the directory only confirmed, with a minimum profile, and leaves it when banned', () => {
  let id: string;
  let client: Record<string, string>;

  beforeAll(async () => {
    // Another contractor in the same trade, listed all along: the counts are about Bartolomé.
    const other = await createUser(t.db, { role: 'contractor', firstName: 'Otro' });
    await t.db.update(users).set({ name: 'Otro Herrero' }).where(eq(users.id, other.id));
    client = asBrowser(await signIn(t, await createUser(t.db, { role: 'client' })));
  });

  it('is not listed after signing up, before confirming the e-mail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { role: 'contractor', ...NAME, email: EMAIL, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    id = (await t.db.query.users.findFirst({ where: eq(users.email, EMAIL) }))!.id;
    expect(await visible(id)).toEqual(NOT_FOUND);
    expect((await t.app.inject({ method: 'PUT', url: `/api/me/favourites/${id}`, headers: client })).statusCode).toBe(404);
  });

  it('is not listed once confirmed with an empty profile, and is once the profile has a name, a service and a city', async () => {
    const code = await codeFor(EMAIL);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { email: EMAIL, code } })).statusCode).toBe(200);
    // Confirmed, but nothing to show a client yet ('Nuevo' and an empty card).
    expect(await visible(id)).toEqual(NOT_FOUND);

    const cookie = await signIn(t, { email: EMAIL, password: PASSWORD });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/me/profile/contractor',
      headers: asBrowser(cookie),
      payload: {
        ...NAME,
        phone: '809-555-0123',
        country: 'DO',
        companyName: 'Herrería Quezada',
        cedula,
        serviceTypes: ['herreria'],
        description: 'Puertas, rejas y portones a medida.',
        address: 'Calle del Sol 12',
        city: 'santiago',
        zone: '',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await eventually(() => visible(id), same(FOUND))).toEqual(FOUND);
    expect((await t.app.inject({ method: 'PUT', url: `/api/me/favourites/${id}`, headers: client })).statusCode).toBe(200);
  });

  it('leaves search, counts, favourites and the public page when banned', async () => {
    await t.db.update(users).set({ status: 'banned', bannedAt: new Date() }).where(eq(users.id, id));
    expect(await eventually(() => visible(id), same(NOT_FOUND))).toEqual(NOT_FOUND);
    const favourites = await t.app.inject({ method: 'GET', url: '/api/me/favourites', headers: client });
    expect(favourites.json().items).toEqual([]);
  });
});

describe('a contractor of Colombia or Mexico saves the profile with the document of his country and is listed (decision 065)', () => {
  const people = [
    { country: 'CO', city: 'bogota', phone: '301 234 5678', document: '1.020.304.050', stored: '1020304050', name: 'Jairo Cárdenas', wrong: cedula },
    { country: 'MX', city: 'guadalajara', phone: '33 1234 5678', document: 'goma850312hdfrrn09', stored: 'GOMA850312HDFRRN09', name: 'Gonzalo Mora', wrong: 'GOMA850312HDFRRN08' },
  ] as const;

  it.each(people)('$country: refuses a document of the wrong format, saves his own and is found in his country', async (p) => {
    const [firstName, lastName] = p.name.split(' ') as [string, string];
    const user = await createUser(t.db, { role: 'contractor', firstName });
    const cookie = await signIn(t, user);
    const payload = {
      firstName,
      lastName,
      phone: p.phone,
      country: p.country,
      companyName: `Taller ${lastName}`,
      cedula: p.wrong,
      serviceTypes: ['plomeria'],
      description: 'Instalaciones y reparaciones.',
      address: 'Calle 10 # 5-20',
      city: p.city,
    };
    const put = (body: object) => t.app.inject({ method: 'PUT', url: '/api/me/profile/contractor', headers: asBrowser(cookie), payload: body });
    const refused = await put(payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ cedula: idDocuments[PERSONAL_ID[p.country]].invalid });

    const saved = await put({ ...payload, cedula: p.document });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile).toMatchObject({ country: p.country, cedula: p.stored });
    const q = encodeURIComponent(p.name);
    const found = await eventually(
      () => search(`?country=${p.country}&q=${q}`),
      (page) => page.items.some((c) => c.id === user.id),
    );
    expect(found.items.map((c) => c.id)).toContain(user.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/contractors/${user.id}` })).statusCode).toBe(200);
  });
});

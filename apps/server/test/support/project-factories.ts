import type { Role } from '@arreglaya/shared/domain';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import { eq } from 'drizzle-orm';
import { contractorProfiles, projects } from '../../src/db/schema/index.ts';
import crypto from 'node:crypto';
import { asBrowser, cookieFrom, createUser, type TestUser } from './factories.ts';
import type { TestApp } from './test-app.ts';

export interface Person extends TestUser {
  headers: Record<string, string>;
}

/** A signed-in person of the role (a contractor offers plomeria unless told). */
export async function person(t: TestApp, role: Role, firstName = role === 'client' ? 'Yolanda' : 'Ramón', services: string[] = ['plomeria']): Promise<Person> {
  const user = await createUser(t.db, { role, firstName });
  if (role === 'contractor') {
    await t.db
      .update(contractorProfiles)
      .set({ serviceTypes: services as never, city: 'santo-domingo' })
      .where(eq(contractorProfiles.userId, user.id));
  }
  // Each person signs in from an address of their own, as people do: these tests sign in
  // more people than the sign-in limit allows one address.
  const remoteAddress = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', remoteAddress, payload: { email: user.email, password: user.password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { ...user, headers: asBrowser(cookieFrom(res.headers['set-cookie'])) };
}

/** A date `days` from today in the Dominican Republic (YYYY-MM-DD). */
export function dayFromToday(days: number): string {
  const d = new Date(`${todayIn('DO')}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A valid new-project form. */
export function projectForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    services: ['plomeria'],
    title: 'Cambiar tubería del baño',
    propertyType: 'casa',
    description: 'La tubería del baño principal gotea y hay que cambiarla completa.',
    startDate: dayFromToday(10),
    intention: 'ready',
    city: 'santo-domingo',
    zone: 'DN',
    street: 'Calle El Conde 105',
    ...overrides,
  };
}

/** A valid contractor profile form (PUT /api/me/profile/contractor): a plumber in Santiago. */
export function contractorProfileForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Ramón',
    lastName: 'Báez',
    phone: '(829) 555 0199',
    country: 'DO',
    companyName: 'Báez Plomería SRL',
    cedula: '001-0000016-9',
    serviceTypes: ['plomeria'],
    description: 'Plomero.',
    address: 'Calle del Sol 12',
    postalCode: '',
    city: 'santiago',
    zone: '',
    facebook: '',
    instagram: '',
    linkedin: '',
    ...overrides,
  };
}

/** Posts a project through the API as the client; returns its id. */
export async function postProject(t: TestApp, client: Person, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: client.headers, payload: projectForm(overrides) });
  if (res.statusCode !== 201) throw new Error(`project: ${res.statusCode} ${res.body}`);
  return res.json().project.id as string;
}

/** Makes an offer through the API as the contractor; returns the quote id. */
export async function postQuote(t: TestApp, contractor: Person, projectId: string, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/quotes`,
    headers: contractor.headers,
    payload: { ...offerTerms(), priceMinor: 1_250_000, description: 'Cambio completo con materiales incluidos.', ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`quote: ${res.statusCode} ${res.body}`);
  return res.json().quote.id as string;
}

export async function projectStatus(t: TestApp, id: string) {
  const [row] = await t.db.select({ status: projects.status, contractorId: projects.contractorId }).from(projects).where(eq(projects.id, id));
  return row;
}

/** Uploads one file as a browser's FormData does (field 'photo'). */
export async function uploadPhoto(t: TestApp, who: Person, url: string, data: Buffer, type = 'image/jpeg') {
  const boundary = `----arreglaya${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="foto.jpg"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url, headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

/** An offer's required terms (decision 043): starting today in the Dominican Republic, five days, 90 days' warranty, materials included. */
export function offerTerms(): { startDate: string; durationDays: number; warrantyDays: number; materialsIncluded: boolean } {
  return { startDate: todayIn('DO'), durationDays: 5, warrantyDays: 90, materialsIncluded: true };
}

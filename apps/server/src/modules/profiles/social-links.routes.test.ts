import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientProfiles, contractorProfiles } from '../../db/schema/index.ts';
import { CARDS, fund, post, tokenize } from '../../../test/support/payment-factories.ts';
import { person, postProject, postQuote, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// Issue 55, item 3: Facebook, Instagram and LinkedIn, asked for on both profiles, are shown where
// they help (decision 058): a contractor's on the public page; a client's only to the contractor
// hired on her project once the money to begin is held, as her other contact details.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const CLIENT_IG = 'https://instagram.com/yolanda.decora';

describe("a contractor's links on the public page", () => {
  it('shows the links the profile schema accepts, and none that was stored before the check', async () => {
    const contractor = await person(t, 'contractor', 'Ramón');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/me/profile/contractor',
      headers: contractor.headers,
      payload: {
        firstName: 'Ramón',
        lastName: 'Báez',
        phone: '809-555-0123',
        address: 'Calle 8 #25',
        cedula: `0011234567${cedulaCheckDigit('0011234567')}`,
        companyName: 'Plomería Báez',
        description: 'Plomero con diez años de experiencia.',
        serviceTypes: ['plomeria'],
        email: contractor.email,
        country: 'DO',
        city: 'santo-domingo',
        instagram: 'instagram.com/plomeria.baez',
        facebook: 'https://www.facebook.com/plomeriabaez',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A link to another site, stored before the schema checked (or by hand), never reaches the page.
    await t.db.update(contractorProfiles).set({ linkedin: 'https://evil.example/linkedin.com' }).where(eq(contractorProfiles.userId, contractor.id));
    const page = (await get(null, `/api/contractors/${contractor.id}`)).json();
    expect(page.social).toEqual({ facebook: 'https://www.facebook.com/plomeriabaez', instagram: 'https://instagram.com/plomeria.baez', linkedin: null });
  });

  it('says null when the contractor gave none', async () => {
    const contractor = await person(t, 'contractor', 'Pedro');
    expect((await get(null, `/api/contractors/${contractor.id}`)).json().social).toBeNull();
  });
});

describe("a client's links on her project's page", () => {
  it('reach the hired contractor only once the money to begin is held; never another contractor', async () => {
    const client = await person(t, 'client', 'Yolanda');
    await t.db.update(clientProfiles).set({ instagram: CLIENT_IG }).where(eq(clientProfiles.userId, client.id));
    const contractor = await person(t, 'contractor', 'Ramón');
    const other = await person(t, 'contractor', 'Pedro');
    const projectId = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, projectId);
    await postQuote(t, other, projectId);
    const social = async (who: Person) => {
      const res = await get(who, `/api/projects/${projectId}`);
      expect(res.statusCode).toBe(200);
      return res.json().clientSocial;
    };
    const mine = { facebook: null, instagram: CLIENT_IG, linkedin: null };

    expect(await social(client)).toEqual(mine);
    for (const who of [contractor, other]) expect(await social(who)).toBeNull();
    // Hired, not paid: nothing yet.
    expect((await post(t, client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
    expect(await social(contractor)).toBeNull();
    expect((await get(contractor, `/api/projects/${projectId}`)).body).not.toContain('yolanda.decora');
    // Paid: the hired contractor gets them; the other contractor still does not.
    expect((await fund(t, client, projectId, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
    expect(await social(contractor)).toEqual(mine);
    expect((await get(other, `/api/projects/${projectId}`)).body).not.toContain('yolanda.decora');
  });
});

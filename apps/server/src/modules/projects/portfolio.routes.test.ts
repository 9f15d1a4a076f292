import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, portfolioEntries, users } from '../../db/schema/index.ts';
import { dayFromToday, person, uploadPhoto, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (who: Person | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const job = (overrides: Record<string, unknown> = {}) => ({
  title: 'Remodelación de cocina',
  description: 'Gabinetes nuevos, encimera de granito e instalación eléctrica.',
  services: ['remodelacion', 'electricidad'],
  completedOn: dayFromToday(-30),
  ...overrides,
});

describe('a contractor’s portfolio (Registrar proyecto)', () => {
  it('records finished jobs with photos, shown on the contractor’s public portfolio, newest work first', async () => {
    const contractor = await person(t, 'contractor');
    const created = await send(contractor, 'POST', '/api/me/portfolio', job());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: 'Registro realizado con éxito.', entry: { title: 'Remodelación de cocina', photos: [], coverPhotoId: null } });
    const id = created.json().entry.id as string;
    const older = (await send(contractor, 'POST', '/api/me/portfolio', job({ title: 'Baño', completedOn: dayFromToday(-90) }))).json().entry.id as string;

    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#884400' } })
      .jpeg()
      .toBuffer();
    const withPhoto = await uploadPhoto(t, contractor, `/api/me/portfolio/${id}/photos`, photo);
    expect(withPhoto.statusCode).toBe(201);
    const photoId = withPhoto.json().entry.photos[0].id as string;
    expect(withPhoto.json().entry.coverPhotoId).toBe(photoId);

    const edited = await send(contractor, 'PUT', `/api/me/portfolio/${id}`, job({ title: 'Cocina completa' }));
    expect(edited.json()).toMatchObject({ message: 'Registro actualizado con éxito.', entry: { title: 'Cocina completa' } });

    const shown = await send(null, 'GET', `/api/contractors/${contractor.id}/portfolio`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().items.map((e: { id: string }) => e.id)).toEqual([id, older]);
    expect((await t.app.inject({ method: 'GET', url: `/api/photos/${photoId}/md` })).statusCode).toBe(200);

    expect((await send(contractor, 'DELETE', `/api/me/portfolio/${id}`)).json().message).toBe('Proyecto eliminado de tu portafolio.');
    expect(await t.db.$count(photos, eq(photos.id, photoId))).toBe(0);
    expect((await send(contractor, 'GET', '/api/me/portfolio')).json().items.map((e: { id: string }) => e.id)).toEqual([older]);
  });

  it('checks the form in Spanish: a date in the future, missing fields', async () => {
    const contractor = await person(t, 'contractor');
    const future = await send(contractor, 'POST', '/api/me/portfolio', job({ completedOn: dayFromToday(3) }));
    expect(future.statusCode).toBe(400);
    expect(future.json().error.fields).toEqual({ completedOn: 'La fecha no puede estar en el futuro.' });
    const empty = await send(contractor, 'POST', '/api/me/portfolio', {});
    expect(empty.json().error.fields).toMatchObject({
      title: 'Campo obligatorio.',
      description: 'Campo obligatorio.',
      services: 'Campo obligatorio.',
      completedOn: 'Campo obligatorio.',
    });
    expect(await t.db.$count(portfolioEntries, eq(portfolioEntries.contractorId, contractor.id))).toBe(0);
  });

  it('is the contractor’s own: nobody else edits, deletes or adds photos; clients cannot have one', async () => {
    const owner = await person(t, 'contractor');
    const other = await person(t, 'contractor');
    const id = (await send(owner, 'POST', '/api/me/portfolio', job())).json().entry.id as string;
    expect((await send(other, 'PUT', `/api/me/portfolio/${id}`, job({ title: 'Mío' }))).statusCode).toBe(404);
    expect((await send(other, 'DELETE', `/api/me/portfolio/${id}`)).statusCode).toBe(404);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await uploadPhoto(t, other, `/api/me/portfolio/${id}/photos`, png, 'image/png')).statusCode).toBe(404);
    expect((await send(await person(t, 'client'), 'POST', '/api/me/portfolio', job())).statusCode).toBe(403);
    expect((await send(null, 'POST', '/api/me/portfolio', job())).statusCode).toBe(401);
    // A banned contractor's portfolio is no longer public.
    await t.db.update(users).set({ status: 'banned' }).where(eq(users.id, owner.id));
    expect((await send(null, 'GET', `/api/contractors/${owner.id}/portfolio`)).statusCode).toBe(404);
  });
});

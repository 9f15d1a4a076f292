import { validation } from '@arreglaya/shared/i18n/common';
import { CARDS, fund, tokenize } from '../../../test/support/payment-factories.ts';
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logTrail, photos, projects } from '../../db/schema/index.ts';
import { dayFromToday, person, postProject, postQuote, projectForm, uploadPhoto, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (who: Person | null, url: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: who?.headers ?? { 'x-requested-with': 'arreglaya' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const put = (who: Person, url: string, payload: unknown) => t.app.inject({ method: 'PUT', url, headers: who.headers, payload: payload as Record<string, unknown> });
const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const del = (who: Person, url: string) => t.app.inject({ method: 'DELETE', url, headers: who.headers });

describe('POST /api/projects', () => {
  it('posts a client’s project, says so in Spanish and logs it', async () => {
    const client = await person(t, 'client');
    const res = await post(client, '/api/projects', projectForm({ services: ['plomeria', 'pintura', 'plomeria'], title: '  Baño nuevo  ' }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Proyecto creado con éxito.');
    expect(body.project).toMatchObject({
      title: 'Baño nuevo',
      services: ['plomeria', 'pintura'],
      status: 'created',
      city: 'santo-domingo',
      zone: 'DN',
      intention: 'ready',
      photos: [],
    });
    const row = await t.db.query.projects.findFirst({ where: eq(projects.id, body.project.id as string) });
    expect(row).toMatchObject({ clientId: client.id, contractorId: null, status: 'created' });
    const log = await t.db
      .select()
      .from(logTrail)
      .where(and(eq(logTrail.userId, client.id), eq(logTrail.action, 'project-created')));
    expect(log).toHaveLength(1);
  });

  it('puts each rule’s Spanish message under its field', async () => {
    const client = await person(t, 'client');
    const res = await post(client, '/api/projects', {
      services: [],
      title: 'x'.repeat(101),
      propertyType: 'castillo',
      description: 'y'.repeat(401),
      startDate: dayFromToday(-1),
      intention: 'tal vez',
      city: 'gotham',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      services: 'Campo obligatorio.',
      title: 'Máximo 100 caracteres.',
      propertyType: 'Elige una opción válida.',
      description: 'Máximo 400 caracteres.',
      intention: 'Elige una opción válida.',
      street: 'Campo obligatorio.',
    });
    // The cross-field rules run once the fields themselves are right.
    const dated = await post(client, '/api/projects', projectForm({ startDate: dayFromToday(-1), city: 'gotham' }));
    expect(dated.json().error.fields).toEqual({ startDate: 'La fecha de inicio no puede estar en el pasado.', city: 'Elige una ciudad de la lista.' });
    const missing = await post(client, '/api/projects', {});
    expect(missing.json().error.fields).toMatchObject({
      services: 'Campo obligatorio.',
      title: 'Campo obligatorio.',
      description: 'Campo obligatorio.',
      startDate: 'Campo obligatorio.',
    });
    expect(await t.db.$count(projects, eq(projects.clientId, client.id))).toBe(0);
  });

  it('refuses control characters in its words with a 400, never a 500', async () => {
    const client = await person(t, 'client');
    for (const title of ['Baño\u0000', 'Baño \u001b[31mrojo', 'Baño\u007f']) {
      const res = await post(client, '/api/projects', projectForm({ title, description: `Tubería ${title}` }));
      expect(res.statusCode, JSON.stringify(title)).toBe(400);
      // The first field that carries one is named (the shared rule, checked before the schema).
      expect(res.json().error.fields).toEqual({ title: validation.controlCharacters });
    }
    // Line breaks and tabs are words' business.
    expect((await post(client, '/api/projects', projectForm({ description: 'Primero:\n\tcambiar el tubo.\r\nLuego pintar.' }))).statusCode).toBe(201);
  });

  it('accepts today as the start date', async () => {
    const client = await person(t, 'client');
    expect((await post(client, '/api/projects', projectForm({ startDate: dayFromToday(0) }))).statusCode).toBe(201);
  });

  it('is for clients: 401 for visitors, 403 for contractors and sysadmins', async () => {
    expect((await post(null, '/api/projects', projectForm())).statusCode).toBe(401);
    for (const role of ['contractor', 'sysadmin'] as const) expect((await post(await person(t, role), '/api/projects', projectForm())).statusCode).toBe(403);
  });
});

describe('PUT /api/projects/:id', () => {
  it('lets the client edit an open project', async () => {
    const client = await person(t, 'client');
    const id = await postProject(t, client);
    const res = await put(client, `/api/projects/${id}`, projectForm({ title: 'Baño y cocina' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Proyecto actualizado con éxito.', project: { title: 'Baño y cocina' } });
  });

  it('refuses another client’s project and changes nothing', async () => {
    const owner = await person(t, 'client');
    const other = await person(t, 'client');
    const id = await postProject(t, owner);
    const res = await put(other, `/api/projects/${id}`, projectForm({ title: 'Mío' }));
    expect(res.statusCode).toBe(403);
    expect((await t.db.query.projects.findFirst({ where: eq(projects.id, id) }))!.title).toBe('Cambiar tubería del baño');
  });

  it('refuses to edit after hiring (409) and changes nothing', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const id = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, id);
    expect((await post(client, `/api/quotes/${quoteId}/accept`)).statusCode).toBe(200);
    const res = await put(client, `/api/projects/${id}`, projectForm({ title: 'Otro título' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Solo puedes editar un proyecto abierto que todavía no tiene una oferta aceptada.');
    expect((await t.db.query.projects.findFirst({ where: eq(projects.id, id) }))!.title).toBe('Cambiar tubería del baño');
  });
});

describe('DELETE /api/projects/:id', () => {
  it('deletes a project without offers, and cancels one with offers', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const quiet = await postProject(t, client);
    const answered = await postProject(t, client);
    const quoteId = await postQuote(t, contractor, answered);

    const deleted = await del(client, `/api/projects/${quiet}`);
    expect(deleted.json()).toEqual({ message: 'Proyecto eliminado con éxito.', outcome: 'deleted' });
    expect(await t.db.$count(projects, eq(projects.id, quiet))).toBe(0);

    const cancelled = await del(client, `/api/projects/${answered}`);
    expect(cancelled.json()).toEqual({ message: 'Proyecto cancelado con éxito.', outcome: 'cancelled' });
    expect((await t.db.query.projects.findFirst({ where: eq(projects.id, answered) }))!.status).toBe('cancelled');
    const quote = (await get(contractor, '/api/me/quotes')).json().items.find((q: { id: string }) => q.id === quoteId);
    expect(quote.status).toBe('rejected');
    // A cancelled project cannot be cancelled again.
    expect((await del(client, `/api/projects/${answered}`)).statusCode).toBe(409);
  });
});

describe('GET /api/me/projects (Mis proyectos)', () => {
  it('lists the client’s own projects with offers and the next action, filtered by status', async () => {
    const client = await person(t, 'client');
    const other = await person(t, 'client');
    const contractor = await person(t, 'contractor');
    const waiting = await postProject(t, client, { title: 'Sin ofertas' });
    const offered = await postProject(t, client, { title: 'Con ofertas' });
    await postQuote(t, contractor, offered);
    await postProject(t, other, { title: 'De otra persona' });

    const res = await get(client, '/api/me/projects');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string; title: string; offers: number; nextAction: string | null }[];
    expect(items.map((i) => i.title)).toEqual(['Con ofertas', 'Sin ofertas']);
    expect(items.find((i) => i.id === offered)).toMatchObject({ offers: 1, nextAction: 'see_offers' });
    expect(items.find((i) => i.id === waiting)).toMatchObject({ offers: 0, nextAction: null });

    await del(client, `/api/projects/${offered}`);
    expect((await get(client, '/api/me/projects?status=cancelled')).json().items.map((i: { id: string }) => i.id)).toEqual([offered]);
    expect((await get(client, '/api/me/projects?status=nada')).statusCode).toBe(400);
  });
});

// ---- Photos ----

const upload = (who: Person, projectId: string, data: Buffer, type = 'image/jpeg') => uploadPhoto(t, who, `/api/projects/${projectId}/photos`, data, type);

const photoWithGps = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#aa5500' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Make: 'Telefono' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 28/1 3000/100', GPSMapDatum: 'GPS-CASA' } } })
    .toBuffer();
const png = () =>
  sharp({ create: { width: 120, height: 90, channels: 4, background: '#00aa0080' } })
    .png()
    .toBuffer();

describe('project photos', () => {
  it('stores up to 8 photos without EXIF, the first as the main one; reorders and removes them', async () => {
    const client = await person(t, 'client');
    const id = await postProject(t, client);
    const first = await upload(client, id, await photoWithGps());
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('Foto agregada con éxito.');
    const firstId = first.json().photos[0].id as string;
    // What is served carries no EXIF at all (decision 012).
    const served = await t.app.inject({ method: 'GET', url: `/api/photos/${firstId}/lg` });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.includes('GPS-CASA')).toBe(false);
    expect((await t.db.query.photos.findFirst({ where: eq(photos.id, firstId) }))!.kind).toBe('project');

    for (let i = 1; i < 8; i++) expect((await upload(client, id, await png(), 'image/png')).statusCode).toBe(201);
    const ninth = await upload(client, id, await png(), 'image/png');
    expect(ninth.statusCode).toBe(409);
    expect(ninth.json().error.fields).toEqual({ photo: 'Un proyecto admite hasta 8 fotos.' });

    const detail = (await get(client, `/api/projects/${id}`)).json();
    expect(detail.photos).toHaveLength(8);
    expect(detail.coverPhotoId).toBe(firstId);

    const ids = (detail.photos as { id: string }[]).map((p) => p.id);
    const reversed = [...ids].reverse();
    const reordered = await put(client, `/api/projects/${id}/photos/order`, { photoIds: reversed });
    expect(reordered.statusCode).toBe(200);
    expect((await get(client, `/api/projects/${id}`)).json().coverPhotoId).toBe(reversed[0]);
    expect((await put(client, `/api/projects/${id}/photos/order`, { photoIds: reversed.slice(1) })).statusCode).toBe(400);

    const removed = await del(client, `/api/projects/${id}/photos/${reversed[0]}`);
    expect(removed.statusCode).toBe(200);
    expect((await get(client, `/api/projects/${id}`)).json()).toMatchObject({ coverPhotoId: reversed[1] });
    expect(await t.db.$count(photos, eq(photos.id, reversed[0]!))).toBe(0);
  });

  it('refuses what is not a jpeg or png photo, and another client’s project', async () => {
    const client = await person(t, 'client');
    const other = await person(t, 'client');
    const id = await postProject(t, client);
    expect((await upload(client, id, Buffer.from('no soy una foto'))).statusCode).toBe(400);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(client, id, gif, 'image/gif')).statusCode).toBe(415);
    expect((await upload(other, id, await png(), 'image/png')).statusCode).toBe(403);
    expect((await get(client, `/api/projects/${id}`)).json().photos).toEqual([]);
  });
});

// ---- The open project list ----

describe('GET /api/projects (Proyectos disponibles)', () => {
  it('lists only open projects, of the contractor’s services by default, with filters, sorts, count and pages', async () => {
    const client = await person(t, 'client', 'Marisol');
    const contractor = await person(t, 'contractor', 'Julio', ['electricidad']);
    const tag = crypto.randomBytes(3).toString('hex');
    const a = await postProject(t, client, { services: ['electricidad'], title: `Instalación eléctrica ${tag}`, city: 'santiago', zone: null, startDate: dayFromToday(5) });
    const b = await postProject(t, client, { services: ['electricidad', 'pintura'], title: `Lámparas ${tag}`, zone: 'SDE', startDate: dayFromToday(20) });
    const c = await postProject(t, client, { services: ['electricidad'], title: `Cableado ${tag}`, zone: 'DN', startDate: dayFromToday(40) });
    await postProject(t, client, { services: ['plomeria'], title: `Plomería ${tag}` });
    const closed = await postProject(t, client, { services: ['electricidad'], title: `Cerrado ${tag}` });
    await t.db.update(projects).set({ status: 'cancelled' }).where(eq(projects.id, closed));

    const list = async (qs: string) => {
      const res = await get(contractor, `/api/projects?q=${tag}&${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: { id: string; clientFirstName: string }[]; total: number; pageCount: number; services: string[] };
    };
    const all = await list('');
    expect(all.services).toEqual(['electricidad']);
    expect(all.items.map((i) => i.id)).toEqual([c, b, a]);
    expect(all.total).toBe(3);
    expect(all.items[0]).not.toHaveProperty('clientId');
    expect((await list('sort=oldest')).items.map((i) => i.id)).toEqual([a, b, c]);
    expect((await list('allServices=1')).total).toBe(4);
    expect((await list('service=pintura')).items.map((i) => i.id)).toEqual([b]);
    expect((await list('city=santiago')).items.map((i) => i.id)).toEqual([a]);
    expect((await list('zone=DN')).items.map((i) => i.id)).toEqual([c]);
    expect((await list(`from=${dayFromToday(10)}&to=${dayFromToday(30)}`)).items.map((i) => i.id)).toEqual([b]);
    const page2 = await list('pageSize=2&page=2');
    expect(page2).toMatchObject({ total: 3, pageCount: 2 });
    expect(page2.items.map((i) => i.id)).toEqual([a]);
  });

  it('finds words without accents or case, as the directory does', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor', 'Ana', ['plomeria']);
    const tag = crypto.randomBytes(3).toString('hex');
    const id = await postProject(t, client, { title: `Reparación de tubería ${tag}` });
    for (const q of ['reparacion tuberia', 'REPARACIÓN', 'tuber']) {
      const items = (await get(contractor, `/api/projects?q=${encodeURIComponent(`${q} ${tag}`)}`)).json().items as { id: string }[];
      expect(
        items.map((i) => i.id),
        q,
      ).toEqual([id]);
    }
  });

  it('a trade word finds the projects asking for the trade, before those that only say it (decision 037)', async () => {
    const client = await person(t, 'client');
    const contractor = await person(t, 'contractor', 'Ana', ['pintura']);
    const tag = crypto.randomBytes(3).toString('hex');
    const asking = await postProject(t, client, { services: ['plomeria'], title: `Fuga debajo del fregadero ${tag}` });
    const saying = await postProject(t, client, { services: ['pintura'], title: `Pintar el baño que dejó el plomero ${tag}` });
    await postProject(t, client, { services: ['electricidad'], title: `Cableado ${tag}` });
    for (const q of ['plomero', 'Plomeros', 'técnico plomero']) {
      const items = (await get(contractor, `/api/projects?allServices=1&q=${encodeURIComponent(`${q} ${tag}`)}`)).json().items as { id: string }[];
      expect(
        items.map((i) => i.id),
        q,
      ).toEqual([asking, saying]); // the newer one that only says 'plomero' second
    }
  });

  it('refuses bad filters with a 400 and is for contractors only', async () => {
    const contractor = await person(t, 'contractor');
    for (const qs of ['sort=precio', 'page=0', 'pageSize=500', 'service=magia', 'from=ayer', `from=${dayFromToday(5)}&to=${dayFromToday(1)}`]) {
      expect((await get(contractor, `/api/projects?${qs}`)).statusCode, qs).toBe(400);
    }
    expect((await get(null, '/api/projects')).statusCode).toBe(401);
    expect((await get(await person(t, 'client'), '/api/projects')).statusCode).toBe(403);
  });
});

describe('GET /api/projects/:id', () => {
  it('hides the client’s contact data until the money to begin is held for this contractor’s hire', async () => {
    const client = await person(t, 'client', 'Yolanda');
    const hired = await person(t, 'contractor', 'Ramón');
    const other = await person(t, 'contractor', 'Pedro');
    const id = await postProject(t, client);
    const quoteId = await postQuote(t, hired, id);
    await postQuote(t, other, id);

    const before = (await get(hired, `/api/projects/${id}`)).json();
    expect(before).toMatchObject({ clientFirstName: 'Yolanda', clientContact: null, contractor: null, offers: 2 });
    expect(JSON.stringify(before)).not.toContain(client.email);

    await post(client, `/api/quotes/${quoteId}/accept`);
    // Hired but nothing paid: they talk in the chat, no contact data either way (issue 29).
    const unpaid = (await get(hired, `/api/projects/${id}`)).json();
    expect(unpaid).toMatchObject({ clientContact: null, contractor: { id: hired.id }, conversationId: expect.any(String) });
    expect(JSON.stringify(unpaid)).not.toContain(client.email);
    expect((await get(client, `/api/projects/${id}`)).json().contractorContact).toBeNull();
    expect((await fund(t, client, id, { token: await tokenize(t, CARDS.visa) })).statusCode).toBe(200);
    const after = (await get(hired, `/api/projects/${id}`)).json();
    expect(after.clientContact).toMatchObject({ email: client.email, name: 'Yolanda Almonte' });
    expect(after.contractor).toMatchObject({ id: hired.id });
    expect(after.conversationId).toEqual(expect.any(String));
    const forClient = (await get(client, `/api/projects/${id}`)).json();
    expect(forClient.contractorContact).toMatchObject({ email: hired.email });
    // The contractor who lost sees the project (they quoted on it), never the contact data.
    const forOther = (await get(other, `/api/projects/${id}`)).json();
    expect(forOther).toMatchObject({ status: 'assigned', clientContact: null, contractorContact: null, contractor: null });
    // A stranger no longer sees a project that is not open.
    expect((await get(await person(t, 'contractor'), `/api/projects/${id}`)).statusCode).toBe(404);
    expect((await get(await person(t, 'client'), `/api/projects/${id}`)).statusCode).toBe(404);
  });
});

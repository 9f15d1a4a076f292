import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logTrail } from '../../db/schema/index.ts';
import { person, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// The console's log-trail viewer (issue 16, item 6).

let t: TestApp;
let admin: Person;
let ana: Person;
beforeAll(async () => {
  t = await createTestApp();
  admin = await person(t, 'sysadmin', 'Admin');
  ana = await person(t, 'client', 'Ana');
  await t.db.insert(logTrail).values([
    { userId: ana.id, action: 'project-created', location: '/nuevoproyecto', createdAt: new Date('2026-03-01T15:00:00Z') },
    { userId: ana.id, action: 'favourite-added', location: '=HYPERLINK("http://x")', createdAt: new Date('2026-03-02T15:00:00Z') },
    { userId: null, action: 'contact', location: '/contactus', createdAt: new Date('2026-03-03T15:00:00Z') },
    // 23:30 in Santo Domingo on 3 March is 03:30 UTC on the 4th: still the 3rd for the filter.
    { userId: null, action: 'contact', location: '/contactus', createdAt: new Date('2026-03-04T03:30:00Z') },
  ]);
});
afterAll(() => t.close());

type Page = { items: { email: string | null; action: string; location: string; createdAt: string }[]; total: number };
const get = (who: Person, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

describe('GET /api/admin/log-trail', () => {
  it('filters by who, what, where and when (Dominican days), newest first', async () => {
    const byWho = (await get(admin, `/api/admin/log-trail?who=${encodeURIComponent(ana.email.toUpperCase())}`)).json<Page>();
    expect(byWho.items.map((i) => i.action)).toEqual(['favourite-added', 'project-created']);
    expect(byWho.total).toBe(2);
    expect((await get(admin, '/api/admin/log-trail?what=favourite')).json<Page>().items.map((i) => i.email)).toEqual([ana.email]);
    expect((await get(admin, '/api/admin/log-trail?where=contactus')).json<Page>().total).toBe(2);
    const day = (await get(admin, '/api/admin/log-trail?from=2026-03-02&to=2026-03-03')).json<Page>();
    expect(day.items.map((i) => i.createdAt)).toEqual(['2026-03-04T03:30:00.000Z', '2026-03-03T15:00:00.000Z', '2026-03-02T15:00:00.000Z']);
    // A percent sign is searched literally.
    expect((await get(admin, '/api/admin/log-trail?what=%25')).json<Page>().total).toBe(0);
  });

  it('exports the filtered rows as CSV, formula cells neutralised, visitors named', async () => {
    const res = await get(admin, '/api/admin/log-trail.csv?from=2026-03-01&to=2026-03-03');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Fecha,Correo,Acción,Ruta,Sesión,Detalles');
    expect(lines).toHaveLength(5);
    expect(lines.some((l) => l.includes(`"'=HYPERLINK(""http://x"")"`))).toBe(true);
    expect(lines.some((l) => l.includes(',visitante,contact,/contactus,'))).toBe(true);
  });

  it('answers bad filters with a Spanish 400', async () => {
    const reversed = await get(admin, '/api/admin/log-trail?from=2026-03-05&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields.to).toBe('La fecha «Hasta» no puede ser anterior a «Desde».');
    expect((await get(admin, '/api/admin/log-trail?from=ayer')).json().error.fields.from).toBe('Valor inválido.');
    expect((await get(admin, '/api/admin/log-trail?page=0')).statusCode).toBe(400);
  });

  it('refuses clients and contractors with 403', async () => {
    for (const who of [ana, await person(t, 'contractor')]) {
      expect((await get(who, '/api/admin/log-trail')).statusCode).toBe(403);
      expect((await get(who, '/api/admin/log-trail.csv')).statusCode).toBe(403);
    }
  });
});

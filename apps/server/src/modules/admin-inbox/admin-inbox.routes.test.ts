import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests, logTrail, newsletterSubscriptions } from '../../db/schema/index.ts';
import { person, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';

// The console's inboxes (issue 16, item 5).

let t: MailTestApp;
let admin: Person;
beforeAll(async () => {
  t = await createTestAppWithMail({ TEAM_INBOX: 'equipo@arreglaya.do' });
  admin = await person(t, 'sysadmin', 'Admin');
});
afterAll(() => t.close());

const visitor = { 'x-requested-with': 'arreglaya' };
const get = (who: Person, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
const post = (who: Person, url: string, payload?: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload ? { payload } : {}) });

async function contactMessage(message: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    headers: visitor,
    payload: { firstName: 'Carmen', email: 'carmen.rosario@ejemplo.do', messageType: 'sugerencia', message },
  });
  expect(res.statusCode).toBe(201);
  const row = await t.db.query.contactRequests.findFirst({ where: eq(contactRequests.message, message) });
  return row!.id;
}

describe('inboxes', () => {
  it('lists contact messages as new, mails a reply (answered), then closes it; each act logged', async () => {
    const id = await contactMessage('¿Atienden en Santiago?');
    const list = await get(admin, '/api/admin/inbox/contact_page?status=new');
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toContainEqual(expect.objectContaining({ id, status: 'new', name: 'Carmen', messageType: 'sugerencia' }));

    const replied = await post(admin, `/api/admin/inbox/items/${id}/reply`, { reply: 'Sí, atendemos en Santiago desde este mes.' });
    expect(replied.statusCode, replied.body).toBe(200);
    const mail = await t.smtp.waitFor((m) => m.to.includes('carmen.rosario@ejemplo.do') && m.subject === 'Respuesta del equipo de ArreglaYa');
    expect(mail.text).toContain('Sí, atendemos en Santiago desde este mes.');
    expect((await get(admin, '/api/admin/inbox/contact_page?status=answered')).json().items).toContainEqual(expect.objectContaining({ id, status: 'answered' }));

    expect((await post(admin, `/api/admin/inbox/items/${id}/close`)).statusCode).toBe(200);
    expect((await get(admin, '/api/admin/inbox/contact_page?status=closed')).json().items).toContainEqual(expect.objectContaining({ id, status: 'closed' }));
    const actions = (await t.db.select().from(logTrail).where(eq(logTrail.userId, admin.id))).map((l) => l.action);
    expect(actions).toEqual(expect.arrayContaining(['admin-inbox-reply', 'admin-inbox-close']));
  });

  it('counts on the overview the contact messages still unanswered (not those answered or closed), and the other inboxes apart', async () => {
    const overview = async () => (await get(admin, '/api/admin/overview')).json() as { contactUnanswered: number; otherInboxesWaiting: number };
    const unanswered = async () => (await overview()).contactUnanswered;
    const base = await unanswered();
    const othersBase = (await overview()).otherInboxesWaiting;
    const first = await contactMessage('¿Trabajan los domingos?');
    const second = await contactMessage('¿Cuánto cuesta registrarse?');
    expect(await unanswered()).toBe(base + 2);
    // A quick booking is another inbox: it is not a contact message waiting for an answer.
    const booking = await t.app.inject({
      method: 'POST',
      url: '/api/quick-bookings',
      headers: visitor,
      payload: { nombre: 'Ramona', apellido: 'Peña', telefono: '809-555-0123', correo: 'ramona.pena@ejemplo.do', tipoDeServicios: 'plomeria', comentarios: 'Gotea la llave.' },
    });
    expect(booking.statusCode, booking.body).toBe(201);
    expect(await overview()).toMatchObject({ contactUnanswered: base + 2, otherInboxesWaiting: othersBase + 1 });
    expect((await post(admin, `/api/admin/inbox/items/${first}/reply`, { reply: 'Sí, los domingos también.' })).statusCode).toBe(200);
    expect(await unanswered()).toBe(base + 1);
    expect((await post(admin, `/api/admin/inbox/items/${second}/close`)).statusCode).toBe(200);
    expect(await unanswered()).toBe(base);
  });

  it('shows a store application’s cédula opened and its bank account by the last 4 digits only', async () => {
    const cedula = `0011234567${cedulaCheckDigit('0011234567')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/store-applications',
      headers: visitor,
      payload: {
        firstName: 'Rafael',
        lastName: 'Taveras',
        cedula,
        address: 'Av. Duarte 145',
        phone: '809-555-0147',
        email: 'ferreteria.taveras@ejemplo.do',
        serviceTypes: ['plomeria'],
        bank: 'Banco Popular Dominicano',
        accountType: 'ahorros',
        accountNumber: '7901-2345-6789',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = await get(admin, '/api/admin/inbox/store');
    expect(list.json().items[0]).toMatchObject({ name: 'Rafael Taveras', cedula, bankAccount: '•••• 6789' });
    expect(list.body).not.toContain('7901');
  });

  it('answers bad input with a Spanish 4xx: empty reply, unknown kind, bad status, unknown item', async () => {
    const id = await contactMessage('Otra pregunta');
    const empty = await post(admin, `/api/admin/inbox/items/${id}/reply`, { reply: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.reply).toBe('Campo obligatorio.');
    expect((await get(admin, '/api/admin/inbox/spam')).statusCode).toBe(400);
    expect((await get(admin, '/api/admin/inbox/referral?status=x')).json().error.fields.status).toBe('Elige una opción válida.');
    expect((await post(admin, '/api/admin/inbox/items/00000000-0000-4000-8000-000000000000/close')).statusCode).toBe(404);
  });

  it('lists the newsletter and exports it as formula-safe CSV with Spanish headers', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/newsletter', headers: visitor, payload: { email: 'ana@ejemplo.do' } })).statusCode).toBeLessThan(300);
    // The form would refuse it; a row written before (or by hand) must still export safely.
    await t.db.insert(newsletterSubscriptions).values({ email: '=cmd@ejemplo.do', unsubscribeToken: 'x'.repeat(40) });
    expect((await get(admin, '/api/admin/newsletter')).json().items.map((i: { email: string }) => i.email)).toEqual(expect.arrayContaining(['ana@ejemplo.do', '=cmd@ejemplo.do']));
    const csv = await get(admin, '/api/admin/newsletter.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="boletin-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Correo,Estado,Fecha de suscripción,Fecha de baja');
    expect(lines.some((l) => l.startsWith("'=cmd@ejemplo.do,Activo,"))).toBe(true);
    expect(lines.some((l) => l.startsWith('ana@ejemplo.do,Activo,'))).toBe(true);
  });

  it('refuses clients and contractors with 403 on every inbox route', async () => {
    const id = await contactMessage('Para probar permisos');
    for (const who of [await person(t, 'client'), await person(t, 'contractor')]) {
      expect((await get(who, '/api/admin/inbox/contact_page')).statusCode).toBe(403);
      expect((await post(who, `/api/admin/inbox/items/${id}/reply`, { reply: 'Hola' })).statusCode).toBe(403);
      expect((await post(who, `/api/admin/inbox/items/${id}/close`)).statusCode).toBe(403);
      expect((await get(who, '/api/admin/newsletter')).statusCode).toBe(403);
      expect((await get(who, '/api/admin/newsletter.csv')).statusCode).toBe(403);
    }
  });
});

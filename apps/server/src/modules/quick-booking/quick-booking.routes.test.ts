import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests, logTrail } from '../../db/schema/index.ts';
import type { SmtpCatcher } from '../../../test/support/smtp-catcher.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';

const valid = {
  nombre: 'Ramona',
  apellido: 'Peña',
  telefono: '809-555-0123',
  correo: 'Ramona.Pena@Ejemplo.do',
  tipoDeServicios: 'plomeria',
  comentarios: 'Se sale el agua debajo del fregadero de la cocina.',
};

describe('POST /api/quick-bookings', () => {
  let t: MailTestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    t = await createTestAppWithMail({ TEAM_INBOX: 'equipo@arreglaya.do' });
    smtp = t.smtp;
  });
  afterAll(() => t.close());

  it('stores a quick_booking contact record, logs it and mails the team and the person', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/quick-bookings', payload: valid });
    expect(res.statusCode).toBe(201);
    const { id, message } = res.json<{ id: string; message: string }>();
    expect(message).toBe('Gracias por registrarte. Pronto entramos en contacto contigo.');

    const row = await t.db.query.contactRequests.findFirst({ where: eq(contactRequests.id, id) });
    expect(row).toMatchObject({
      kind: 'quick_booking',
      firstName: 'Ramona',
      lastName: 'Peña',
      phone: '809-555-0123',
      email: 'ramona.pena@ejemplo.do',
      serviceTypes: ['plomeria'],
      message: valid.comentarios,
      userId: null,
    });
    const log = await t.db.select().from(logTrail).where(eq(logTrail.action, 'quick_booking'));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ userId: null, location: '/' });

    const team = await smtp.waitFor((m) => m.to.includes('equipo@arreglaya.do') && m.subject.includes('reserva rápida'));
    expect(team.subject).toBe('ArreglaYa - Nueva reserva rápida (Plomería)');
    expect(team.text).toContain('809-555-0123');
    expect(team.text).toContain(valid.comentarios);
    const ack = await smtp.waitFor((m) => m.to.includes('ramona.pena@ejemplo.do'));
    expect(ack.subject).toBe('ArreglaYa - Recibimos tu solicitud');
    expect(ack.text).toContain('Plomería');
  });

  it('answers every missing field with its Spanish message and stores nothing', async () => {
    const before = await t.db.$count(contactRequests);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/quick-bookings',
      payload: { nombre: ' ', apellido: '', telefono: 'llámame', correo: 'no-es-correo', tipoDeServicios: '', comentarios: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      nombre: 'Campo obligatorio.',
      apellido: 'Campo obligatorio.',
      telefono: 'Teléfono inválido.',
      correo: 'Correo inválido.',
      tipoDeServicios: 'Elige una opción válida.',
      comentarios: 'Campo obligatorio.',
    });
    expect(await t.db.$count(contactRequests)).toBe(before);
  });

  it('refuses a service that does not exist', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/quick-bookings', payload: { ...valid, tipoDeServicios: 'astrologia' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.tipoDeServicios).toBe('Elige una opción válida.');
  });
});

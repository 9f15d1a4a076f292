import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests, logTrail } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn } from '../../../test/support/factories.ts';
import type { SmtpCatcher } from '../../../test/support/smtp-catcher.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';

const valid = { firstName: 'Carmen', email: 'Carmen.Rosario@Ejemplo.do', messageType: 'sugerencia', message: 'Me gustaría poder filtrar por barrio.' };

describe('POST /api/contact', () => {
  let t: MailTestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    t = await createTestAppWithMail({ TEAM_INBOX: 'equipo@arreglaya.do' });
    smtp = t.smtp;
  });
  afterAll(() => t.close());

  it('stores the message, writes the log trail and mails the team and the sender', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: valid });
    expect(res.statusCode).toBe(201);
    const { id, message } = res.json<{ id: string; message: string }>();
    expect(message).toBe('Mensaje enviado con éxito.');

    const row = await t.db.query.contactRequests.findFirst({ where: eq(contactRequests.id, id) });
    expect(row).toMatchObject({ kind: 'contact_page', firstName: 'Carmen', email: 'carmen.rosario@ejemplo.do', messageType: 'sugerencia', userId: null });

    const log = await t.db.select().from(logTrail).where(eq(logTrail.action, 'contact'));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ userId: null, location: '/contactus' });

    const team = await smtp.waitFor((m) => m.to.includes('equipo@arreglaya.do'));
    expect(team.subject).toBe('ArreglaYa - Nuevo mensaje de contacto (Sugerencia)');
    expect(team.text).toContain('Me gustaría poder filtrar por barrio.');
    expect(team.text).toContain('carmen.rosario@ejemplo.do');
    const ack = await smtp.waitFor((m) => m.to.includes('carmen.rosario@ejemplo.do'));
    expect(ack.text).toContain('menos de 24 horas');
  });

  it('answers each bad field with its Spanish message and stores nothing', async () => {
    const before = await t.db.$count(contactRequests);
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { firstName: '  ', email: 'no-es-correo', messageType: 'otro', message: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION',
        message: 'Revisa los campos marcados.',
        fields: { firstName: 'Campo obligatorio.', email: 'Correo inválido.', messageType: 'Elige una opción válida.', message: 'Campo obligatorio.' },
      },
    });
    expect(await t.db.$count(contactRequests)).toBe(before);
  });

  it('refuses a message longer than the form allows', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...valid, message: 'a'.repeat(2001) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.message).toBe('Máximo 2000 caracteres.');
  });

  it("uses the signed-in person's own name and e-mail, whatever the form sent", async () => {
    const user = await createUser(t.db, { firstName: 'Marisol' });
    const cookie = await signIn(t, user);
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', headers: asBrowser(cookie), payload: { ...valid, firstName: 'Otra Persona', email: 'otra@ejemplo.do' } });
    expect(res.statusCode).toBe(201);
    const row = await t.db.query.contactRequests.findFirst({ where: eq(contactRequests.id, res.json().id as string) });
    expect(row).toMatchObject({ userId: user.id, firstName: 'Marisol', email: user.email });
    const log = await t.db.select().from(logTrail).where(eq(logTrail.userId, user.id));
    expect(log[0]?.action).toBe('contact');
  });
});

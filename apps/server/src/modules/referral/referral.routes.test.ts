import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, logTrail, referrals } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn } from '../../../test/support/factories.ts';
import type { SmtpCatcher } from '../../../test/support/smtp-catcher.ts';
import { createTestApp, createTestAppWithMail, type MailTestApp, type TestApp } from '../../../test/support/test-app.ts';

describe('POST /api/referrals', () => {
  let t: MailTestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    t = await createTestAppWithMail();
    smtp = t.smtp;
  });
  afterAll(() => t.close());

  it('stores a friend given by e-mail and mails the invitation to the friend', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/referrals', payload: { name: 'Julio', contact: 'Julio.Mejia@Ejemplo.do' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Mensaje enviado con éxito. Gracias por tu recomendación.');
    const row = await t.db.query.referrals.findFirst({ where: eq(referrals.id, res.json().id as string) });
    expect(row).toMatchObject({ name: 'Julio', email: 'julio.mejia@ejemplo.do', phone: null, referrerId: null });
    const mail = await smtp.waitFor((m) => m.to.includes('julio.mejia@ejemplo.do'));
    expect(mail.subject).toBe('ArreglaYa - Un amigo te recomienda ArreglaYa');
    // Our words only: not even the friend's name as the visitor typed it (decision 019).
    expect(mail.text).toContain('Hola:');
    expect(mail.text).not.toContain('Julio');
    expect(mail.text).toContain('Un amigo te recomienda ArreglaYa');
    const log = await t.db.select().from(logTrail).where(eq(logTrail.action, 'referral'));
    expect(log[0]).toMatchObject({ userId: null, location: '/comoferreterias' });
  });

  it("refuses a phone under the field, storing and sending nothing: the invitation goes from the person's own WhatsApp", async () => {
    const mailsBefore = await t.db.$count(emailOutbox);
    const rowsBefore = await t.db.$count(referrals);
    const res = await t.app.inject({ method: 'POST', url: '/api/referrals', payload: { name: 'Yokasta', contact: '(829) 555-0199' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ contact: 'Para un teléfono, envíale la invitación desde tu WhatsApp: nosotros no escribimos a números de otras personas.' });
    expect(await t.db.$count(referrals)).toBe(rowsBefore);
    expect(await t.db.$count(emailOutbox)).toBe(mailsBefore);
  });

  it('names a signed-in referrer in the invitation', async () => {
    const user = await createUser(t.db, { firstName: 'Altagracia' });
    const cookie = await signIn(t, user);
    const res = await t.app.inject({ method: 'POST', url: '/api/referrals', headers: asBrowser(cookie), payload: { name: 'Pedro', contact: 'pedro.r@ejemplo.do' } });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor((m) => m.to.includes('pedro.r@ejemplo.do'));
    expect(mail.text).toContain('Altagracia te recomienda ArreglaYa');
    const row = await t.db.query.referrals.findFirst({ where: eq(referrals.id, res.json().id as string) });
    expect(row?.referrerId).toBe(user.id);
  });

  it('requires both inputs and a contact that is an e-mail or a phone', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/referrals', payload: { name: '', contact: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ name: 'Campo obligatorio.', contact: 'Campo obligatorio.' });
    for (const contact of ['julio@', 'mi vecino', '123']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/referrals', remoteAddress: '10.0.0.9', payload: { name: 'Julio', contact } });
      expect(res.statusCode, contact).toBe(400);
      expect(res.json().error.fields.contact).toBe('Escribe un correo o un teléfono válido.');
    }
  });
});

describe('POST /api/referrals rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the eleventh referral from one address within ten minutes', async () => {
    const send = () => t.app.inject({ method: 'POST', url: '/api/referrals', remoteAddress: '10.0.0.7', payload: { name: 'Ana', contact: 'ana.amiga@ejemplo.do' } });
    for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
  });
});

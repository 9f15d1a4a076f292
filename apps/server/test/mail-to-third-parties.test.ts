import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema/index.ts';
import { asBrowser, createUser, signIn } from './support/factories.ts';
import type { CaughtMail } from './support/smtp-catcher.ts';
import { createTestAppWithMail, type MailTestApp } from './support/test-app.ts';

/**
 * Issue 18, finding 6: our mail as a relay. Every visitor form that mails an address the
 * visitor typed is filled with an attacker's words and links, aimed at a victim's address.
 * What reaches the victim is read from the real SMTP server: it must hold none of them.
 */
const LURE = 'Tu cuenta fue suspendida, verifica en http://evil.example/login';
const LURE_WORDS = ['evil.example', 'suspendida', 'verifica en', 'http://evil'];
let ip = 0;
const nextIp = () => `192.0.2.${++ip}`;

describe('mail to an address a visitor typed', () => {
  let t: MailTestApp;
  beforeAll(async () => {
    t = await createTestAppWithMail({ TEAM_INBOX: 'equipo@arreglaya.do' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextIp() });
  const mailsTo = (address: string) => t.smtp.mails.filter((m) => m.to.includes(address));
  const everything = (m: CaughtMail) => `${m.subject}\n${m.text}\n${m.html}`;

  it('carries only our words: no name, comment or link the visitor wrote', async () => {
    const victim = 'victima@correo.do';
    const cedula = `0011234567${cedulaCheckDigit('0011234567')}`;
    const forms: [string, object, string][] = [
      ['/api/referrals', { name: LURE, contact: victim }, 'referral-invite'],
      ['/api/contact', { firstName: LURE, email: victim, messageType: 'sugerencia', message: `${LURE}\nhttp://evil.example/otra` }, 'contact-ack'],
      [
        '/api/quick-bookings',
        { nombre: LURE, apellido: 'http://evil.example', telefono: '809-555-0123', correo: victim, tipoDeServicios: 'plomeria', comentarios: LURE },
        'quick-booking-ack',
      ],
      [
        '/api/store-applications',
        {
          firstName: LURE,
          lastName: 'Verifica',
          cedula,
          address: LURE,
          phone: '809-555-0147',
          email: victim,
          serviceTypes: ['plomeria'],
          bank: LURE,
          accountType: 'ahorros',
          accountNumber: '790123456789',
          comments: LURE,
        },
        'store-application-ack',
      ],
    ];
    for (const [url, body] of forms) expect((await post(url, body)).statusCode, url).toBe(201);

    await t.smtp.waitFor(() => mailsTo(victim).length >= forms.length);
    const received = mailsTo(victim);
    expect(received).toHaveLength(forms.length);
    for (const mail of received) {
      for (const word of LURE_WORDS) expect(everything(mail).toLowerCase(), `${mail.subject} holds "${word}"`).not.toContain(word);
      // No link but ours.
      const links = [...everything(mail).matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) => m[0]);
      for (const link of links) expect(link.startsWith(t.config.appUrl), link).toBe(true);
    }
    // The team still reads what the visitor wrote (our own inbox, not a third party).
    await t.smtp.waitFor((m) => m.to.includes('equipo@arreglaya.do') && m.text.includes('evil.example'));
  });

  it('names a signed-in referrer by a first name that is a name, and by nothing else', async () => {
    const lucia = await createUser(t.db, { firstName: 'Lucía' });
    const trick = await createUser(t.db, { firstName: 'http://evil.example/login' });
    for (const [who, friend] of [
      [lucia, 'amiga.de.lucia@correo.do'],
      [trick, 'amiga.del.truco@correo.do'],
    ] as const) {
      const cookie = await signIn(t, who);
      expect((await post('/api/referrals', { name: 'Carmen', contact: friend }, asBrowser(cookie))).statusCode).toBe(201);
    }
    const fromLucia = await t.smtp.waitFor((m) => m.to.includes('amiga.de.lucia@correo.do'));
    expect(fromLucia.text).toContain('Lucía te recomienda ArreglaYa');
    expect(fromLucia.text).not.toContain('Carmen'); // the friend's name as typed is not ours either
    const fromTrick = await t.smtp.waitFor((m) => m.to.includes('amiga.del.truco@correo.do'));
    expect(fromTrick.text).toContain('Un amigo te recomienda ArreglaYa');
    expect(everything(fromTrick)).not.toContain('evil.example');
  });

  it('sends one address at most 5 such mails a day, however many IPs ask and through whichever forms', async () => {
    const target = 'Blanco.Repetido@correo.do';
    const requests: [string, object][] = [
      ['/api/referrals', { name: 'Ana', contact: target }],
      ['/api/contact', { firstName: 'Ana', email: target, messageType: 'sugerencia', message: 'Hola' }],
      ['/api/referrals', { name: 'Ana', contact: target.toLowerCase() }],
      ['/api/quick-bookings', { nombre: 'Ana', apellido: 'Peña', telefono: '809-555-0123', correo: target, tipoDeServicios: 'pintura', comentarios: 'Pintar la sala.' }],
      ['/api/newsletter', { email: target }],
      ['/api/referrals', { name: 'Ana', contact: `  ${target}  ` }],
      ['/api/contact', { firstName: 'Ana', email: target, messageType: 'sugerencia', message: 'Hola otra vez' }],
    ];
    // Every form still works (nobody can lock a person out of them by using up the count)...
    for (const [url, body] of requests) expect((await post(url, body)).statusCode, url).toBe(201);
    // ...but only five mails were ever queued for that address (the outbox is written in the
    // request's transaction, so this is final), and the team heard of both contact messages.
    const queued = await t.db
      .select()
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.toAddress}) = ${target.toLowerCase()}`);
    expect(queued).toHaveLength(5);
    const toTeam = await t.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'contact-team'));
    expect(toTeam.filter((m) => m.textBody.includes(target.toLowerCase())).length).toBe(2);
    await t.smtp.waitFor(() => mailsTo(target.toLowerCase()).length >= 5);
  });
});

import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asBrowser, createUser, signIn, type TestUser } from './support/factories.ts';
import { offerTerms } from './support/project-factories.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { WRITE, type OpenApiDoc, type OpenApiOperation } from './support/openapi-doc.ts';

/**
 * Issue 18, finding 5: input that is well-formed but hostile in other ways. Every write route
 * of the document with a JSON body has a valid example below (the test fails when a new one
 * has none); from it, every string field gets a NUL byte and the whole body is sent four
 * times at once. Every upload route gets a zero-byte file. None may answer 5xx.
 */
const cedula = `0011234567${cedulaCheckDigit('0011234567')}`;
const project = {
  services: ['plomeria'],
  title: 'Reparar la fuga del baño',
  propertyType: 'casa',
  description: 'Gotea la llave del lavamanos.\nDesde ayer.',
  startDate: '2099-06-01',
  intention: 'ready',
  country: 'DO',
  city: 'santo-domingo',
  street: 'Calle El Conde 105',
  reference: 'Frente al parque Duarte',
};
const portfolioEntry = { title: 'Baño remodelado', description: 'Cambié la tubería y las piezas.', services: ['plomeria'], completedOn: '2026-01-15' };
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/auth/sign-up': {
    role: 'client',
    firstName: 'Rosa',
    lastName: 'Peña',
    email: 'rosa.carrera@correo.do',
    password: 'Guayaba-Madura-77',
    confirmPassword: 'Guayaba-Madura-77',
    acceptTerms: true,
  },
  'POST /api/auth/verify-email': { email: 'rosa.carrera@correo.do', code: '123456' },
  'POST /api/auth/resend-code': { email: 'rosa.carrera@correo.do' },
  'POST /api/auth/sign-in': { email: 'rosa.carrera@correo.do', password: 'Guayaba-Madura-77' },
  'POST /api/auth/forgot-password': { email: 'rosa.carrera@correo.do' },
  'POST /api/auth/phone/code': { number: '809 555 2345', country: 'DO' },
  'POST /api/auth/phone/sign-in': { number: '809 555 2345', country: 'DO', code: '123456' },
  'POST /api/auth/reset-password': { email: 'rosa.carrera@correo.do', code: '123456', password: 'Reinicio-Seguro-9', confirmPassword: 'Reinicio-Seguro-9' },
  'POST /api/auth/change-password': { currentPassword: 'no-es-la-clave', newPassword: 'Nueva-Clave-2026!', confirmPassword: 'Nueva-Clave-2026!' },
  // A wrong password: the account must survive the test.
  'DELETE /api/account': { password: 'no-es-la-clave' },
  'PUT /api/me/profile/client': { firstName: 'Lucía', lastName: 'Peña', phone: '809-555-0123', country: 'DO', city: 'santo-domingo', address: 'Calle El Conde 105' },
  'PUT /api/me/profile/contractor': {
    firstName: 'Ramón',
    lastName: 'Báez',
    phone: '(829) 555 0199',
    country: 'DO',
    city: 'santiago',
    companyName: 'Báez Plomería SRL',
    cedula,
    serviceTypes: ['plomeria'],
    description: 'Plomero con 15 años de experiencia.',
    address: 'Calle del Sol 12',
    postalCode: '51000',
  },
  'PUT /api/me/notifications': { immediate: true, newsletter: false, matches: true, specialOffers: false },
  'POST /api/me/phone': { number: '809 555 2345', channel: 'sms' },
  'PUT /api/me/notification-channels': { choices: { newOffer: { push: true, whatsapp: false, sms: true } }, quietHours: true },
  'POST /api/me/push-subscriptions': {
    endpoint: 'https://fcm.googleapis.com/fcm/send/dispositivo-de-prueba',
    keys: { p256dh: 'BO21eq8rr6q0QvAqRwZMRt03Qt5b8aDAZmciGmSOlQjElqRs2Zkb9VMGbSP-xUxiwNMJKVePNdMuOIp27Dwi4Fw', auth: 'NtOzU2mwNf6L5huYpAJYyA' },
  },
  'DELETE /api/me/push-subscriptions': { endpoint: 'https://fcm.googleapis.com/fcm/send/dispositivo-de-prueba' },
  // Its body is optional (a device's push endpoint to drop with the session).
  'POST /api/auth/sign-out': {},
  'POST /api/admin/campaigns': { subject: 'Ofertas de pintura', text: 'Precios especiales\nhasta el 31.', roles: ['client'], countries: ['DO'] },
  'PUT /api/admin/campaigns/{id}': { subject: 'Ofertas de pintura', text: 'Precios especiales\nhasta el 31.', roles: ['client'], countries: ['DO'] },
  'POST /api/me/phone/verify': { code: '123456' },
  'POST /api/contact': { firstName: 'Ana', email: 'ana@correo.do', messageType: 'sugerencia', message: 'Hola,\nuna sugerencia.' },
  'POST /api/newsletter': { email: 'boletin@correo.do' },
  'POST /api/quick-bookings': {
    nombre: 'Ana',
    apellido: 'Peña',
    telefono: '809-555-0123',
    correo: 'ana@correo.do',
    tipoDeServicios: 'plomeria',
    comentarios: 'Gotea el fregadero.',
  },
  'POST /api/referrals': { name: 'Carlos', contact: 'carlos.amigo@correo.do' },
  'POST /api/store-applications': {
    firstName: 'Rafael',
    lastName: 'Taveras',
    cedula,
    address: 'Av. Duarte 145',
    phone: '809-555-0147',
    email: 'ferreteria@correo.do',
    serviceTypes: ['plomeria'],
    bank: 'Banco Popular Dominicano',
    accountType: 'ahorros',
    accountNumber: '790123456789',
    comments: 'Dos sucursales.',
  },
  'POST /api/visits': { page: '/comoclientes' },
  'POST /api/contractors/{id}/contact': { message: 'Necesito cambiar una llave.' },
  'POST /api/conversations/{id}/messages': { text: 'Hola, ¿puede venir el lunes?\nGracias.' },
  'POST /api/me/portfolio': portfolioEntry,
  'PUT /api/me/portfolio/{id}': portfolioEntry,
  'POST /api/projects': project,
  'POST /api/invitations': { contractorName: 'Papo el plomero', phone: '809 555 2345', priceMinor: 850_000, project },
  'POST /api/invitations/{token}/join': { name: 'Juan Pablo Reyes', code: '123456', services: ['plomeria'] },
  'PUT /api/projects/{id}': project,
  'PUT /api/projects/{id}/photos/order': { photoIds: ['5b3b6a36-54b5-4a40-9a55-2a6f0f3c8e11'] },
  'POST /api/projects/{id}/status': { status: 'delivered', note: 'Listo:\nllave nueva y sellada.' },
  'POST /api/projects/{id}/end-hire': { reason: 'Cambié de planes:\nlo haré el año que viene.' },
  'POST /api/projects/{id}/claim/answer': { answer: 'Terminé lo acordado:\nfaltó solo la pintura.' },
  'POST /api/projects/{id}/arrival/answer': { arrived: true },
  'POST /api/projects/{id}/quotes': { ...offerTerms(), priceMinor: 250_000, description: 'Cambio la llave y el sello.\nIncluye materiales.', validityDays: 7 },
  'POST /api/quotes/{id}/counter': { priceMinor: 200_000, comment: '¿Lo deja en RD$2,000?' },
  'POST /api/quotes/{id}/counter/answer': { accept: true },
  'POST /api/quotes/{id}/reject': { comment: 'Elegí otra oferta.' },
  'POST /api/quote-links/{token}': { comment: 'Gracias.' },
  'POST /api/me/payment-methods': { token: 'tok_0123456789abcdef01234567' },
  'POST /api/projects/{id}/fund': { token: 'tok_0123456789abcdef01234567' },
  'POST /api/bank/statement-lines': {
    lines: [{ bankTxId: 'BPD-1', bookedOn: '2026-12-06', amount: '125.00', currency: 'DOP', direction: 'credit', description: 'PAGO AY-24FJ-YFAS-2' }],
  },
  'PUT /api/admin/bank-mappings/{bank}': {
    bankName: 'Banco Popular Dominicano',
    encoding: 'utf-8',
    delimiter: ',',
    decimalSeparator: '.',
    dateFormat: 'dd/mm/yyyy',
    columns: { date: 'Fecha Posteo', debit: 'Débito', credit: 'Crédito', description: ['Descripción'], bankTxId: 'Referencia' },
    currency: 'DOP',
  },
  'POST /api/admin/statement-lines/{id}/assign': { reference: 'AY-24FJ-YFAS-2' },
  'POST /api/admin/statement-lines/{id}/returned': { returnRef: 'DEV-0001', returnedOn: '2026-01-15' },
  'POST /api/admin/transfer-refunds/{id}/returned': { returnRef: 'DEV-0002', returnedOn: '2026-01-15' },
  'POST /api/admin/money-alerts/{id}/reviewed': { note: 'Revisado con el banco.\nSin diferencias.' },
  'PUT /api/me/payout-account': {
    bank: 'popular',
    accountType: 'ahorros',
    accountNumber: '790123456789',
    holderName: 'Ramón Báez',
    documentType: 'cedula',
    documentNumber: '00112345673',
  },
  'POST /api/admin/people/{id}/ban': { reason: 'Cobros fuera de la plataforma.' },
  'POST /api/admin/people/{id}/verified': { verified: true, cedulaChecked: true },
  'POST /api/admin/people/{id}/featured': { featured: true },
  'POST /api/admin/sysadmins': { email: 'otra.jefa@correo.do', password: 'Consola-Segura-2026' },
  'POST /api/admin/projects/{id}/decision': { outcome: 'split', contractorPercent: 60, note: 'Trabajo a medias:\nse reparte.' },
  'POST /api/admin/projects/{id}/warranty/decision': { outcome: 'split', contractorPercent: 50, note: 'La mitad del arreglo falló.' },
  'POST /api/projects/{id}/warranty/claim': { reason: 'La tubería volvió a gotear:\ndesde el lunes.' },
  'POST /api/projects/{projectId}/review': { rating: 5, title: 'Excelente trabajo', comments: 'Puntual y limpio.\nLo recomiendo.' },
  'PUT /api/reviews/{id}': { rating: 4, title: 'Buen trabajo', comments: 'Tardó un poco.' },
  'PUT /api/reviews/{id}/reply': { reply: '¡Gracias por la confianza!' },
  'PUT /api/reviews/{id}/vote': { value: 1 },
  'POST /api/admin/reviews/{id}/reject': { reason: 'Contiene datos personales.' },
  'POST /api/me/verifications/identity': { kind: 'rnc', rnc: '101000015' },
  'POST /api/admin/verifications/{id}/decision': { decision: 'rejected', note: 'La foto no se lee.' },
  'POST /api/conversations/{id}/messages/{messageId}/respond': { response: 'accept' },
  'POST /api/reports': { targetKind: 'profile', contractorId: '5b3b6a36-54b5-4a40-9a55-2a6f0f3c8e11', reason: 'fraud', details: 'Pide pagos por fuera.\nDos veces.' },
  'POST /api/admin/reports/{id}/decision': { action: 'dismiss' },
  'POST /api/admin/inbox/items/{id}/reply': { reply: 'Hola:\ngracias por escribirnos.' },
};

describe('write routes under NUL bytes, zero-byte uploads and concurrent duplicates', () => {
  let t: TestApp;
  let doc: OpenApiDoc;
  let client: TestUser;
  let contractor: TestUser;
  const cookies: Record<string, string> = {};
  let ip = 0;
  // Each request from its own address, so the per-IP limits judge none of them.
  const nextIp = () => `10.${(++ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDoc>();
    client = await createUser(t.db, { role: 'client' });
    contractor = await createUser(t.db, { role: 'contractor' });
    cookies.client = await signIn(t, client);
    cookies.contractor = await signIn(t, contractor);
    cookies.sysadmin = await signIn(t, await createUser(t.db, { role: 'sysadmin' }));
  });
  afterAll(() => t.close());

  /** Signed in as a role the route allows (a client when any user may call it). */
  async function send(method: string, path: string, op: OpenApiOperation, payload: unknown, extra: Record<string, string> = {}) {
    const roles = op.security?.[0]?.sessionCookie;
    const who =
      roles === undefined
        ? undefined
        : roles.includes('contractor') && !roles.includes('client')
          ? 'contractor'
          : roles.includes('sysadmin') && !roles.includes('client')
            ? 'sysadmin'
            : 'client';
    const url = path.replace('{id}', contractor.id).replace(/\{[^}]+\}/g, contractor.id);
    const headers = { ...(who ? asBrowser(cookies[who]!) : {}), ...extra };
    const res = await t.app.inject({ method: method as 'POST', url, headers, payload: payload as string, remoteAddress: nextIp() });
    // The console takes 30 writes a minute from one sysadmin (decision 025): past that, another sysadmin sends it.
    if (res.statusCode === 429 && who === 'sysadmin') {
      cookies.sysadmin = await signIn(t, await createUser(t.db, { role: 'sysadmin' }));
      return send(method, path, op, payload, extra);
    }
    // Signing out ended the session the other routes are sent with: sign in again.
    if (path === '/api/auth/sign-out' && who === 'client') cookies.client = await signIn(t, client);
    return res;
  }

  const jsonWrites = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([m, op]) => WRITE.includes(m) && op.requestBody?.content?.['application/json'])
        .map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, method: m.toUpperCase(), path, op })),
    );

  it('has a valid example for every write route with a JSON body', () => {
    const missing = jsonWrites()
      .map((r) => r.key)
      .filter((k) => !(k in VALID_BODIES));
    expect(missing).toEqual([]);
  });

  it('answers a NUL byte in any text field with a 400 that names the field in Spanish', async () => {
    const failures: string[] = [];
    for (const r of jsonWrites()) {
      const valid = VALID_BODIES[r.key]!;
      for (const [field, value] of Object.entries(valid)) {
        if (typeof value !== 'string') continue;
        for (const hostile of [`${value}\u0000`, `\u0000${value}`, value.replace(/(.)/, '$1\u0000')]) {
          const res = await send(r.method, r.path, r.op, { ...valid, [field]: hostile });
          if (res.statusCode !== 400 || res.json<{ error: { fields?: Record<string, string> } }>().error.fields?.[field] === undefined) {
            failures.push(`${r.key} ${field}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers four identical requests at once without a 5xx (unique races end as 201, 409 or another 4xx)', async () => {
    const failures: string[] = [];
    for (const r of jsonWrites()) {
      const body = VALID_BODIES[r.key]!;
      const answers = await Promise.all([0, 1, 2, 3].map(() => send(r.method, r.path, r.op, body)));
      for (const res of answers) if (res.statusCode >= 500) failures.push(`${r.key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers four sign-ups with one new e-mail at once without a 5xx', async () => {
    const body = { ...VALID_BODIES['POST /api/auth/sign-up']!, email: 'carrera.doble@correo.do' };
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(
        [0, 1, 2, 3].map(() =>
          t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { ...body, email: `r${round}.${body.email as string}` }, remoteAddress: nextIp() }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      // 429: the sign-up guard may slow the fourth (3 per e-mail, then seconds apart; decision 019).
      expect(
        statuses.every((s) => s === 201 || s === 409 || s === 429),
        answers.map((a) => a.body).join(','),
      ).toBe(true);
      expect(statuses).toContain(201);
      for (const a of answers.filter((x) => x.statusCode === 409))
        expect(a.json().error.message).toBe('Ya hay un registro en curso con este correo. Revisa tu correo o inténtalo de nuevo en un momento.');
    }
  });

  it('answers a zero-byte file on every write route without a JSON body (the uploads among them) without a 5xx', async () => {
    const uploads = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([m, op]) => WRITE.includes(m) && !op.requestBody?.content?.['application/json'])
        .map(([m, op]) => ({ method: m.toUpperCase(), path, op })),
    );
    expect(uploads.map((u) => `${u.method} ${u.path}`)).toContain('POST /api/me/photo');
    const boundary = 'limite-vacio';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="vacia.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\r\n--${boundary}--\r\n`;
    for (const u of uploads) {
      const res = await send(u.method, u.path, u.op, payload, { 'content-type': `multipart/form-data; boundary=${boundary}` });
      expect(res.statusCode, `${u.method} ${u.path}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode >= 400) expect(res.json().error.message).toMatch(/[a-záéíóúñ]/i);
      if (u.path === '/api/me/photo' && u.method === 'POST') expect(res.statusCode).toBe(400);
    }
  });

  it("answers a unique violation the database reports under Drizzle's wrapper with a 409 in Spanish", async () => {
    // Drizzle wraps pg's error: the SQLSTATE sits in err.cause, where the handler must look.
    await t.db.execute(sql`CREATE UNIQUE INDEX one_message_per_email ON contact_requests (lower(email)) WHERE email = 'una.sola.vez@correo.do'`);
    try {
      const body = { ...VALID_BODIES['POST /api/contact']!, email: 'una.sola.vez@correo.do' };
      expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: body, remoteAddress: nextIp() })).statusCode).toBe(201);
      const again = await t.app.inject({ method: 'POST', url: '/api/contact', payload: body, remoteAddress: nextIp() });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({ code: 'CONFLICT', message: 'El registro ya existe o cambió mientras lo editabas.' });
    } finally {
      await t.db.execute(sql`DROP INDEX one_message_per_email`);
    }
  });
});

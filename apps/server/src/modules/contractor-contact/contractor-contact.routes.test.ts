import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, emailOutbox, logTrail, messages, projects, users } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn, type TestUser } from '../../../test/support/factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { saveNotificationPreferences } from '../notifications/notification-preferences.repository.ts';
import { formatStartDate } from './service-request-mail.ts';

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

async function signedIn(role: 'client' | 'contractor' | 'sysadmin', firstName = 'Lucía'): Promise<{ user: TestUser; headers: Record<string, string> }> {
  const user = await createUser(t.db, { role, firstName });
  return { user, headers: asBrowser(await signIn(t, user)) };
}

async function project(clientId: string, overrides: Partial<typeof projects.$inferInsert> = {}): Promise<string> {
  const [row] = await t.db
    .insert(projects)
    .values({ clientId, title: 'Baño nuevo', description: 'Cambiar inodoro y lavamanos.', propertyType: 'casa', serviceTypes: ['plomeria'], startDate: '2026-07-15', ...overrides })
    .returning({ id: projects.id });
  return row!.id;
}

const contact = (headers: Record<string, string>, contractorId: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/contractors/${contractorId}/contact`, headers, payload: payload as Record<string, unknown> });

const messagesOf = (conversationId: string) => t.db.select().from(messages).where(eq(messages.conversationId, conversationId));

describe('POST /api/contractors/:id/contact', () => {
  it('stores the request in a conversation and mails it to the contractor with the project', async () => {
    const { user: client, headers } = await signedIn('client', 'Yolanda');
    const contractor = await createUser(t.db, { role: 'contractor', firstName: 'Ramón' });
    const projectId = await project(client.id);

    const res = await contact(headers, contractor.id, { message: '  Necesito cambiar el inodoro.\nEs urgente.  ', projectId });
    expect(res.statusCode).toBe(201);
    const sent = res.json();
    expect(sent.message).toBe('Tu solicitud fue enviada al contratista.');

    const conversation = await t.db.query.conversations.findFirst({ where: eq(conversations.id, sent.conversationId as string) });
    expect(conversation).toMatchObject({ clientId: client.id, contractorId: contractor.id, projectId });
    const stored = await messagesOf(sent.conversationId as string);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: sent.messageId, senderId: client.id, type: 'chat', body: 'Necesito cambiar el inodoro.\nEs urgente.', readAt: null });

    const mail = await t.smtp.waitFor((m) => m.to.includes(contractor.email));
    expect(mail.subject).toBe('ArreglaYa - Nueva solicitud de servicio');
    expect(mail.text).toContain('Hola Ramón:');
    expect(mail.text).toContain('Yolanda te envió una solicitud de servicio');
    expect(mail.text).toContain('Necesito cambiar el inodoro.\nEs urgente.');
    expect(mail.text).toContain('Proyecto: Baño nuevo');
    expect(mail.text).toContain('Fecha de inicio: 15 jul 2026');
    expect(mail.text).toContain(`Aceptar solicitud: ${t.config.appUrl}/perfil/mensajes?conversation=${sent.conversationId}&respond=accept`);
    expect(mail.text).toContain(`Rechazar solicitud: ${t.config.appUrl}/perfil/mensajes?conversation=${sent.conversationId}&respond=reject`);
    expect(mail.html).toContain('>Aceptar solicitud</a>');
    expect(mail.html).toContain('>Rechazar solicitud</a>');

    const log = await t.db
      .select()
      .from(logTrail)
      .where(and(eq(logTrail.userId, client.id), eq(logTrail.action, 'contractor-contact')));
    expect(log[0]).toMatchObject({ location: `/contractors/${contractor.id}` });
  });

  it('keeps one conversation per client, contractor and project, and escapes the client’s words in the mail', async () => {
    const { user: client, headers } = await signedIn('client', 'Marta');
    const contractor = await createUser(t.db, { role: 'contractor', firstName: 'Julio' });
    const first = await contact(headers, contractor.id, { message: 'Hola, ¿trabaja los sábados?' });
    const second = await contact(headers, contractor.id, { message: '<script>alert(1)</script> ¿Y los domingos?' });
    expect(second.json().conversationId).toBe(first.json().conversationId);
    expect(await messagesOf(first.json().conversationId as string)).toHaveLength(2);
    const rows = await t.db.select().from(conversations).where(eq(conversations.clientId, client.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.projectId).toBeNull();

    const mail = await t.smtp.waitFor((m) => m.to.includes(contractor.email) && m.text.includes('domingos'));
    expect(mail.text).not.toContain('Proyecto:');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });

  it('stores the message but sends no mail when the contractor turned immediate notifications off', async () => {
    const { headers } = await signedIn('client');
    const contractor = await createUser(t.db, { role: 'contractor' });
    await saveNotificationPreferences(t.db, contractor.id, { immediate: false });
    const before = await t.db.$count(emailOutbox, eq(emailOutbox.toAddress, contractor.email));
    const res = await contact(headers, contractor.id, { message: 'Presupuesto para pintar un apartamento.' });
    expect(res.statusCode).toBe(201);
    expect(await messagesOf(res.json().conversationId as string)).toHaveLength(1);
    expect(await t.db.$count(emailOutbox, eq(emailOutbox.toAddress, contractor.email))).toBe(before);
  });

  it('refuses a project that is not the client’s own open project, and stores nothing', async () => {
    const { user: client, headers } = await signedIn('client');
    const other = await createUser(t.db, { role: 'client' });
    const contractor = await createUser(t.db, { role: 'contractor' });
    const othersProject = await project(other.id);
    const closedProject = await project(client.id, { status: 'cancelled' });
    for (const projectId of [othersProject, closedProject, '00000000-0000-4000-8000-000000000000']) {
      const res = await contact(headers, contractor.id, { message: 'Hola', projectId });
      expect(res.statusCode, projectId).toBe(400);
      expect(res.json().error.fields).toEqual({ projectId: 'Elige una opción válida.' });
    }
    expect(await t.db.$count(conversations, eq(conversations.clientId, client.id))).toBe(0);
    expect(await t.db.$count(emailOutbox, eq(emailOutbox.toAddress, contractor.email))).toBe(0);
  });

  it('requires a message, in Spanish, under the field', async () => {
    const { headers } = await signedIn('client');
    const contractor = await createUser(t.db, { role: 'contractor' });
    for (const payload of [{ message: '' }, { message: '   ' }, {}]) {
      const res = await contact(headers, contractor.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ message: 'Campo obligatorio.' });
    }
    const long = await contact(headers, contractor.id, { message: 'a'.repeat(2001) });
    expect(long.json().error.fields).toEqual({ message: 'Máximo 2000 caracteres.' });
  });

  it('answers 404 for someone who is not an active contractor', async () => {
    const { headers } = await signedIn('client');
    const client = await createUser(t.db, { role: 'client' });
    const banned = await createUser(t.db, { role: 'contractor' });
    await t.db.update(users).set({ status: 'banned' }).where(eq(users.id, banned.id));
    for (const id of [client.id, banned.id]) {
      const res = await contact(headers, id, { message: 'Hola' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Este contratista ya no está disponible.');
    }
  });

  it('is for clients: 401 for visitors, 403 for contractors and sysadmins', async () => {
    const contractor = await createUser(t.db, { role: 'contractor' });
    const visitor = await t.app.inject({ method: 'POST', url: `/api/contractors/${contractor.id}/contact`, payload: { message: 'Hola' } });
    expect(visitor.statusCode).toBe(401);
    for (const role of ['contractor', 'sysadmin'] as const) {
      const { headers } = await signedIn(role);
      const res = await contact(headers, contractor.id, { message: 'Hola' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('No tienes permiso para realizar esta acción.');
    }
    expect(await t.db.$count(conversations, eq(conversations.contractorId, contractor.id))).toBe(0);
  });

  it('limits a client to 20 requests an hour', async () => {
    const { headers } = await signedIn('client');
    const contractor = await createUser(t.db, { role: 'contractor' });
    await saveNotificationPreferences(t.db, contractor.id, { immediate: false });
    for (let i = 0; i < 20; i++) expect((await contact(headers, contractor.id, { message: `Mensaje ${i}` })).statusCode).toBe(201);
    const refused = await contact(headers, contractor.id, { message: 'Uno más' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('Demasiados intentos. Espera un momento y vuelve a intentarlo.');
    // Another client is counted apart.
    const other = await signedIn('client');
    expect((await contact(other.headers, contractor.id, { message: 'Hola' })).statusCode).toBe(201);
  });
});

describe('GET /api/contractors/:id/contact-context', () => {
  it('offers the client only their own open projects, newest first', async () => {
    const { user: client, headers } = await signedIn('client');
    const other = await createUser(t.db, { role: 'client' });
    const contractor = await createUser(t.db, { role: 'contractor' });
    const older = await project(client.id, { title: 'Pintar fachada', startDate: '2026-08-01', createdAt: new Date('2026-01-01T10:00:00Z') });
    const newer = await project(client.id, { title: 'Reparar techo', startDate: '2026-09-10', createdAt: new Date('2026-02-01T10:00:00Z') });
    await project(client.id, { title: 'Terminado', status: 'completado' });
    await project(other.id, { title: 'De otro cliente' });

    const res = await t.app.inject({ method: 'GET', url: `/api/contractors/${contractor.id}/contact-context`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      projects: [
        { id: newer, title: 'Reparar techo', startDate: '2026-09-10' },
        { id: older, title: 'Pintar fachada', startDate: '2026-08-01' },
      ],
    });

    const none = await signedIn('client');
    expect((await t.app.inject({ method: 'GET', url: `/api/contractors/${contractor.id}/contact-context`, headers: none.headers })).json()).toEqual({ projects: [] });
    const asContractor = await signedIn('contractor');
    expect((await t.app.inject({ method: 'GET', url: `/api/contractors/${contractor.id}/contact-context`, headers: asContractor.headers })).statusCode).toBe(403);
  });
});

describe('formatStartDate', () => {
  it('writes the calendar day in es-DO whatever the server’s time zone', () => {
    expect(formatStartDate('2026-01-01')).toBe('01 ene 2026');
    expect(formatStartDate('2026-12-31')).toBe('31 dic 2026');
  });
});

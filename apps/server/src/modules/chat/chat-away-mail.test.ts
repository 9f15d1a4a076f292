import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, emailOutbox, messages } from '../../db/schema/index.ts';
import { asBrowser, createUser, signIn } from '../../../test/support/factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { notificationChannels as tn } from '@arreglaya/shared/i18n/notification-channels';
import { person, postProject } from '../../../test/support/project-factories.ts';
import type { Notification, NotificationDispatcher } from '../notifications/notification-dispatch.ts';
import { saveNotificationPreferences } from '../notifications/notification-preferences.repository.ts';
import { sendAwayMail } from './chat-away-mail.ts';

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const sweep = () => sendAwayMail({ db: t.db, mailer: t.app.mailer, appUrl: t.config.appUrl, log: { warn: () => undefined } });
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function pair() {
  const client = await createUser(t.db, { role: 'client', firstName: 'Yolanda' });
  const contractor = await createUser(t.db, { role: 'contractor', firstName: 'Ramón' });
  const [row] = await t.db.insert(conversations).values({ clientId: client.id, contractorId: contractor.id }).returning({ id: conversations.id });
  return { client, contractor, id: row!.id };
}

describe('mail to a person away from the chat', () => {
  it('sends one mail per conversation for messages no socket received in 5 minutes, with a link back, once', async () => {
    const { client, contractor, id } = await pair();
    const rows = await t.db
      .insert(messages)
      .values([
        { conversationId: id, senderId: client.id, body: '¿Puede venir mañana?', createdAt: minutesAgo(9) },
        { conversationId: id, senderId: client.id, body: 'Es por la fuga <b>del baño</b>.', createdAt: minutesAgo(7) },
        // Too recent: waits for the next sweep.
        { conversationId: id, senderId: client.id, body: 'Reciente', createdAt: minutesAgo(1) },
        // Delivered to a socket: never mailed.
        { conversationId: id, senderId: client.id, body: 'Recibido', createdAt: minutesAgo(8), deliveredAt: minutesAgo(8) },
      ])
      .returning({ id: messages.id, body: messages.body });

    expect(await sweep()).toBe(1);
    const mail = await t.smtp.waitFor((m) => m.to.includes(contractor.email));
    expect(mail.subject).toMatch(/^ArreglaYa - Nuevos mensajes de Yolanda\b/);
    expect(mail.text).toContain('Hola Ramón:');
    expect(mail.text).toMatch(/Yolanda[^\n]* te escribió 2 mensajes\. El último:/);
    expect(mail.text).toContain('Es por la fuga <b>del baño</b>.');
    expect(mail.html).toContain('&lt;b&gt;del baño&lt;/b&gt;');
    expect(mail.text).toContain(`Ver conversación: ${t.config.appUrl}/perfil/mensajes?conversation=${id}`);

    // Each message is mailed once.
    expect(await sweep()).toBe(0);
    const mailed = await t.db
      .select({ body: messages.body, mailedAt: messages.mailedAt })
      .from(messages)
      .where(
        inArray(
          messages.id,
          rows.map((r) => r.id),
        ),
      );
    expect(
      mailed
        .filter((m) => m.mailedAt !== null)
        .map((m) => m.body)
        .sort(),
    ).toEqual(['Es por la fuga <b>del baño</b>.', '¿Puede venir mañana?']);
  });

  it('respects a recipient who turned immediate notifications off', async () => {
    const { client, contractor, id } = await pair();
    await saveNotificationPreferences(t.db, client.id, { immediate: false });
    await t.db.insert(messages).values({ conversationId: id, senderId: contractor.id, body: 'Le mando el presupuesto.', createdAt: minutesAgo(6) });
    expect(await sweep()).toBe(0);
    const queued = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, client.email));
    expect(queued).toEqual([]);
  });

  it('does not mail again a service request, which its own mail already announced', async () => {
    const client = await createUser(t.db, { role: 'client', firstName: 'Inés' });
    const contractor = await createUser(t.db, { role: 'contractor', firstName: 'Julio' });
    const cookie = await signIn(t, client);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/contractors/${contractor.id}/contact`,
      headers: asBrowser(cookie),
      payload: { message: 'Necesito pintar la sala.' },
    });
    expect(res.statusCode).toBe(201);
    await t.db
      .update(messages)
      .set({ createdAt: minutesAgo(10) })
      .where(eq(messages.conversationId, res.json().conversationId as string));
    expect(await sweep()).toBe(0);
  });

  it("names the conversation's project on the outside channels (WhatsApp's who, which project, link), and says so when there is none", async () => {
    const client = await person(t, 'client', 'Maribel');
    const contractor = await createUser(t.db, { role: 'contractor', firstName: 'Aníbal' });
    const projectId = await postProject(t, client, { title: 'Arreglar el portón del garaje' });
    const [about] = await t.db.insert(conversations).values({ clientId: client.id, contractorId: contractor.id, projectId }).returning({ id: conversations.id });
    const other = await pair();
    await t.db.insert(messages).values([
      { conversationId: about!.id, senderId: contractor.id, body: '¿El portón es de hierro?', createdAt: minutesAgo(6) },
      { conversationId: other.id, senderId: other.client.id, body: 'Hola', createdAt: minutesAgo(6) },
    ]);
    const told: Notification[] = [];
    const notifications = { queue: async (_tx: unknown, n: Notification) => void told.push(n) } as unknown as NotificationDispatcher;
    await sendAwayMail({ db: t.db, mailer: t.app.mailer, appUrl: t.config.appUrl, log: { warn: () => undefined }, notifications });

    const toClient = told.find((n) => n.userId === client.id);
    expect(toClient?.templateParams).toEqual([expect.stringMatching(/^Aníbal/), 'Arreglar el portón del garaje', `${t.config.appUrl}/perfil/mensajes?conversation=${about!.id}`]);
    expect(told.find((n) => n.userId === other.contractor.id)?.templateParams?.[1]).toBe(tn.awayNoProject);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { SERVICE_LABELS } from '@arreglaya/shared/domain';
import { WHATSAPP_TEMPLATES } from '@arreglaya/shared/i18n/messaging';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorProfiles, emailOutbox, notificationDeliveries, projectAlerts, projects, users } from '../../db/schema/index.ts';
import { person, postProject, projectForm, type Person } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { runJob, waitForJob } from '../../../test/support/jobs.ts';
import { saveNotificationPreferences } from '../notifications/notification-preferences.repository.ts';
import type { ChannelSender } from '../notifications/channel-sender.ts';
import { saveChoices } from '../notifications/notification-channels.repository.ts';
import { createNotificationDispatcher } from '../notifications/notification-dispatch.ts';
import { alertChannelsBatch, alertContractorChannels } from './project-alert-channels.ts';
import { alertContractors } from './project-alerts.ts';

// A new project's alerts (decision 036): the fitting contractors' immediate mail and the client's
// "Coincidencias", sent by one project-alerts job per project, never twice.

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

const ALERT_SUBJECT = (title: string) => `ArreglaYa - Nuevo proyecto: ${title}`;
const MATCHES_SUBJECT = 'ArreglaYa - Profesionales para tu proyecto';

/** The project's alerts job, as the publishing request queued it (its key is the project). */
async function alertJobOf(projectId: string): Promise<{ id: string; state: string; data: { projectId?: string } } | undefined> {
  const r = await t.db.execute<{ id: string; state: string; data: { projectId?: string } }>(
    sql`SELECT id, state, data FROM pgboss.job WHERE name = 'project-alerts' AND singleton_key = ${projectId}`,
  );
  return r.rows[0];
}

async function alertsDone(projectId: string): Promise<void> {
  const job = await alertJobOf(projectId);
  if (!job) throw new Error('no project-alerts job queued');
  await waitForJob(t.app.jobs, 'project-alerts', job.id, ['completed']);
}

const mailsTo = (who: Person, subject?: string) => t.db.$count(emailOutbox, and(eq(emailOutbox.toAddress, who.email), subject ? eq(emailOutbox.subject, subject) : undefined));

async function inCity(who: Person, city: string) {
  await t.db.update(contractorProfiles).set({ city }).where(eq(contractorProfiles.userId, who.id));
}

describe('the contractors’ immediate alert of a new project', () => {
  it('mails at once every listed contractor of the service and city with alerts on, and nobody else', async () => {
    const client = await person(t, 'client');
    const plumber = await person(t, 'contractor', 'Ramón', ['plomeria']);
    const quiet = await person(t, 'contractor', 'Silencio', ['plomeria']);
    const electrician = await person(t, 'contractor', 'Julio', ['electricidad']);
    const faraway = await person(t, 'contractor', 'Lejano', ['plomeria']);
    const banned = await person(t, 'contractor', 'Vetado', ['plomeria']);
    const unlisted = await person(t, 'contractor', 'Oculto', ['plomeria']);
    await saveNotificationPreferences(t.db, quiet.id, { immediate: false });
    await inCity(faraway, 'santiago');
    await t.db.update(users).set({ bannedAt: new Date() }).where(eq(users.id, banned.id));
    await t.db.update(contractorProfiles).set({ displayName: '' }).where(eq(contractorProfiles.userId, unlisted.id));

    const title = 'Fuga debajo del fregadero';
    const id = await postProject(t, client, { title });
    await alertsDone(id);

    const mail = await t.smtp.waitFor((m) => m.to.includes(plumber.email) && m.subject === ALERT_SUBJECT(title));
    expect(mail.text).toContain('Hola Ramón:');
    expect(mail.text).toContain('Un cliente acaba de publicar un proyecto de tus servicios en tu ciudad:');
    expect(mail.text).toContain('Servicio: Plomería');
    expect(mail.text).toContain('Lugar: Distrito Nacional, Santo Domingo');
    expect(mail.text).toContain(`${t.config.appUrl}/proyectos/${id}`);
    expect(mail.html).toContain('Hola Ramón:');
    for (const nobody of [quiet, electrician, faraway, banned, unlisted, client]) expect(await mailsTo(nobody, ALERT_SUBJECT(title))).toBe(0);

    // The job again (a retry, a second instance, a re-run by hand): nothing is sent twice.
    expect(await runJob(t.app.jobs, 'project-alerts', { projectId: id })).toEqual({ contractors: 0, channels: 0, client: 0 });
    expect(await mailsTo(plumber, ALERT_SUBJECT(title))).toBe(1);
    expect(await mailsTo(client, MATCHES_SUBJECT)).toBe(1);
  });

  it('queues one job and returns before the fan-out: the request does not wait for the mails', async () => {
    const client = await person(t, 'client');
    const plumber = await person(t, 'contractor', 'Ramón', ['plomeria']);
    const title = 'Calentador que no enciende';
    // The fan-out cannot write the contractor's alert while their account row is locked here.
    let projectId = '';
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM users WHERE id = ${plumber.id} FOR UPDATE`);
      const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: client.headers, payload: projectForm({ title }) });
      expect(res.statusCode).toBe(201);
      projectId = res.json<{ project: { id: string } }>().project.id;
      const job = await alertJobOf(projectId);
      expect(job?.data).toEqual({ projectId });
      expect(['created', 'active']).toContain(job?.state);
      expect(await mailsTo(plumber, ALERT_SUBJECT(title))).toBe(0);
    });
    await alertsDone(projectId);
    await t.smtp.waitFor((m) => m.to.includes(plumber.email) && m.subject === ALERT_SUBJECT(title));
  });

  it('resumes a fan-out cut short without mailing anyone twice (batches commit one by one)', async () => {
    const client = await person(t, 'client');
    await saveNotificationPreferences(t.db, client.id, { matches: false });
    const city = 'la-romana';
    const crew = await Promise.all(['Ana', 'Beto', 'Carla', 'Dario', 'Elsa'].map((n) => person(t, 'contractor', n, ['pintura'])));
    for (const c of crew) await inCity(c, city);
    // Published while nobody wanted alerts: the job finds nobody.
    for (const c of crew) await saveNotificationPreferences(t.db, c.id, { immediate: false });
    const id = await postProject(t, client, { title: 'Pintar la sala', services: ['pintura'], city, zone: undefined });
    await alertsDone(id);
    for (const c of crew) await saveNotificationPreferences(t.db, c.id, { immediate: true });
    const [p] = await t.db.select().from(projects).where(eq(projects.id, id));
    const project = { ...p!, services: p!.serviceTypes };
    // Two of them were told before a crash (their batch committed).
    await t.db.insert(projectAlerts).values(crew.slice(0, 2).map((c) => ({ projectId: id, recipientId: c.id, kind: 'immediate' })));
    // The re-run, in batches of 2: only the three others are mailed, once each.
    expect(await alertContractors({ db: t.db, mailer: t.app.mailer, appUrl: t.config.appUrl }, project, 2)).toBe(3);
    expect(await alertContractors({ db: t.db, mailer: t.app.mailer, appUrl: t.config.appUrl }, project, 2)).toBe(0);
    const counts = await Promise.all(crew.map((c) => mailsTo(c, ALERT_SUBJECT('Pintar la sala'))));
    expect(counts).toEqual([0, 0, 1, 1, 1]);
    expect(await t.db.$count(projectAlerts, and(eq(projectAlerts.projectId, id), eq(projectAlerts.kind, 'immediate')))).toBe(5);
  });

  it('is not repeated in the 07:00 digest', async () => {
    const client = await person(t, 'client');
    const tiler = await person(t, 'contractor', 'Ceramista', ['ebanisteria']);
    await inCity(tiler, 'puerto-plata');
    const alerted = await postProject(t, client, { title: 'Piso del baño', services: ['ebanisteria'], city: 'puerto-plata', zone: undefined });
    await alertsDone(alerted);
    await saveNotificationPreferences(t.db, tiler.id, { immediate: false, matches: true });
    const missed = await postProject(t, client, { title: 'Azulejos de la cocina', services: ['ebanisteria'], city: 'puerto-plata', zone: undefined });
    await alertsDone(missed);
    expect(await mailsTo(tiler, ALERT_SUBJECT('Piso del baño'))).toBe(1);
    expect(await mailsTo(tiler, ALERT_SUBJECT('Azulejos de la cocina'))).toBe(0);
    // Both in the digest's window (08:00 on 11 June 2031 in Santo Domingo).
    await t.db.execute(sql`UPDATE projects SET created_at = '2031-06-11T02:00:00Z' WHERE id IN (${alerted}, ${missed})`);
    await runJob(t.app.jobs, 'digest-daily', { at: '2031-06-11T12:00:00Z' });
    const digest = await t.smtp.waitFor((m) => m.to.includes(tiler.email) && m.subject === 'ArreglaYa - Nuevos proyectos para ti');
    expect(digest.text).toContain('Ayer se publicó 1 proyecto');
    expect(digest.text).toContain('• Azulejos de la cocina');
    expect(digest.text).not.toContain('Piso del baño');
  });
});

describe('the contractors’ alert on the outside channels (decision 038)', () => {
  /** A test double of a ChannelSender: push reaches everyone by its SQL rule; SMS only those the test names, asked one by one. */
  const push: ChannelSender = { channel: 'push', reachable: () => Promise.resolve(true), reachableWhere: () => sql`true`, send: () => Promise.resolve({ state: 'sent' }) };
  const smsReachable = new Set<string>();
  const sms: ChannelSender = { channel: 'sms', reachable: (_db, id) => Promise.resolve(smsReachable.has(id)), send: () => Promise.resolve({ state: 'sent' }) };

  it('queues each contractor’s deliveries exactly once when a fan-out killed halfway is run again', async () => {
    const client = await person(t, 'client');
    await saveNotificationPreferences(t.db, client.id, { matches: false });
    const city = 'punta-cana';
    const crew = await Promise.all(['Ana', 'Beto', 'Carla', 'Dario', 'Elsa'].map((n) => person(t, 'contractor', n, ['fumigacion'])));
    for (const c of crew) await inCity(c, city);
    smsReachable.add(crew[0]!.id).add(crew[3]!.id);
    // Mail off for one: the outside channels do not depend on the e-mail's flag; push off for another.
    await saveNotificationPreferences(t.db, crew[1]!.id, { immediate: false });
    await saveChoices(t.db, crew[2]!.id, { newMatchingProject: { push: false, whatsapp: true, sms: true } });
    const id = await postProject(t, client, { title: 'Fumigar la casa', services: ['fumigacion'], city, zone: undefined });
    await alertsDone(id);
    // The app's own senders found none of them reachable (no push subscription, no verified number) and
    // marked the fan-out done; this test runs it again with senders that reach them, as if it never ran.
    await t.db.delete(projectAlerts).where(and(eq(projectAlerts.projectId, id), eq(projectAlerts.kind, 'channels')));
    const [p] = await t.db.select().from(projects).where(eq(projects.id, id));
    const project = { ...p!, services: p!.serviceTypes };
    const notifications = createNotificationDispatcher({ db: t.db, senders: [push, sms], send: () => undefined, log: { warn: () => undefined } });
    const deps = { db: t.db, mailer: t.app.mailer, appUrl: t.config.appUrl, notifications };

    // The run is killed after its first batch of 2 committed (a kill -9 between batches: the cut batch left nothing).
    expect(await alertChannelsBatch(deps, project, 2)).toEqual({ seen: 2, taken: 2 });
    // The job runs again from the start, in batches of 2, then once more.
    expect(await alertContractorChannels(deps, project, 2)).toBe(3);
    expect(await alertContractorChannels(deps, project, 2)).toBe(0);

    const rows = await t.db
      .select({
        userId: notificationDeliveries.userId,
        channel: notificationDeliveries.channel,
        type: notificationDeliveries.type,
        body: notificationDeliveries.body,
        templateParams: notificationDeliveries.templateParams,
      })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.sourceKey, `project:${id}`));
    const got = crew.map((c) =>
      rows
        .filter((r) => r.userId === c.id)
        .map((r) => r.channel)
        .sort(),
    );
    expect(got).toEqual([['push', 'sms'], ['push'], [], ['push', 'sms'], ['push']]);
    expect(rows.every((r) => r.type === 'newMatchingProject' && r.body === 'Fumigar la casa, en Punta Cana. Mira el proyecto y envía tu oferta.')).toBe(true);
    // WhatsApp's template takes service, city, project and link, in that order.
    expect(WHATSAPP_TEMPLATES.newMatchingProject.params).toEqual(['service', 'city', 'project', 'url']);
    for (const r of rows) expect(r.templateParams).toEqual([SERVICE_LABELS.fumigacion, 'Punta Cana', 'Fumigar la casa', `${t.config.appUrl}/proyectos/${id}`]);
  });
});

describe('the client’s “Coincidencias”', () => {
  it('with matches on: one mail with up to three contractors of the service, the city first, best rated first', async () => {
    const service = 'jardineria';
    const client = await person(t, 'client', 'Marisol');
    const names = ['Local Bueno', 'Local Mejor', 'Lejos Estrella', 'Lejos Otro', 'Local Nuevo'];
    const crew = await Promise.all(names.map((n) => person(t, 'contractor', n, [service])));
    const setUp = async (i: number, city: string, ratingAvg: number, ratingCount: number) =>
      t.db.update(contractorProfiles).set({ city, ratingAvg, ratingCount, displayName: names[i]! }).where(eq(contractorProfiles.userId, crew[i]!.id));
    await setUp(0, 'san-pedro-de-macoris', 4.2, 3);
    await setUp(1, 'san-pedro-de-macoris', 4.9, 12);
    await setUp(2, 'santiago', 5, 40);
    await setUp(3, 'santiago', 3, 1);
    await setUp(4, 'san-pedro-de-macoris', 0, 0);
    const id = await postProject(t, client, { title: 'Podar el jardín', services: [service], city: 'san-pedro-de-macoris', zone: undefined });
    await alertsDone(id);
    const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === MATCHES_SUBJECT);
    expect(mail.text).toContain('Hola Marisol:');
    expect(mail.text).toContain('Publicaste «Podar el jardín».');
    const listed = mail.text.split('\n').filter((l) => l.startsWith('• '));
    expect(listed.map((l) => l.slice(2, l.indexOf(' (')))).toEqual(['Local Mejor', 'Local Bueno', 'Local Nuevo']);
    expect(listed[0]).toContain('4.9 ★ (12 reseñas)');
    expect(listed[2]).toContain('sin reseñas aún');
    expect(mail.text).toContain(`${t.config.appUrl}/contractors/${crew[1]!.id}`);
    expect(await mailsTo(client, MATCHES_SUBJECT)).toBe(1);
  });

  it('with few in the city, fills from the rest of the country', async () => {
    const client = await person(t, 'client');
    const [here, there] = await Promise.all([person(t, 'contractor', 'Aquí', ['cerrajero']), person(t, 'contractor', 'Allá', ['cerrajero'])]);
    await inCity(here, 'la-vega');
    await inCity(there, 'santiago');
    const id = await postProject(t, client, { title: 'Techo con goteras', services: ['cerrajero'], city: 'la-vega', zone: undefined });
    await alertsDone(id);
    const mail = await t.smtp.waitFor((m) => m.to.includes(client.email) && m.subject === MATCHES_SUBJECT);
    expect(mail.text).toContain(`${t.config.appUrl}/contractors/${here.id}`);
    expect(mail.text).toContain(`${t.config.appUrl}/contractors/${there.id}`);
    expect(mail.text.indexOf(here.id)).toBeLessThan(mail.text.indexOf(there.id));
  });

  it('with matches off: nothing', async () => {
    const client = await person(t, 'client');
    await person(t, 'contractor', 'Ramón', ['plomeria']);
    await saveNotificationPreferences(t.db, client.id, { matches: false });
    const id = await postProject(t, client, { title: 'Inodoro tapado' });
    await alertsDone(id);
    expect(await mailsTo(client, MATCHES_SUBJECT)).toBe(0);
  });
});

import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorProfiles, digestDeliveries, emailOutbox, projects } from '../../db/schema/index.ts';
import { person, postProject } from '../../../test/support/project-factories.ts';
import { createTestAppWithMail, type MailTestApp } from '../../../test/support/test-app.ts';
import { saveNotificationPreferences } from '../notifications/notification-preferences.repository.ts';
import { runJob } from '../../../test/support/jobs.ts';
import { digestWindow } from './project-digest.ts';

let t: MailTestApp;
beforeAll(async () => {
  t = await createTestAppWithMail();
});
afterAll(() => t.close());

// 08:00 on 10 May 2030 in Santo Domingo (UTC−4): the window is 9 May 07:00 to 10 May 07:00.
const NOW = new Date('2030-05-10T12:00:00Z');
const IN_WINDOW = new Date('2030-05-10T02:00:00Z');
const BEFORE_WINDOW = new Date('2030-05-09T10:00:00Z');

describe('the daily digest of new projects', () => {
  it('waits for 7:00 in the Dominican Republic', () => {
    expect(digestWindow(new Date('2030-05-10T10:59:00Z'))).toBeNull();
    expect(digestWindow(new Date('2030-05-10T11:00:00Z'))).toEqual({ day: '2030-05-10', start: new Date('2030-05-09T11:00:00Z'), end: new Date('2030-05-10T11:00:00Z') });
  });

  it('sends each contractor with matches on the day’s new projects of their services and city, once', async () => {
    const client = await person(t, 'client');
    const plumber = await person(t, 'contractor', 'Ramón', ['plomeria']);
    const electrician = await person(t, 'contractor', 'Julio', ['electricidad']);
    const quiet = await person(t, 'contractor', 'Silencio', ['plomeria']);
    const faraway = await person(t, 'contractor', 'Lejano', ['plomeria']);
    await saveNotificationPreferences(t.db, quiet.id, { matches: false });
    // Without immediate alerts: a project alerted of at once is left out of the digest (decision 036, project-alerts.test.ts).
    for (const c of [plumber, electrician, faraway, quiet]) await saveNotificationPreferences(t.db, c.id, { immediate: false });
    await t.db.update(contractorProfiles).set({ city: 'santiago' }).where(eq(contractorProfiles.userId, faraway.id));

    const fresh = await postProject(t, client, { title: 'Fuga en la cocina' });
    const fresh2 = await postProject(t, client, { title: 'Cambiar calentador', services: ['plomeria', 'electricidad'] });
    const old = await postProject(t, client, { title: 'Proyecto viejo' });
    const taken = await postProject(t, client, { title: 'Ya asignado' });
    await t.db
      .update(projects)
      .set({ createdAt: IN_WINDOW })
      .where(inArray(projects.id, [fresh, fresh2, taken]));
    await t.db.update(projects).set({ createdAt: BEFORE_WINDOW }).where(eq(projects.id, old));
    await t.db.update(projects).set({ status: 'cancelled' }).where(eq(projects.id, taken));

    // Through the job queue, as its schedule runs it, as of the time given: before 7:00 nothing.
    expect(await runJob(t.app.jobs, 'digest-daily', { at: '2030-05-10T10:30:00Z' })).toBe(0);
    expect(await t.db.$count(digestDeliveries)).toBe(0);

    expect(await runJob(t.app.jobs, 'digest-daily', { at: NOW.toISOString() })).toBe(2);
    // Again (a restart, a second instance): nobody gets it twice.
    expect(await runJob(t.app.jobs, 'digest-daily', { at: NOW.toISOString() })).toBe(0);

    const mail = await t.smtp.waitFor((m) => m.to.includes(plumber.email) && m.subject === 'ArreglaYa - Nuevos proyectos para ti');
    expect(mail.text).toContain('Ayer se publicaron 2 proyectos de tus servicios en tu zona:');
    expect(mail.text).toContain('• Cambiar calentador (Santo Domingo');
    expect(mail.text).toContain('• Fuga en la cocina (Santo Domingo');
    expect(mail.text).not.toContain('Proyecto viejo');
    expect(mail.text).not.toContain('Ya asignado');
    expect(mail.text).toContain(`Ver proyectos disponibles: ${t.config.appUrl}/projectlist`);
    const forElectrician = await t.smtp.waitFor((m) => m.to.includes(electrician.email));
    expect(forElectrician.text).toContain('Ayer se publicó 1 proyecto');
    for (const nobody of [quiet, faraway]) expect(await t.db.$count(emailOutbox, eq(emailOutbox.toAddress, nobody.email))).toBe(0);
    const rows = await t.db.select().from(digestDeliveries).where(eq(digestDeliveries.day, '2030-05-10'));
    expect(rows.find((r) => r.contractorId === faraway.id)).toMatchObject({ projectCount: 0 });
    expect(rows.find((r) => r.contractorId === quiet.id)).toBeUndefined();
  });
});

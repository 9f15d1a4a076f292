import { adminJobs as t } from '@arreglaya/shared/i18n/admin-ops';
import { adminConsole } from '@arreglaya/shared/i18n/admin-console';
import { expect, testWithOwnServer } from './support/fixtures.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { API_HEADERS as HEADERS } from './support/api.ts';

// The console's "Tareas programadas" (decision 035) on a real server, whose queue runs its
// schedules: the sweeps have run once the server is up a few seconds, and the page says when.

const ADMIN = { email: 'tareas@arreglaya.do', password: 'Tareas-Programadas-2026' };
const test = testWithOwnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

test('the sysadmin sees every queue and when its schedule last ran, at 1280 and 360 px, with no axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  expect((await page.request.post('/api/auth/sign-in', { data: ADMIN, headers: HEADERS })).status()).toBe(200);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: adminConsole.navLabel }).getByRole('link', { name: adminConsole.nav.jobs }).click();
  await expect(page).toHaveURL(/\/admin\/tareas$/);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  const queues = page.getByRole('list', { name: t.queuesLabel });
  for (const name of ['quotes-expire', 'hires-lapse', 'deliveries-auto-approve', 'digest-daily', 'mail-delivery'] as const) {
    await expect(queues.getByRole('listitem', { name: t.queues[name] })).toBeVisible();
  }
  // The minute sweeps fire at start on their schedule: reload until the expiry's last run shows.
  const expiry = queues.getByRole('listitem', { name: t.queues['quotes-expire'] });
  await expect(async () => {
    await page.reload();
    await expect(expiry).toContainText(t.lastRun);
    await expect(expiry).not.toContainText(t.never, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });

  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/admin/tareas');
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status')).toHaveCount(0);
    await expectNoSeriousAxe(page, `/admin/tareas ${width}px`);
    if (width === 360) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
});

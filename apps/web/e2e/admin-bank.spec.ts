import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminConsole } from '@arreglaya/shared/i18n/admin-console';
import { bankConsole as t, statementQueue as ts } from '@arreglaya/shared/i18n/statement-queue';
import { expect, testWithOwnServer } from './support/fixtures.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { API_HEADERS as HEADERS } from './support/api.ts';

// The console's bank page on a phone (issue 47): the sysadmin imports the synthetic Banco Popular
// camt.053, whose references match no transfer, sees the report and the four credits waiting in
// the queue; a reference no transfer waits for is refused beside it, a return is recorded after
// the confirmation. 360 px wide: no sideways scroll, no serious axe violation.

const ADMIN = { email: 'banco@arreglaya.do', password: 'Banco-Extractos-2026' };
const test = testWithOwnServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
// The refused assignment (409) is logged by the browser as a failed resource: expected here.
test.use({ allowedErrors: [/\/api\/admin\/statement-lines\/[^/]+\/assign: Failed to load resource: the server responded with a status of 409/] });
const CAMT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/test/fixtures/statements/banco-popular.camt053.001.02.xml');

test('at 360 px the sysadmin imports a camt.053, reads the report and the queue, and resolves a line', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  expect((await page.request.post('/api/auth/sign-in', { data: ADMIN, headers: HEADERS })).status()).toBe(200);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: adminConsole.navLabel });
  await nav.getByRole('button', { name: adminConsole.menuToggle }).click();
  await nav.getByRole('link', { name: adminConsole.nav.bank }).click();
  await expect(page).toHaveURL(/\/admin\/banco$/);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByText(t.queue.empty)).toBeVisible();

  const importing = page.getByRole('region', { name: t.import.title });
  await importing.getByLabel(t.import.file).setInputFiles(CAMT);
  await importing.getByRole('button', { name: t.import.submit }).click();
  const report = importing.getByRole('region', { name: t.import.reportTitle('banco-popular.camt053.001.02.xml') });
  await expect(report).toContainText(ts.imported);
  // Five entries: four credits that find no transfer, one debit.
  await expect(report.getByRole('definition')).toHaveText(['5', '0', '4', '0']);
  await expect(report).toContainText(t.import.noErrors);

  const queue = page.getByRole('list', { name: t.queue.listLabel }).getByRole('listitem');
  await expect(queue).toHaveCount(4);
  const first = queue.filter({ hasText: 'JUAN PEREZ MARTINEZ' });
  await expect(first.getByRole('heading', { name: t.queue.line('RD$15,000.00', '14 mar 2025') })).toBeVisible();
  await expect(first).toContainText('AY-24FJ-YFAS-2');
  await expectNoSeriousAxe(page, '/admin/banco 360px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The reference the line quotes waits for no transfer: said beside the reference after the confirmation.
  await first.getByRole('button', { name: new RegExp(`^${t.queue.assign}`) }).click();
  await first.getByLabel(t.queue.referenceLabel).fill('AY-24FJ-YFAS-2');
  await first.getByRole('button', { name: t.queue.assign, exact: true }).click();
  const confirmAssign = page.getByRole('alertdialog', { name: t.queue.assignTitle });
  await expect(confirmAssign).toContainText(t.queue.assignConfirm('RD$15,000.00', 'AY-24FJ-YFAS-2'));
  await expectNoSeriousAxe(page, '/admin/banco confirmation 360px');
  await confirmAssign.getByRole('button', { name: t.queue.assignYes }).click();
  await expect(first.getByRole('alert')).toHaveText(ts.notAssigned);
  await expect(queue).toHaveCount(4);

  // Given back whole: recorded once confirmed, and the line leaves the queue.
  await first.getByRole('button', { name: new RegExp(`^${t.queue.giveBack}`) }).click();
  await first.getByLabel(t.queue.returnRefLabel).fill('DEV-2025-0316-001');
  await first.getByRole('button', { name: t.queue.giveBack, exact: true }).click();
  const confirmReturn = page.getByRole('alertdialog', { name: t.queue.returnTitle });
  await expect(confirmReturn).toContainText(t.queue.returnConfirm('RD$15,000.00', 'DEV-2025-0316-001'));
  await confirmReturn.getByRole('button', { name: t.queue.returnYes }).click();
  await expect(page.getByTestId('message-box')).toContainText(ts.returned);
  await expect(queue).toHaveCount(3);
  await expect(page.getByRole('list', { name: t.queue.listLabel })).not.toContainText('JUAN PEREZ MARTINEZ');

  await expectNoSeriousAxe(page, '/admin/banco after 360px');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

import { expect } from '@playwright/test';
import { push as t } from '@arreglaya/shared/i18n/push';
import { testWithOwnServer } from './support/fixtures.ts';
import { createConfirmedAccount, signIn, type TestAccount } from './support/accounts.ts';
import { expectNoSeriousAxe } from './support/axe.ts';

// "Avisarme en este teléfono" (decision 039) in a real Chromium at 360 px. Chromium here reaches no
// push service, so no real push is subscribed end to end: the server side is tested against a local
// push service (apps/server/src/modules/push/push.test.ts). What a person notices here: the page
// never asks for permission on its own; the tap does, once; a refusal says how to allow it.

const test = testWithOwnServer();
let client: TestAccount;
test.beforeAll(async ({ ownServer }) => {
  client = await createConfirmedAccount(ownServer.baseURL, ownServer.mailbox, 'client');
});

test('the page never asks on load; the tap asks once and a refusal explains how to allow it', async ({ page }) => {
  // Counts the permission prompts the page asks for; the browser's own answer is kept.
  await page.addInitScript(() => {
    const w = window as unknown as { permissionAsks: number };
    w.permissionAsks = 0;
    const ask = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = () => {
      w.permissionAsks++;
      return ask();
    };
  });
  const asks = () => page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks);
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, client);
  await page.goto('/perfil/notificaciones');
  const button = page.getByRole('button', { name: t.turnOn, exact: true });
  await expect(button).toBeVisible();
  await expect(page.getByText(t.off)).toBeVisible();
  expect(await asks()).toBe(0);
  await expectNoSeriousAxe(page, 'notificaciones con avisos 360');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Headless Chromium refuses notifications unless granted: the person is told how to allow them.
  await button.click();
  await expect(page.getByText(t.denied)).toBeVisible();
  expect(await asks()).toBe(1);
  await expect(page.getByRole('button', { name: t.turnOn, exact: true })).toHaveCount(0);
});

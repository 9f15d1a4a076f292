import type { BrowserContext, Locator, Page } from '@playwright/test';
import { howItWorks } from '@arreglaya/shared/i18n/site-pages';
import { auth } from '@arreglaya/shared/i18n/auth';
import { test, expect, waitForAppOnNavigation } from './support/fixtures.ts';

// Decision 046: below the first screen, a prerendered page's parts keep their server HTML until
// they come near the viewport or the phone is idle. These tests take the idle moment away (the
// page's requestIdleCallback never calls back), so a part far below the first screen stays the
// server's until it is seen or touched, whatever the machine's speed.

/**
 * A phone-sized tab where the browser is never idle for the page. Its navigations resolve once
 * React listens to the page, as the fixture's page does: a tap before that reaches no one, on a
 * phone as here (decision 018), and is not what these tests are about.
 */
async function phoneWithoutIdle(context: BrowserContext): Promise<Page> {
  const tab = waitForAppOnNavigation(await context.newPage());
  await tab.setViewportSize({ width: 360, height: 740 });
  await tab.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  return tab;
}

/** Whether React has adopted the element (hydrated it): it then carries its fiber. */
function hydrated(element: Locator): Promise<boolean> {
  return element.evaluate((e) => Object.keys(e).some((key) => key.startsWith('__reactFiber$')));
}

/** Clicks the element where it is, without scrolling it into view first (element.click()). */
async function clickInPlace(element: Locator): Promise<void> {
  await element.evaluate((e) => (e as HTMLElement).click());
}

test('the landing hydrates its first screen first; a link in a section not hydrated yet still navigates inside the app', async ({ context }) => {
  const tab = await phoneWithoutIdle(context);
  let documents = 0;
  tab.on('load', () => documents++);
  await tab.goto('/');
  // The hero's search hydrates at once…
  await tab.waitForFunction(() => Object.keys(document.querySelector('form[role="search"] input[name="q"]')!).some((key) => key.startsWith('__reactFiber$')));
  // …while "Cómo funciona", far below the first screen, keeps the server's HTML.
  const link = tab.locator('#servicios a[href="/comoclientes"]');
  expect(await hydrated(link)).toBe(false);
  await clickInPlace(link);
  await expect(tab).toHaveURL(/\/comoclientes$/);
  await expect(tab.getByRole('heading', { level: 1, name: howItWorks.clients.title })).toBeVisible();
  await tab.waitForLoadState('load');
  expect(documents).toBe(1);
  await tab.close();
});

test('a section hydrates when it is scrolled near', async ({ context }) => {
  const tab = await phoneWithoutIdle(context);
  await tab.goto('/');
  const link = tab.locator('#herramientas a[href="/comoferreterias"]');
  expect(await hydrated(link)).toBe(false);
  await tab.locator('#herramientas').scrollIntoViewIfNeeded();
  await expect.poll(() => hydrated(link)).toBe(true);
  // The footer, far below still, keeps waiting.
  expect(await hydrated(tab.locator('footer a[href="/terminos"]'))).toBe(false);
  await tab.close();
});

test('a button in a part not hydrated yet answers the tap: the sign-up dialog opens', async ({ context }) => {
  const tab = await phoneWithoutIdle(context);
  const errors: string[] = [];
  tab.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await tab.goto('/comoclientes');
  const button = tab.getByRole('button', { name: howItWorks.clients.signUp });
  expect(await hydrated(button)).toBe(false);
  await clickInPlace(button);
  await expect(tab.getByRole('dialog', { name: auth.signUp.title })).toBeVisible();
  expect(errors).toEqual([]);
  await tab.close();
});

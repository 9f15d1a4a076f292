import { randomUUID } from 'node:crypto';
import { es } from '@arreglaya/shared/i18n/es';
import { expectNoSeriousAxe } from './support/axe.ts';
import { expect, failOnPageErrors, test as shared, type PageErrorFixtures } from './support/fixtures.ts';

// Issue 34, item 6 (decision 033): the /contactus message typed on a phone survives a dropped
// connection and a reload (kept in the browser's IndexedDB), and is forgotten once sent.

const t = es.contact;
// The shared server, failing on any console error but the dropped connection's failed request.
const test = shared.extend<PageErrorFixtures>({ ...failOnPageErrors });
test.use({ allowedErrors: [/ERR_INTERNET_DISCONNECTED/] });

/** What the browser keeps under `key` in the drafts' IndexedDB (lib/form-drafts.ts), or undefined. */
const keptDraft = (key: string) =>
  new Promise<unknown>((resolve, reject) => {
    const open = indexedDB.open('arreglaya-drafts', 1);
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const get = open.result.transaction('drafts', 'readonly').objectStore('drafts').get(key);
      get.onsuccess = () => {
        open.result.close();
        resolve(get.result);
      };
    };
  });

test('the contact form keeps an unsent message across a failed send and a reload, at 360 px, and forgets it once sent', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/contactus');
  const main = page.getByRole('main');
  const f = {
    firstName: main.getByLabel(t.firstName, { exact: true }),
    email: main.getByLabel(t.email, { exact: true }),
    messageType: main.getByLabel(t.messageType, { exact: true }),
    message: main.getByLabel(t.message, { exact: true }),
    submit: main.getByRole('button', { name: t.submit, exact: true }),
  };
  const message = `Quisiera saber si atienden en Baní. Ref ${randomUUID().slice(0, 8)}`;
  await f.firstName.fill('Mariela');
  await f.email.fill('mariela@ejemplo.do');
  await f.messageType.selectOption({ label: 'Sugerencia' });
  await f.message.fill(message);

  // The connection drops as she sends.
  await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
  await f.submit.click();
  await expect(f.submit).toBeEnabled();
  await page.unroute('**/api/contact');

  await page.reload();
  await expect(f.message).toHaveValue(message);
  await expect(f.firstName).toHaveValue('Mariela');
  await expect(f.email).toHaveValue('mariela@ejemplo.do');
  await expect(f.messageType).toHaveValue('sugerencia');
  expect(await page.evaluate(keptDraft, 'contact')).toMatchObject({ message });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousAxe(page, '/contactus with a kept draft');

  await f.submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Mensaje enviado con éxito.' })).toBeVisible();
  await expect(f.message).toHaveValue('');
  await expect.poll(() => page.evaluate(keptDraft, 'contact')).toBeUndefined();
});

import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { es } from '@arreglaya/shared/i18n/es';
import { test, expect } from './support/fixtures.ts';

const t = es.contact;

/** The contact form's controls (scoped to <main>: the footer has its own e-mail field). */
function fields(page: Page) {
  const main = page.getByRole('main');
  return {
    firstName: main.getByLabel(t.firstName, { exact: true }),
    email: main.getByLabel(t.email, { exact: true }),
    messageType: main.getByLabel(t.messageType, { exact: true }),
    message: main.getByLabel(t.message, { exact: true }),
    submit: main.getByRole('button', { name: t.submit, exact: true }),
  };
}

function newContact() {
  const id = randomUUID().slice(0, 8);
  return {
    firstName: 'Mariela',
    email: `mariela.${id}@ejemplo.do`,
    messageType: 'Sugerencia',
    message: `Me gustaría poder filtrar contratistas por barrio. Ref ${id}`,
  };
}

test.describe('/contactus', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/contactus');
    await expect(page.getByRole('heading', { level: 1, name: 'Contáctanos' })).toBeVisible();
  });

  test('shows the breadcrumb Inicio > Contáctanos', async ({ page }) => {
    const breadcrumb = page.getByRole('navigation', { name: 'Ruta de navegación' });
    await expect(breadcrumb.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Contáctanos');
    await expect(page).toHaveTitle('Contáctanos · ArreglaYa');
  });

  test('an empty form shows the error under each field', async ({ page }) => {
    const f = fields(page);
    await f.submit.click();
    await expect(f.firstName).toHaveAccessibleDescription('Campo obligatorio.');
    await expect(f.firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(f.message).toHaveAccessibleDescription('Campo obligatorio.');
    await expect(f.messageType).toHaveAccessibleDescription('Elige una opción válida.');
    await expect(f.email).toHaveAccessibleDescription('Campo obligatorio.');
    // The first invalid field gets the focus.
    await expect(f.firstName).toBeFocused();
  });

  test('a malformed e-mail is refused', async ({ page }) => {
    const f = fields(page);
    await f.email.fill('mariela-en-ejemplo.do');
    await f.submit.click();
    await expect(f.email).toHaveAccessibleDescription('Correo inválido.');
  });

  test('a valid message is sent, the form is cleared and the team gets an e-mail', async ({ page, mailbox }) => {
    const f = fields(page);
    const input = newContact();
    await f.firstName.fill(input.firstName);
    await f.email.fill(input.email);
    await f.messageType.selectOption({ label: input.messageType });
    await f.message.fill(input.message);
    await f.submit.click();

    await expect(page.getByRole('status').filter({ hasText: 'Mensaje enviado con éxito.' })).toBeVisible();
    await expect(f.firstName).toHaveValue('');
    await expect(f.email).toHaveValue('');
    await expect(f.messageType).toHaveValue('');
    await expect(f.message).toHaveValue('');
    await expect(f.submit).toBeEnabled();

    const mail = await mailbox.waitFor((m) => (m.subject ?? '').includes('Nuevo mensaje de contacto') && `${m.text ?? ''}${m.html ?? ''}`.includes(input.message));
    expect(mail.subject).toContain('Sugerencia');
  });

  test('the button says "Enviando..." and is disabled while sending', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.continue();
    });
    const f = fields(page);
    const input = newContact();
    await f.firstName.fill(input.firstName);
    await f.email.fill(input.email);
    await f.messageType.selectOption({ label: input.messageType });
    await f.message.fill(input.message);
    await f.submit.click();
    const busy = page.getByRole('button', { name: t.submitting });
    await expect(busy).toBeDisabled();
    release();
    await expect(page.getByRole('status').filter({ hasText: 'Mensaje enviado con éxito.' })).toBeVisible();
  });

  test("the server's field errors appear under the fields", async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 400,
        json: { error: { code: 'VALIDATION', message: es.apiErrors.VALIDATION, fields: { email: 'Correo no admitido.' } } },
      }),
    );
    const f = fields(page);
    const input = newContact();
    await f.firstName.fill(input.firstName);
    await f.email.fill(input.email);
    await f.messageType.selectOption({ label: input.messageType });
    await f.message.fill(input.message);
    await f.submit.click();
    await expect(f.email).toHaveAccessibleDescription('Correo no admitido.');
    await expect(f.email).toBeFocused();
    // Nothing was sent: the typed message stays.
    await expect(f.message).toHaveValue(input.message);
  });

  test("any other failure shows the server's message in the message box", async ({ page }) => {
    await page.route('**/api/contact', (route) => route.fulfill({ status: 429, json: { error: { code: 'RATE_LIMITED', message: es.apiErrors.RATE_LIMITED } } }));
    const f = fields(page);
    const input = newContact();
    await f.firstName.fill(input.firstName);
    await f.email.fill(input.email);
    await f.messageType.selectOption({ label: input.messageType });
    await f.message.fill(input.message);
    await f.submit.click();
    await expect(page.getByRole('alert').filter({ hasText: es.apiErrors.RATE_LIMITED })).toBeVisible();
    await expect(f.message).toHaveValue(input.message);
  });
});

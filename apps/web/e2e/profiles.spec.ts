import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { cedulaCheckDigit } from '@arreglaya/shared/cedula';
import { success } from '@arreglaya/shared/i18n/common';
import { profile as t } from '@arreglaya/shared/i18n/profile';
import { idDocuments } from '@arreglaya/shared/i18n/id-documents';
import { testWithOwnServer } from './support/fixtures.ts';
import { createConfirmedAccount, signIn, type TestAccount } from './support/accounts.ts';
import { expectNoSeriousAxe } from './support/axe.ts';

// Profiles, photo upload and notification preferences (issue 5), on a server of their own so
// the accounts made here do not count against the shared server's sign-up limit.

const test = testWithOwnServer();

test.describe.configure({ mode: 'serial' });

let client: TestAccount;
let contractor: TestAccount;
test.beforeAll(async ({ ownServer }) => {
  client = await createConfirmedAccount(ownServer.baseURL, ownServer.mailbox, 'client');
  contractor = await createConfirmedAccount(ownServer.baseURL, ownServer.mailbox, 'contractor');
});

const bar = (page: Page) => page.getByRole('progressbar', { name: t.completion.label });
const saved = (page: Page) => page.getByRole('status').filter({ hasText: success.recordUpdated });
// A form control by its label (the contractor's Verificación section also has a card named 'Cédula').
const field = (page: Page, label: string) =>
  page
    .getByRole('main')
    .locator('input, select, textarea')
    .and(page.getByLabel(label, { exact: true }));

/** A real JPEG made here (sharp), like a phone photo. */
async function jpegPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .toBuffer();
}

async function expectLoaded(img: Locator): Promise<void> {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

/** A cédula with the right check digit, from 10 digits: 001-1234567-X. */
const validCedula = (first10: string) => `${first10.slice(0, 3)}-${first10.slice(3)}-${cedulaCheckDigit(first10)}`;
const wrongCedula = (first10: string) => `${first10}${(cedulaCheckDigit(first10) + 1) % 10}`;

test.describe('client profile /perfil/info', () => {
  test('fills and saves the contact info; the completion bar moves; it is still there after reload', async ({ page }) => {
    await signIn(page, client);
    await page.goto('/perfil/info');
    await expect(page.getByRole('heading', { level: 1, name: 'Información personal' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Ruta de navegación' });
    await expect(breadcrumb.getByRole('link', { name: 'Cuenta' })).toHaveAttribute('href', '/perfil');

    // Name and e-mail come from sign-up: 3 of the 5 checks.
    await expect(bar(page)).toHaveAttribute('aria-valuenow', '60');
    await expect(bar(page)).toHaveAttribute('aria-valuetext', '60 % completado, 3 de 5');
    await expect(page.getByText('Falta: teléfono, dirección.')).toBeVisible();
    const email = field(page, t.fields.email);
    await expect(email).toHaveValue(client.email);
    await expect(email).toHaveAttribute('readonly', '');

    const phone = field(page, t.fields.phone);
    await phone.fill('555-01');
    await page.getByRole('button', { name: t.actions.save, exact: true }).click();
    await expect(phone).toHaveAccessibleDescription(/Teléfono inválido\. Escríbelo como 809-555-0123\./);
    await expect(field(page, t.fields.address)).toHaveAccessibleDescription('Campo obligatorio.');

    await phone.fill('809-555-0123');
    await expect(bar(page)).toHaveAttribute('aria-valuenow', '80');
    await field(page, t.fields.address).fill('Calle El Conde 105, Zona Colonial');
    await expect(bar(page)).toHaveAttribute('aria-valuenow', '100');
    await field(page, t.fields.city).selectOption({ label: 'Santo Domingo' });
    await field(page, t.fields.zone).selectOption({ label: 'Distrito Nacional' });
    await field(page, t.fields.facebook).fill('facebook.com/lucia.pena');
    await page.getByRole('button', { name: t.actions.save, exact: true }).click();
    await expect(saved(page)).toBeVisible();
    // The sidebar (from the session) shows the new phone.
    // The account card writes the number in the one national format (issue 46).
    await expect(page.getByRole('complementary', { name: 'Tu perfil' }).getByText('(809) 555-0123')).toBeVisible();

    await page.reload();
    await expect(bar(page)).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText('¡Tu perfil está completo!')).toBeVisible();
    await expect(field(page, t.fields.phone)).toHaveValue('809-555-0123');
    await expect(field(page, t.fields.city)).toHaveValue('santo-domingo');
    await expect(field(page, t.fields.zone)).toHaveValue('DN');
    await expect(field(page, t.fields.facebook)).toHaveValue('https://facebook.com/lucia.pena');
  });

  test('uploads a photo and sees it on the profile and in the navbar', async ({ page }) => {
    await signIn(page, client);
    await page.goto('/perfil/info');
    await page.getByLabel(t.photo.label).setInputFiles({ name: 'mi-foto.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto() });
    await expect(page.getByRole('status').filter({ hasText: t.photo.uploaded })).toBeVisible();

    const onProfile = page.getByRole('main').getByRole('img', { name: t.photo.current });
    await expect(onProfile).toHaveAttribute('src', /^\/api\/photos\/[0-9a-f-]{36}\/md$/);
    await expectLoaded(onProfile);
    const photoId = /photos\/([0-9a-f-]{36})\//.exec((await onProfile.getAttribute('src'))!)![1];
    const inNavbar = page.getByRole('group', { name: 'Tu cuenta' }).locator('img');
    await expect(inNavbar).toHaveAttribute('src', `/api/photos/${photoId}/sm`);
    await expectLoaded(inNavbar);

    // Still there on the next visit.
    await page.reload();
    await expect(page.getByRole('main').getByRole('img', { name: t.photo.current })).toHaveAttribute('src', `/api/photos/${photoId}/md`);
  });

  test.describe('refusals', () => {
    test('a text file named foto.jpg is refused at once with its name, before any request, and the photo stays', async ({ page }) => {
      await signIn(page, client);
      await page.goto('/perfil/info');
      const uploads: string[] = [];
      page.on('request', (request) => request.url().includes('/api/me/photo') && uploads.push(request.method()));
      const current = await page.getByRole('main').getByRole('img', { name: t.photo.current }).getAttribute('src');
      const input = page.getByLabel(t.photo.label);
      await input.setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Hola, esto no es una foto.\n') });
      const refusal = t.photo.fileNotAnImage('foto.jpg');
      await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveAccessibleDescription(new RegExp(refusal.replace(/[().]/g, '\\$&')));
      await expect(page.getByRole('main').getByRole('img', { name: t.photo.current })).toHaveAttribute('src', current!);

      // Checked before sending: a GIF, and a file over 8 MB.
      await input.setInputFiles({ name: 'animada.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      await expect(page.getByRole('alert').filter({ hasText: t.photo.fileWrongType('animada.gif') })).toBeVisible();
      await input.setInputFiles({ name: 'enorme.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(8 * 1024 * 1024 + 1) });
      await expect(page.getByRole('alert').filter({ hasText: t.photo.fileTooLarge('enorme.jpg') })).toBeVisible();
      expect(uploads).toEqual([]);
    });
  });

  test.describe('a broken image', () => {
    test.use({ allowedErrors: [/Failed to load resource: the server responded with a status of 404/] });

    test('falls back to the default avatar', async ({ page }) => {
      await signIn(page, client);
      await page.route('**/api/photos/**', (route) => route.fulfill({ status: 404, body: '' }));
      await page.goto('/perfil/info');
      await expect(page.getByRole('main').getByRole('img', { name: t.photo.current })).toHaveAttribute('src', '/default-avatar.svg');
      await expect(page.getByRole('group', { name: 'Tu cuenta' }).locator('img')).toHaveAttribute('src', '/default-avatar.svg');
    });
  });
});

test('a client removes the photo and is back to the default avatar', async ({ page }) => {
  await signIn(page, client);
  await page.goto('/perfil/info');
  await expect(page.getByRole('main').getByRole('img', { name: t.photo.current })).toHaveAttribute('src', /^\/api\/photos\//);
  await page.getByRole('button', { name: t.photo.remove }).click();
  await expect(saved(page)).toBeVisible();
  await expect(page.getByRole('main').getByRole('img', { name: t.photo.current })).toHaveAttribute('src', '/default-avatar.svg');
  await expect(page.getByRole('group', { name: 'Tu cuenta' }).locator('img')).toHaveAttribute('src', '/default-avatar.svg');
  await expect(page.getByRole('button', { name: t.photo.remove })).toHaveCount(0);
});

test.describe('contractor profile /profile/info', () => {
  test('fills services, cédula (a wrong one refused first), location and description; the 11-check bar moves', async ({ page }) => {
    await signIn(page, contractor);
    await page.goto('/profile/info');
    await expect(page.getByRole('heading', { level: 1, name: 'Información personal' })).toBeVisible();
    // First name, last name and e-mail (twice in the spec's list; here the second is the photo).
    await expect(bar(page)).toHaveAttribute('aria-valuenow', String(Math.floor(300 / 11)));

    const cedula = field(page, idDocuments.do_cedula.label);
    await cedula.fill(wrongCedula('4022233344'));
    await page.getByRole('button', { name: t.actions.saveContractor, exact: true }).click();
    await expect(cedula).toHaveAccessibleDescription(new RegExp(idDocuments.do_cedula.invalid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(page.getByText(t.validation.chooseService)).toBeVisible();
    await expect(field(page, t.fields.companyName)).toHaveAccessibleDescription('Campo obligatorio.');
    await expect(bar(page)).toHaveAttribute('aria-valuenow', String(Math.floor(300 / 11)));

    await cedula.fill(validCedula('4022233344'));
    await expect(bar(page)).toHaveAttribute('aria-valuenow', String(Math.floor(400 / 11)));
    await field(page, t.fields.phone).fill('829-555-0199');
    await field(page, t.fields.companyName).fill('Báez Plomería SRL');
    await page.getByRole('checkbox', { name: 'Plomería' }).check();
    await page.getByRole('checkbox', { name: 'Aire acondicionado' }).check();
    await field(page, t.fields.street).fill('Calle del Sol 12');
    await field(page, t.fields.city).selectOption({ label: 'Santiago de los Caballeros' });
    await field(page, t.fields.postalCode).fill('51000');

    const description = field(page, t.fields.description);
    await expect(description).toHaveAccessibleDescription(/Quedan 1500 caracteres/);
    const text = 'Plomero con 15 años de experiencia en Santiago.';
    await description.fill(text);
    await expect(page.getByTestId('description-counter')).toHaveText(`Quedan ${1500 - text.length} caracteres`);
    await expect(description).toHaveAccessibleDescription(new RegExp(`Quedan ${1500 - text.length} caracteres`));
    // Everything but the photo: 10 of 11.
    await expect(bar(page)).toHaveAttribute('aria-valuenow', String(Math.floor(1000 / 11)));
    await expect(page.getByText('Falta: foto.')).toBeVisible();

    await page.getByRole('button', { name: t.actions.saveContractor, exact: true }).click();
    await expect(saved(page)).toBeVisible();

    await page.getByLabel(t.photo.label).setInputFiles({
      name: 'taller.png',
      mimeType: 'image/png',
      buffer: await sharp(await jpegPhoto())
        .png()
        .toBuffer(),
    });
    await expect(bar(page)).toHaveAttribute('aria-valuenow', '100');

    await page.reload();
    await expect(bar(page)).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByRole('checkbox', { name: 'Plomería' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Aire acondicionado' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Pintura' })).not.toBeChecked();
    await expect(field(page, idDocuments.do_cedula.label)).toHaveValue(validCedula('4022233344'));
    await expect(field(page, t.fields.description)).toHaveValue(text);
  });

  test('the registration /contractor/profile is the same form under Inicio > Cuenta > Perfil', async ({ page }) => {
    await signIn(page, contractor);
    await page.goto('/contractor/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
    const breadcrumb = page.getByRole('navigation', { name: 'Ruta de navegación' });
    await expect(breadcrumb.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByRole('link', { name: 'Cuenta' })).toHaveAttribute('href', '/profile');
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Perfil');
    await expect(field(page, t.fields.companyName)).toHaveValue('Báez Plomería SRL');
    await field(page, t.fields.companyName).fill('Báez e Hijos SRL');
    await page.getByRole('button', { name: t.actions.saveContractor, exact: true }).click();
    await expect(saved(page)).toBeVisible();
  });
});

test.describe('notifications', () => {
  test('the four toggles are saved and still set after reload; the newsletter one subscribes', async ({ page, ownServer }) => {
    await signIn(page, client);
    await page.goto('/perfil/notificaciones');
    await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
    const toggle = (name: string) => page.getByRole('switch', { name });
    await expect(toggle(t.notifications.immediate)).toBeChecked();
    await expect(toggle(t.notifications.newsletter)).not.toBeChecked();
    await expect(toggle(t.notifications.matches)).toBeChecked();
    await expect(toggle(t.notifications.specialOffers)).not.toBeChecked();
    await expect(toggle(t.notifications.immediate)).toHaveAccessibleDescription(t.notifications.immediateClient);

    await toggle(t.notifications.immediate).uncheck();
    await toggle(t.notifications.newsletter).check();
    // Keyboard works too: Space flips a focused switch.
    await toggle(t.notifications.specialOffers).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: t.notifications.save, exact: true }).click();
    await expect(saved(page)).toBeVisible();

    await page.reload();
    await expect(toggle(t.notifications.immediate)).not.toBeChecked();
    await expect(toggle(t.notifications.newsletter)).toBeChecked();
    await expect(toggle(t.notifications.matches)).toBeChecked();
    await expect(toggle(t.notifications.specialOffers)).toBeChecked();
    // The newsletter flag is the subscription: its welcome mail arrives.
    const welcome = await ownServer.mailbox.waitFor((m) => (m.to ?? []).some((a) => a.address === client.email) && m.subject === 'ArreglaYa - Suscripción al boletín');
    expect(welcome.text).toContain('Gracias por suscribirte');
  });

  test('a contractor has the same page at /profile/notificaciones, worded for contractors', async ({ page }) => {
    await signIn(page, contractor);
    await page.goto('/profile/notificaciones');
    await expect(page.getByRole('switch', { name: t.notifications.immediate })).toHaveAccessibleDescription(t.notifications.immediateContractor);
    await page.getByRole('switch', { name: t.notifications.matches }).uncheck();
    await page.getByRole('button', { name: t.notifications.save, exact: true }).click();
    await expect(saved(page)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: t.notifications.matches })).not.toBeChecked();
  });
});

const PAGES = [
  ['client', '/perfil/info', 'perfil-info'],
  ['client', '/perfil/notificaciones', 'perfil-notificaciones'],
  ['contractor', '/profile/info', 'profile-info'],
  ['contractor', '/contractor/profile', 'contractor-profile'],
  ['contractor', '/profile/notificaciones', 'profile-notificaciones'],
] as const;

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Guardar|Grabar)$/ })).toBeVisible();
}

test('axe finds no serious or critical violation, and screenshots at 360 and 1280 px with no horizontal scrolling', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  for (const who of ['client', 'contractor'] as const) {
    await page.context().clearCookies();
    await signIn(page, who === 'client' ? client : contractor);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
      for (const [owner, url, name] of PAGES) {
        if (owner !== who) continue;
        await ready(page, url);
        await expectNoSeriousAxe(page, `${width}px ${url}`);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${url} at ${width}px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
      }
    }
  }
});

test('axe finds nothing serious in the contractor form showing its errors', async ({ page }) => {
  await signIn(page, contractor);
  await ready(page, '/profile/info');
  await field(page, idDocuments.do_cedula.label).fill('123');
  await field(page, t.fields.companyName).fill('');
  await page.getByRole('button', { name: t.actions.saveContractor, exact: true }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
    [],
  );
});

import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { auth } from '@arreglaya/shared/i18n/auth';
import { profile } from '@arreglaya/shared/i18n/profile';
import { projects as tp, projectsWeb as t } from '@arreglaya/shared/i18n/projects';
import { shell } from '@arreglaya/shared/i18n/shell';
import { PHOTO_MAX_EDGE } from '@arreglaya/shared/schemas/profile';
import { createConfirmedAccount, fillSignUp, newAccount, readCode, signIn } from './support/accounts.ts';
import { expectNoSeriousAxe } from './support/axe.ts';
import { dayFromToday } from './support/dates.ts';
import { expect } from '@playwright/test';
import { testWithOwnServer } from './support/fixtures.ts';

// Issue 31, items 4 and 5 (decision 033): photos from a phone, and signing up from the form
// where the need arises, coming back to it with everything kept, photos included.

// A server of its own, failing on any console error the test does not expect.
const test = testWithOwnServer();

const main = (page: Page) => page.getByRole('main');
const field = (page: Page, label: string) => main(page).getByLabel(label, { exact: true });
const messageBox = (page: Page) => page.getByTestId('message-box');

/** Fills every field of the new-project form but the photos. */
async function fillProject(page: Page, project: { service: string; title: string; propertyType: string; city: string }): Promise<void> {
  await main(page).getByRole('checkbox', { name: project.service }).check();
  await field(page, t.form.title).fill(project.title);
  await field(page, t.form.propertyType).selectOption(project.propertyType);
  await field(page, t.form.description).fill('Lo antes posible, por favor.');
  await field(page, t.form.startDate).fill(dayFromToday(4));
  await field(page, t.form.city).selectOption(project.city);
  await field(page, t.form.street).fill('Calle 8 #25');
}

/** A plain picture of that size, made here. */
const picture = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: '#2f6f8f' } })
    .toFormat(format)
    .toBuffer();

/**
 * Records, in the page, the picture each multipart upload carries (its type and pixel size):
 * Playwright does not expose a body built from a Blob, so the page reads the file it sends.
 */
async function watchUploads(page: Page): Promise<() => Promise<{ type: string; width: number; height: number }[]>> {
  await page.addInitScript(() => {
    const seen: Promise<{ type: string; width: number; height: number }>[] = [];
    (window as unknown as { __uploads: typeof seen }).__uploads = seen;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      const photo = body instanceof FormData ? body.get('photo') : null;
      if (photo instanceof Blob) seen.push(createImageBitmap(photo).then((b) => ({ type: photo.type, width: b.width, height: b.height })));
      return send.call(this, body);
    };
  });
  return () => page.evaluate(() => Promise.all((window as unknown as { __uploads: Promise<{ type: string; width: number; height: number }>[] }).__uploads));
}

test('a visitor fills /nuevoproyecto with a 12-megapixel photo, signs up from it without typing the password again, and publishes it with the photo', async ({
  page,
  ownServer,
}) => {
  test.setTimeout(90_000);
  const { mailbox } = ownServer;
  await page.setViewportSize({ width: 360, height: 780 });
  const uploads = await watchUploads(page);
  await page.goto('/nuevoproyecto');
  await fillProject(page, { service: 'Plomería', title: 'Cambiar la llave del fregadero', propertyType: 'apartamento', city: 'santiago' });

  // A camera-sized picture (4000 × 3000) made here; the browser scales it before anything is sent.
  await main(page)
    .getByLabel(t.form.addPhoto)
    .setInputFiles({ name: 'fregadero.png', mimeType: 'image/png', buffer: await picture(4000, 3000, 'png') });
  await expect(main(page).getByRole('img', { name: t.form.photoAlt(1) })).toBeVisible();

  // Kept in this browser even across a reload (IndexedDB), photo included.
  await page.reload();
  await expect(field(page, t.form.title)).toHaveValue('Cambiar la llave del fregadero');
  await expect(main(page).getByRole('img', { name: t.form.photoAlt(1) })).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousAxe(page, '/nuevoproyecto with a photo, 360 px');

  // Sign up from the form: a client, preselected.
  const account = newAccount('client');
  await main(page).getByRole('button', { name: t.form.signUp }).click();
  const dialog = await fillSignUp(page, account, { chooseRole: false });
  const since = mailbox.messages.length;
  await dialog.getByRole('button', { name: auth.signUp.submit }).click();

  const confirm = page.getByRole('dialog', { name: auth.confirmEmail.title });
  await confirm.getByLabel(auth.confirmEmail.code).fill(await readCode(mailbox, account.email, auth.mail.signUpSubject, since));
  await confirm.getByRole('button', { name: auth.confirmEmail.submit, exact: true }).click();
  await expect(messageBox(page)).toContainText(auth.emailConfirmedSignedIn);
  // No password asked again: no dialog at all, signed in, back on the form with everything kept.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/nuevoproyecto$/);
  await expect(main(page).getByText(t.form.signInFirst)).toHaveCount(0);
  await expect(field(page, t.form.title)).toHaveValue('Cambiar la llave del fregadero');
  await expect(field(page, t.form.city)).toHaveValue('santiago');
  await expect(main(page).getByRole('checkbox', { name: 'Plomería' })).toBeChecked();
  await expect(main(page).getByRole('img', { name: t.form.photoAlt(1) })).toBeVisible();

  await main(page).getByRole('button', { name: t.form.save }).click();
  await expect(messageBox(page)).toContainText(tp.created);
  // What went over the network: a JPEG of 1,600 px on its long side (decision 073), not the 4000 × 3000 PNG.
  expect(await uploads()).toEqual([{ type: 'image/jpeg', width: PHOTO_MAX_EDGE, height: 1200 }]);
  await expect(page).toHaveURL(/\/proyectos\/[0-9a-f-]{36}$/);

  // The project has the photo, stored from the scaled upload (the largest served size keeps its 4:3).
  const projectId = /proyectos\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  const project = (await (await page.request.get(`/api/projects/${projectId}`)).json()) as { title: string; photos: { id: string }[] };
  expect(project.title).toBe('Cambiar la llave del fregadero');
  expect(project.photos).toHaveLength(1);
  const served = await page.request.get(`/api/photos/${project.photos[0]!.id}/lg`);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  const stored = await sharp(await served.body()).metadata();
  expect([stored.width, stored.height]).toEqual([960, 720]);

  // Sent, the draft is gone: a new form starts empty.
  await page.goto('/nuevoproyecto');
  await expect(field(page, t.form.title)).toHaveValue('');
  await expect(main(page).getByRole('img', { name: t.form.photoAlt(1) })).toHaveCount(0);
});

test.describe('an upload that fails', () => {
  test.use({ allowedErrors: [/Failed to load resource: net::ERR_FAILED/] });

  test('is shown on its photo; the project is saved, and that photo alone is retried, in its place', async ({ page, ownServer }) => {
    await signIn(page, await createConfirmedAccount(ownServer.baseURL, ownServer.mailbox));
    await page.goto('/nuevoproyecto');
    await fillProject(page, { service: 'Electricidad', title: 'Cambiar el breaker', propertyType: 'casa', city: 'santo-domingo' });
    await main(page)
      .getByLabel(t.form.addPhoto)
      .setInputFiles([
        { name: 'panel.jpg', mimeType: 'image/jpeg', buffer: await picture(640, 480) },
        { name: 'cable.jpg', mimeType: 'image/jpeg', buffer: await picture(480, 640) },
      ]);
    await expect(main(page).getByRole('img', { name: t.form.photoAlt(2) })).toBeVisible();

    // The connection drops during the first photo's upload only.
    let dropped = false;
    await page.route('**/api/projects/*/photos', (route) => {
      if (dropped || route.request().method() !== 'POST') return route.continue();
      dropped = true;
      return route.abort('failed');
    });
    await main(page).getByRole('button', { name: t.form.save }).click();
    await expect(
      main(page)
        .getByRole('alert')
        .filter({ hasText: profile.photo.uploadFailedNamed('panel.jpg') }),
    ).toBeVisible();
    await expect(main(page).getByText(t.form.savedWithFailures)).toBeVisible();
    await expect(page).toHaveURL(/\/nuevoproyecto$/);
    await expect(main(page).getByRole('button', { name: profile.photo.retryNamed('cable.jpg') })).toHaveCount(0);

    await main(page)
      .getByRole('button', { name: profile.photo.retryNamed('panel.jpg') })
      .click();
    await expect(page).toHaveURL(/\/proyectos\/[0-9a-f-]{36}$/);
    const projectId = /proyectos\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    const project = (await (await page.request.get(`/api/projects/${projectId}`)).json()) as { photos: { id: string }[] };
    // One project, both photos, in the form's order (the landscape panel first).
    expect(project.photos).toHaveLength(2);
    const first = await sharp(await (await page.request.get(`/api/photos/${project.photos[0]!.id}/lg`)).body()).metadata();
    expect([first.width, first.height]).toEqual([640, 480]);
    const mine = (await (await page.request.get('/api/me/projects')).json()) as { items: { title: string }[] };
    expect(mine.items.filter((p) => p.title === 'Cambiar el breaker')).toHaveLength(1);
  });
});

test('signing out forgets a kept draft, photo included', async ({ page }) => {
  await page.goto('/nuevoproyecto');
  await field(page, t.form.title).fill('Arreglar el portón');
  await main(page)
    .getByLabel(t.form.addPhoto)
    .setInputFiles({ name: 'porton.jpg', mimeType: 'image/jpeg', buffer: await picture(640, 480) });
  await expect(main(page).getByRole('img', { name: t.form.photoAlt(1) })).toBeVisible();
  await page.reload();
  await expect(field(page, t.form.title)).toHaveValue('Arreglar el portón');

  await page.goto('/signout');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/nuevoproyecto');
  await expect(field(page, t.form.title)).toHaveValue('');
  await expect(main(page).getByRole('img', { name: t.form.photoAlt(1) })).toHaveCount(0);
});

test('a fake .jpg is refused at once with its name, before any request', async ({ page }) => {
  await page.goto('/nuevoproyecto');
  const requests: string[] = [];
  page.on('request', (r) => r.method() !== 'GET' && requests.push(r.url()));
  await main(page)
    .getByLabel(t.form.addPhoto)
    .setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Esto es texto, no una foto.\n') });
  await expect(
    main(page)
      .getByRole('alert')
      .filter({ hasText: profile.photo.fileNotAnImage('foto.jpg') }),
  ).toBeVisible();
  await expect(main(page).getByRole('img', { name: t.form.photoAlt(1) })).toHaveCount(0);
  expect(requests).toEqual([]);
});

test('the header offers a client account and the professional sign-up', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Navegación principal' });
  await nav.getByRole('link', { name: shell.nav.createAccount }).click();
  const dialog = page.getByRole('dialog', { name: auth.signUp.title });
  await expect(dialog.getByRole('radio', { name: auth.signUp.roleClient })).toBeChecked();
  await page.keyboard.press('Escape');
  await nav.getByRole('link', { name: shell.nav.register }).click();
  await expect(dialog.getByRole('radio', { name: auth.signUp.roleContractor })).toBeChecked();
});

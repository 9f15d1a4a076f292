import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { es } from '@arreglaya/shared/i18n/es';
import { quickBooking as t } from '@arreglaya/shared/i18n/site-forms';
import { test, expect } from './support/fixtures.ts';
import { scrollToSection } from './support/lazy-sections.ts';

function bookingForm(page: Page) {
  const form = page.getByRole('form', { name: t.title });
  return {
    form,
    nombre: form.getByLabel(t.nombre, { exact: true }),
    apellido: form.getByLabel(t.apellido, { exact: true }),
    telefono: form.getByLabel(t.telefono, { exact: true }),
    correo: form.getByLabel(t.correo, { exact: true }),
    servicio: form.getByLabel(t.tipoDeServicios, { exact: true }),
    comentarios: form.getByLabel(t.comentarios, { exact: true }),
    submit: form.getByRole('button', { name: t.submit, exact: true }),
  };
}

test.describe('landing /', () => {
  test('has its anchors, title and description', async ({ page }) => {
    await page.goto('/');
    for (const id of ['services', 'servicios', 'herramientas', 'acercade', 'reserva']) {
      await expect(page.locator(`#${id}`), id).toHaveCount(1);
    }
    await expect(page).toHaveTitle('ArreglaYa · Contratistas de confianza para tu hogar');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Publica tu proyecto gratis/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /ArreglaYa/);
  });

  test('shows the live number of contractors for each service, as the API counts them', async ({ page }) => {
    const counts = page.waitForResponse('**/api/services/counts?country=DO');
    await page.goto('/');
    const body = (await (await counts).json()) as { counts: { service: string; contractors: number }[] };
    expect(body.counts).toHaveLength(14);
    for (const { service, contractors } of body.counts) {
      // A service nobody offers yet shows no '0 contratistas' but an invitation (issue 55, decision 058).
      if (contractors === 0) await expect(page.getByTestId(`count-${service}`)).toHaveCount(0);
      else await expect(page.getByTestId(`count-${service}`)).toHaveText(contractors === 1 ? '1 contratista' : `${contractors} contratistas`);
    }
    // Not the old hard-coded numbers (plomería 45): this server has no contractors yet.
    await expect(page.getByRole('link', { name: /^Sé el primero en ofrecer este servicio \(Plomería\)$/ })).toBeVisible();
    await expect(page.getByText('0 contratistas')).toHaveCount(0);
  });

  test('the carousels move on their own, and stop on hover and on focus', async ({ page }) => {
    // The page's clock runs as usual, and is moved on by the test where it waits for nothing to happen.
    await page.clock.install();
    await page.goto('/');
    const reviews = page.getByRole('region', { name: 'Testimonios de clientes' });
    const why = page.getByRole('region', { name: 'Razones para elegir ArreglaYa' });
    await expect(reviews.getByRole('group', { name: '1 de 3' })).toBeVisible();
    await expect(why.getByRole('group', { name: '2 de 4' })).toBeVisible({ timeout: 5_000 });
    await expect(reviews.getByRole('group', { name: '2 de 3' })).toBeVisible({ timeout: 8_000 });

    await why.hover();
    await expect(why).toHaveAttribute('data-playing', 'false');
    const shown = await why.getByRole('group').filter({ visible: true }).getAttribute('aria-label');
    await page.clock.runFor(10_000);
    await expect(why.getByRole('group').filter({ visible: true })).toHaveAttribute('aria-label', shown!);
    await page.mouse.move(0, 0);

    await reviews.getByRole('button', { name: 'Siguiente' }).focus();
    await expect(reviews).toHaveAttribute('data-playing', 'false');
    // The page's time moved on for this carousel too: Siguiente shows the one after the one shown now.
    const current = Number((await reviews.getByRole('group').filter({ visible: true }).getAttribute('aria-label'))!.split(' ')[0]);
    await page.keyboard.press('Enter');
    await expect(reviews.getByRole('group', { name: `${(current % 3) + 1} de 3` })).toBeVisible();
  });

  test('the carousels stay still under prefers-reduced-motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    // Both are hydrated after the page's first pass (decision 018), from the prerendered
    // (playing) markup: the attributes must follow the setting too, not only the text.
    for (const name of ['Testimonios de clientes', 'Razones para elegir ArreglaYa']) {
      const carousel = page.getByRole('region', { name });
      await expect(carousel).toHaveAttribute('data-playing', 'false');
      await expect(carousel.getByRole('button', { name: 'Reproducir' })).toHaveText('▶');
      await expect(carousel.locator('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    }
    const why = page.getByRole('region', { name: 'Razones para elegir ArreglaYa' });
    await page.clock.runFor(10_000);
    await expect(why.getByRole('group', { name: '1 de 4' })).toBeVisible();
  });

  test('quick booking: every rule shows its message', async ({ page }) => {
    await page.goto('/');
    await scrollToSection(page, '#reserva');
    const f = bookingForm(page);
    await f.submit.click();
    await expect(f.nombre).toHaveAccessibleDescription('Campo obligatorio.');
    await expect(f.apellido).toHaveAccessibleDescription('Campo obligatorio.');
    await expect(f.telefono).toHaveAccessibleDescription(/Campo obligatorio\./);
    await expect(f.correo).toHaveAccessibleDescription('Campo obligatorio.');
    await expect(f.servicio).toHaveAccessibleDescription('Elige una opción válida.');
    await expect(f.comentarios).toHaveAccessibleDescription(/Campo obligatorio\./);
    await expect(f.nombre).toBeFocused();
    await f.correo.fill('ramona-en-ejemplo.do');
    await f.telefono.fill('llámame');
    await f.submit.click();
    await expect(f.correo).toHaveAccessibleDescription('Correo inválido.');
    await expect(f.telefono).toHaveAccessibleDescription(/Teléfono inválido\./);
  });

  test('quick booking is sent, thanked and e-mailed to the team and the person', async ({ page, mailbox }) => {
    await page.goto('/');
    await scrollToSection(page, '#reserva');
    const f = bookingForm(page);
    const id = randomUUID().slice(0, 8);
    const email = `ramona.${id}@ejemplo.do`;
    await f.nombre.fill('Ramona');
    await f.apellido.fill('Peña');
    await f.telefono.fill('809-555-0123');
    await f.correo.fill(email);
    await f.servicio.selectOption({ label: 'Plomería' });
    await f.comentarios.fill(`Se sale el agua del fregadero. Ref ${id}`);
    await f.submit.click();
    await expect(page.getByRole('status').filter({ hasText: es.success.quickBookingSent })).toBeVisible();
    await expect(f.nombre).toHaveValue('');

    const team = await mailbox.waitFor((m) => (m.subject ?? '').includes('Nueva reserva rápida') && (m.text ?? '').includes(id));
    expect(team.subject).toBe('ArreglaYa - Nueva reserva rápida (Plomería)');
    const ack = await mailbox.waitFor((m) => (m.to ?? []).some((a) => 'address' in a && a.address === email));
    expect(ack.text).toContain('Gracias por registrarte');
  });
});

test('/booking shows the quick-booking form; /helper leads to the help centre', async ({ page }) => {
  await page.goto('/booking');
  await expect(page.getByRole('heading', { level: 1, name: 'Reserva rápida' })).toBeVisible();
  await expect(bookingForm(page).submit).toBeVisible();
  await page.goto('/helper');
  await expect(page).toHaveURL(/\/ayuda$/);
});

test('the footer country picker is remembered and forms follow its phone format', async ({ page }) => {
  await page.goto('/');
  const picker = page.getByRole('contentinfo').getByLabel('País');
  await expect(picker).toHaveValue('DO');
  await scrollToSection(page, '#reserva');
  await expect(bookingForm(page).telefono).toHaveAccessibleDescription('Ejemplo: 809-555-0123');
  await picker.selectOption({ label: 'Colombia' });
  await expect(bookingForm(page).telefono).toHaveAccessibleDescription('Ejemplo: 301 234 5678');
  await page.reload();
  await expect(page.getByRole('contentinfo').getByLabel('País')).toHaveValue('CO');
  await scrollToSection(page, '#reserva');
  await expect(bookingForm(page).telefono).toHaveAccessibleDescription('Ejemplo: 301 234 5678');
  await page.getByRole('contentinfo').getByLabel('País').selectOption({ label: 'México' });
  await expect(bookingForm(page).telefono).toHaveAccessibleDescription('Ejemplo: 55 1234 5678');
});

import { test, expect } from './support/fixtures.ts';

test.describe('/ayuda', () => {
  test('search ignores accents and case, chips search, and results can be cleared', async ({ page }) => {
    await page.goto('/ayuda');
    await expect(page.getByRole('heading', { level: 1, name: 'Centro de ayuda' })).toBeVisible();
    await expect(page).toHaveTitle('Centro de ayuda · ArreglaYa');
    const box = page.getByRole('searchbox', { name: 'Buscar en la ayuda' });
    await box.fill('PLOMERIA');
    await box.press('Enter');
    await expect(page.getByRole('heading', { name: /resultados? para «PLOMERIA»/ })).toBeVisible();
    await expect(page.getByText('¿Cómo publico un proyecto?')).toBeVisible();

    await page.getByRole('button', { name: 'Notificación' }).click();
    await expect(page.getByRole('heading', { name: /resultados? para «Notificación»/ })).toBeVisible();
    await expect(page.getByText('¿Cómo elijo qué notificaciones recibo?')).toBeVisible();
    await page.getByRole('button', { name: 'Pagos' }).click();
    await page.getByText('¿Cómo funciona la protección de pagos?').click();
    await expect(page.getByText(/abres una reclamación dentro de esos 7 días/)).toBeVisible();

    await box.fill('xyzzy');
    await box.press('Enter');
    await expect(page.getByRole('heading', { name: /No encontramos respuestas/ })).toBeVisible();
    await page.getByRole('button', { name: 'Borrar búsqueda' }).click();
    await expect(page.getByRole('tablist', { name: 'Categorías de preguntas' })).toBeVisible();
  });

  test('category tabs work with the keyboard', async ({ page }) => {
    await page.goto('/ayuda');
    const first = page.getByRole('tab', { name: 'Propietarios' });
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await first.focus();
    await page.keyboard.press('ArrowRight');
    const contractors = page.getByRole('tab', { name: 'Contratistas' });
    await expect(contractors).toBeFocused();
    await expect(contractors).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Contratistas' })).toContainText('¿Cómo envío una oferta?');
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Nuestra app' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(first).toBeFocused();
    for (const name of ['Propietarios', 'Contratistas', 'Socios', 'Ferreterías', 'Nuestra app']) {
      await page.getByRole('tab', { name }).click();
      expect(await page.getByRole('tabpanel', { name }).getByRole('listitem').count(), name).toBeGreaterThanOrEqual(4);
    }
    await expect(page.getByRole('link', { name: 'Envíanos un mensaje' })).toHaveAttribute('href', '/contactus');
  });
});

test('terms and privacy are complete Spanish texts', async ({ page }) => {
  await page.goto('/terminos');
  await expect(page.getByRole('heading', { level: 1, name: 'Términos de uso' })).toBeVisible();
  const terms = page.getByRole('main');
  for (const text of [
    'intermediario',
    'exclusiva responsabilidad',
    'no está obligada',
    'suspender o cancelar',
    'arbitraje en la República Dominicana',
    '358-05',
    'Protección de pagos',
    '7 días',
    'pesos dominicanos',
    'dólares estadounidenses',
    'incluyen los impuestos',
  ]) {
    await expect(terms, text).toContainText(text);
  }
  await page.goto('/privacidad');
  await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
  for (const text of ['Qué datos recogemos', 'Para qué los usamos', 'Cuánto tiempo los guardamos', '172-13']) {
    await expect(page.getByRole('main'), text).toContainText(text);
  }
});

test('the how-it-works pages show 3 steps, open the sign-up dialog and log each visit', async ({ page }) => {
  for (const [path, title, button] of [
    ['/comoclientes', 'Cómo funciona para clientes', 'Crear mi cuenta gratis'],
    ['/comocontratistas', 'Cómo funciona para contratistas', 'Registrarme como contratista'],
  ] as const) {
    const visit = page.waitForRequest((r) => r.url().endsWith('/api/visits') && r.method() === 'POST');
    await page.goto(path);
    expect((await visit).postDataJSON()).toEqual({ page: path });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Pasos' }).getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
  }
});

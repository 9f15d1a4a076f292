import type { Locator, Page } from '@playwright/test';

// Forms below the fold mount only when they scroll near the viewport (components/ui/when-visible.tsx),
// so a test scrolls to them first, as a visitor would.

/** Scrolls to the footer, which mounts its newsletter form; returns the form's controls. */
export async function footerNewsletter(page: Page): Promise<{ footer: Locator; email: Locator; submit: Locator }> {
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  return { footer, email: footer.getByLabel('Correo electrónico'), submit: footer.getByRole('button', { name: 'Suscribirme' }) };
}

/** Scrolls to an element (by CSS selector) so whatever it mounts lazily loads. */
export async function scrollToSection(page: Page, selector: string): Promise<void> {
  await page.locator(selector).scrollIntoViewIfNeeded();
}

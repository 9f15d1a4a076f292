import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { footerNewsletter, scrollToSection } from './support/lazy-sections.ts';
import { expectNoSeriousAxe } from './support/axe.ts';

/** Every public page: path, screenshot name, and its document title. */
const PUBLIC_PAGES = [
  ['/', 'landing', 'ArreglaYa · Contratistas de confianza para tu hogar'],
  ['/comoclientes', 'comoclientes', 'Cómo funciona para clientes · ArreglaYa'],
  ['/comocontratistas', 'comocontratistas', 'Cómo funciona para contratistas · ArreglaYa'],
  ['/comoferreterias', 'comoferreterias', 'Programa para ferreterías · ArreglaYa'],
  ['/ayuda', 'ayuda', 'Centro de ayuda · ArreglaYa'],
  ['/terminos', 'terminos', 'Términos de uso · ArreglaYa'],
  ['/privacidad', 'privacidad', 'Política de privacidad · ArreglaYa'],
  ['/booking', 'booking', 'Reserva rápida · ArreglaYa'],
  ['/contactus', 'contactus', 'Contáctanos · ArreglaYa'],
  ['/aprendamas', 'aprendamas', null],
  ['/comenta', 'comenta', null],
  ['/notfound', 'notfound', 'Página no encontrada · ArreglaYa'],
] as const;

async function ready(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The footer's lazily loaded newsletter form marks a fully rendered page.
  await expect((await footerNewsletter(page)).submit).toBeVisible();
}

test('every public page has its own title, a description and Open Graph tags', async ({ page }) => {
  for (const [url, , title] of PUBLIC_PAGES) {
    await ready(page, url);
    if (title) await expect(page, url).toHaveTitle(title);
    if (['/aprendamas', '/comenta', '/notfound', '/contactus'].includes(url)) continue;
    await expect(page.locator('meta[name="description"]'), url).toHaveAttribute('content', /.{40,}/);
    await expect(page.locator('meta[property="og:title"]').first(), url).toHaveAttribute('content', title!);
    await expect(page.locator('meta[property="og:description"]').first(), url).toHaveAttribute('content', /\S/);
  }
});

test('axe finds no serious or critical violation on any public page, at 360 and 1280 px', async ({ page }) => {
  test.setTimeout(180_000);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    for (const [url] of PUBLIC_PAGES) {
      await ready(page, url);
      await expectNoSeriousAxe(page, `${width}px ${url}`);
    }
  }
});

test('axe finds nothing serious in the forms showing their errors', async ({ page }) => {
  for (const [url, form, submit] of [
    ['/', 'Reserva rápida', 'Reservar'],
    ['/comoferreterias', 'Recomienda a un amigo', 'Enviar recomendación'],
    ['/comoferreterias', 'Solicitud para ferreterías', 'Enviar solicitud'],
  ] as const) {
    await ready(page, url);
    if (url === '/') await scrollToSection(page, '#reserva');
    await page.getByRole('form', { name: form }).getByRole('button', { name: submit }).click();
    await expect(page.getByRole('form', { name: form }).locator('[aria-invalid="true"]').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${url} ${v.id}`)).toEqual([]);
  }
});

test('screenshots of every public page at 360 and 1280 px, with no horizontal scrolling', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = path.join(test.info().project.outputDir, 'screenshots');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    for (const [url, name] of PUBLIC_PAGES) {
      await ready(page, url);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${url} at ${width}px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(dir, `public-${name}-${width}.png`), fullPage: true });
    }
  }
});

test('a prerendered page hydrated in parts keeps every id unique and every reference resolved', async ({ page }) => {
  // Parts of these pages are hydrated after the first pass (decision 018), and the forms below
  // the fold mount later still: ids given then must not repeat ids the HTML already has, or a
  // label would name another page's control.
  for (const url of ['/', '/comoclientes', '/comocontratistas', '/ayuda', '/terminos', '/privacidad']) {
    await ready(page, url);
    if (url === '/') await scrollToSection(page, '#reserva');
    if (url === '/') await expect(page.getByRole('form', { name: 'Reserva rápida' })).toBeVisible();
    const problems = await page.evaluate(() => {
      const found: string[] = [];
      const seen = new Set<string>();
      for (const element of document.querySelectorAll('[id]')) {
        if (seen.has(element.id)) found.push(`duplicate id ${element.id}`);
        seen.add(element.id);
      }
      for (const attribute of ['for', 'aria-controls', 'aria-labelledby', 'aria-describedby']) {
        for (const element of document.querySelectorAll(`[${attribute}]`)) {
          for (const id of element.getAttribute(attribute)!.split(/\s+/).filter(Boolean)) {
            if (!document.getElementById(id)) found.push(`${attribute}="${id}" names nothing`);
          }
        }
      }
      return found;
    });
    expect(problems, url).toEqual([]);
  }
});

test('links clicked before the landing has hydrated navigate inside the app', async ({ context }) => {
  // main.tsx marks the page ready (data-app) as soon as React listens to it, before any part of
  // the page has hydrated: each part is a Suspense boundary React hydrates later (decision 018).
  // The link is clicked in the very task that sets the mark, while it is still the prerendered
  // HTML's (no React fiber yet): React must hydrate its part at once and let the router handle
  // the click, or the browser would load the next page anew.
  for (const [selector, url] of [
    ['header nav a[href="/ayuda"]', /\/ayuda$/],
    ['main a[href="/comoclientes"]', /\/comoclientes$/],
    ['footer a[href="/terminos"]', /\/terminos$/],
  ] as const) {
    const tab = await context.newPage();
    await tab.setViewportSize({ width: 1280, height: 800 });
    await tab.addInitScript((linkSelector) => {
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset.app !== 'ready') return;
        observer.disconnect();
        const link = document.querySelector<HTMLElement>(linkSelector)!;
        sessionStorage.setItem('hydratedWhenClicked', String(Object.keys(link).some((key) => key.startsWith('__reactFiber$'))));
        link.click();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-app'] });
    }, selector);
    let documents = 0;
    tab.on('load', () => documents++);
    await tab.goto('/');
    await expect(tab).toHaveURL(url);
    await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
    await tab.waitForLoadState('load');
    expect(documents, selector).toBe(1);
    expect(await tab.evaluate(() => sessionStorage.getItem('hydratedWhenClicked')), selector).toBe('false');
    await tab.close();
  }
});

test('every prerendered page hydrates whole, with no console error (a hydration mismatch logs one)', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${page.url()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));
  for (const url of ['/', '/comoclientes', '/comocontratistas', '/ayuda', '/terminos', '/privacidad']) {
    await page.goto(url);
    expect(await page.locator('#root').getAttribute('data-prerendered'), url).toBe('true');
    // Hydrated: React has adopted every element of the HTML (each carries its fiber). A part
    // React could not hydrate would be rendered anew, after an error in the console.
    await page.waitForFunction(() => [...document.querySelectorAll('#root *')].every((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$'))));
  }
  expect(errors).toEqual([]);
});

test('the informational pages arrive prerendered, and sitemap.xml and robots.txt exist', async ({ request }) => {
  for (const [url, h1, routeChunk] of [
    ['/', 'Encuentra contratistas de confianza para tu hogar', 'landing'],
    ['/comoclientes', 'Cómo funciona para clientes', 'how-clients'],
    ['/comocontratistas', 'Cómo funciona para contratistas', 'how-contractors'],
    ['/ayuda', 'Centro de ayuda', 'help'],
    ['/terminos', 'Términos de uso', 'terms'],
    ['/privacidad', 'Política de privacidad', 'privacy'],
  ] as const) {
    const res = await request.get(url);
    expect(res.status(), url).toBe(200);
    const html = await res.text();
    expect(html, url).toContain(`>${h1}</h1>`);
    expect(html, url).toMatch(/<meta property="og:title" content="[^"]+"/);
    // The head names the entry and every module the page runs before it answers a tap, the page's
    // own route chunk among them: fetched while the HTML arrives, not a round trip later (decision 070).
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head, url).toMatch(/<script type="module" async crossorigin src="\/assets\/index-[^"]+\.js"><\/script>/);
    expect(head, url).toMatch(new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${routeChunk}-[^"]+\\.js">`));
    // The stylesheet is inline; its link is there disabled (never fetched), for the app's preload helper.
    expect(head, url).toMatch(/<\/style><link rel="stylesheet" href="\/assets\/index-[^"]+\.css" disabled>/);
  }
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(await sitemap.text()).toContain('/ayuda</loc>');
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain('Sitemap: ');
});

// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageMeta } from '@arreglaya/shared/i18n/site-pages';
import { storeForm } from '@arreglaya/shared/i18n/site-forms';
import { FAQS } from '@/features/help/faq-data.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { Component as HardwareStoresPage } from './hardware-stores.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Nothing tracks a partner code, hands out counter material or pays a commission per project
// (apps/server/src/modules/store-partners only records the application): no text promises them (issue 35).
const PROMISES = [
  /c[óo]digo de socio/i,
  /comisi[óo]n por cada/i,
  /recib\w* (tu |tus |una )?comisi[óo]n/i,
  /material para tu mostrador/i,
  /para tus comisiones/i,
  /ciclo de pago mensual/i,
];
const promisesIn = (text: string) => PROMISES.filter((p) => p.test(text)).map(String);

describe('/comoferreterias and the help centre say only what is true (issue 35)', () => {
  it('the page promises no partner code, counter material or commission per project', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    renderWithProviders(<HardwareStoresPage />, { route: '/comoferreterias' });
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(promisesIn(document.body.textContent ?? '')).toEqual([]);
    expect(promisesIn(`${pageMeta.hardwareStores.title} ${pageMeta.hardwareStores.description}`)).toEqual([]);
  });

  it("the help centre's answers for stores and the store form's mail promise none either", () => {
    const stores = FAQS.filter((f) => f.category === 'ferreterias' || /ferreter/i.test(f.question + f.answer));
    expect(stores.length).toBeGreaterThan(0);
    for (const f of stores) expect(promisesIn(`${f.question} ${f.answer}`), f.id).toEqual([]);
    expect(promisesIn(`${JSON.stringify(storeForm)} ${storeForm.ack('1234')}`)).toEqual([]);
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { payments as tp, paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import type { PayoutCountry } from '@arreglaya/shared/payout-banks';
import { PayoutAccountForm } from './payout-account-form.tsx';

// The payout account form (decision 052): the Dominican banks as a select, the account type, the
// holder's document checked by the shared schema (the cédula's check digit) with the same Spanish
// messages as the server. Only the network is replaced.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderForm(country: PayoutCountry = 'DO') {
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/me/payout-account' && init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return json(200, {
          message: tp.payout.accountSaved,
          account: { bank: 'bhd', bankName: 'Banco BHD', accountType: 'corriente', last4: '4321', holderName: 'Ramón Báez', documentType: 'cedula', documentLast4: '5673' },
        });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'No' } });
    }),
  );
  renderWithProviders(<PayoutAccountForm userId="u1" current={null} country={country} />, { route: '/profile/pagos' });
  return puts;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PayoutAccountForm', () => {
  it('offers the Dominican banks by name and the three documents, each field labelled', () => {
    renderForm();
    const bank = screen.getByLabelText(t.balance.bank) as HTMLSelectElement;
    const names = Array.from(bank.options).map((o) => o.textContent);
    expect(names).toEqual(
      expect.arrayContaining(['Banco Popular Dominicano', 'Banreservas (Banco de Reservas)', 'Banco BHD', 'Scotiabank', 'Asociación Popular de Ahorros y Préstamos (APAP)']),
    );
    const documents = Array.from((screen.getByLabelText(t.balance.documentType) as HTMLSelectElement).options).map((o) => o.textContent);
    expect(documents).toEqual(['--', 'Cédula', 'RNC', 'Pasaporte']);
    for (const label of [t.balance.accountType, t.balance.accountNumber, t.balance.holderName, t.balance.documentNumber]) expect(screen.getByLabelText(label)).toBeTruthy();
  });

  it('refuses a cédula whose check digit does not match, in Spanish, sending nothing; a valid one is saved', async () => {
    const puts = renderForm();
    fill(t.balance.bank, 'bhd');
    fill(t.balance.accountType, 'corriente');
    fill(t.balance.accountNumber, '5500-1234-4321');
    fill(t.balance.holderName, 'Ramón Báez');
    fill(t.balance.documentType, 'cedula');
    fill(t.balance.documentNumber, '001-1234567-4');
    fireEvent.click(screen.getByRole('button', { name: t.balance.saveAccount }));
    expect(await screen.findByText(tp.payout.cedulaInvalid)).toBeTruthy();
    expect(puts).toEqual([]);

    fill(t.balance.documentNumber, '001-1234567-3');
    fireEvent.click(screen.getByRole('button', { name: t.balance.saveAccount }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      bank: 'bhd',
      accountType: 'corriente',
      accountNumber: '550012344321',
      holderName: 'Ramón Báez',
      documentType: 'cedula',
      documentNumber: '00112345673',
    });
    expect(await screen.findByText(tp.payout.accountSaved)).toBeTruthy();
  });

  it('asks for a bank from the list, then checks an RNC by its DGII check digit', async () => {
    const puts = renderForm();
    fireEvent.click(screen.getByRole('button', { name: t.balance.saveAccount }));
    expect(await screen.findByText(tp.payout.bankInvalid)).toBeTruthy();
    fill(t.balance.bank, 'popular');
    fill(t.balance.accountType, 'ahorros');
    fill(t.balance.accountNumber, '790123456789');
    fill(t.balance.holderName, 'Reparaciones Báez SRL');
    fill(t.balance.documentType, 'rnc');
    fill(t.balance.documentNumber, '101010631');
    fireEvent.click(screen.getByRole('button', { name: t.balance.saveAccount }));
    expect(await screen.findByText(tp.payout.rncInvalid)).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('a Colombian contractor chooses among Colombian banks and CC or NIT', () => {
    renderForm('CO');
    const banks = Array.from((screen.getByLabelText(t.balance.bank) as HTMLSelectElement).options).map((o) => o.textContent);
    expect(banks).toEqual(expect.arrayContaining(['Bancolombia', 'Davivienda', 'Banco de Bogotá']));
    expect(banks).not.toContain('Banco BHD');
    const documents = Array.from((screen.getByLabelText(t.balance.documentType) as HTMLSelectElement).options).map((o) => o.textContent);
    expect(documents).toEqual(['--', 'Cédula de ciudadanía', 'NIT']);
  });

  it('a Mexican contractor types a CLABE: a bad one is refused in Spanish and nothing is sent; a good one names its bank', async () => {
    const puts = renderForm('MX');
    const documents = Array.from((screen.getByLabelText(t.balance.documentType) as HTMLSelectElement).options).map((o) => o.textContent);
    expect(documents).toEqual(['--', 'CURP', 'RFC']);
    fill(t.balance.bank, 'mx_banamex');
    fill(t.balance.accountType, 'corriente');
    fill(t.balance.clabe, '002010077777777772');
    fill(t.balance.holderName, 'Ana Gómez');
    fill(t.balance.documentType, 'curp');
    fill(t.balance.documentNumber, 'GOMA850312HDFRRN09');
    fireEvent.click(screen.getByRole('button', { name: t.balance.saveAccount }));
    expect(await screen.findByText(tp.payout.clabeInvalid)).toBeTruthy();
    expect(puts).toEqual([]);

    fill(t.balance.clabe, '002010077777777771');
    expect(await screen.findByText(t.balance.clabeBank('Banamex'))).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentsWeb as t } from '@arreglaya/shared/i18n/payments';
import { CardInputSchema, POSTAL_CODE_ON_CARDS } from '@arreglaya/shared/schemas/payments';
import { formatCardNumber, formatExpiry } from '../card-format.ts';
import { CardForm } from './card-form.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SANDBOX = { processor: 'sandbox', tokenizeUrl: '/sandbox-processor/v1/tokens' };

/** The server names the tokenizer (GET /api/payments/tokenizer); the processor answers the token. */
function processorFetch(tokenizer: object, answer: () => Response) {
  return vi.fn(async (url: string) => (url === '/api/payments/tokenizer' ? new Response(JSON.stringify(tokenizer), { status: 200 }) : answer()));
}

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');

function renderForm(country?: 'DO' | 'CO' | 'MX') {
  const onToken = vi.fn(async () => {});
  render(<CardForm submitLabel={t.cardForm.save} onToken={onToken} defaultCountry={country} />);
  const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  return { onToken, type };
}

describe('card number and expiry as typed', () => {
  it('groups in fours, Amex 4-6-5, and drops letters and extra digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a42')).toBe('4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4'.repeat(25)).replace(/\s/g, '')).toHaveLength(19);
  });

  it('writes MM/AA', () => {
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('5')).toBe('05/');
    // Backspace over the slash removes the month's last digit.
    expect(formatExpiry('12', '12/')).toBe('1');
  });
});

describe('CardForm', () => {
  it('shows the number grouped and the brand it detects; asks 4 CVC digits for Amex', () => {
    const { type } = renderForm();
    type(t.cardForm.number, '378282246310005');
    expect(screen.getByLabelText<HTMLInputElement>(t.cardForm.number).value).toBe('3782 822463 10005');
    expect(screen.getByText(t.cardForm.brandDetected('American Express'))).toBeTruthy();
    expect(screen.getByText(t.cardForm.cvcHint(4))).toBeTruthy();
    type(t.cardForm.number, '5555555555554444');
    expect(screen.getByText(t.cardForm.brandDetected('Mastercard'))).toBeTruthy();
    expect(screen.getByText(t.cardForm.cvcHint(3))).toBeTruthy();
  });

  it('says what is wrong under each field and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { type, onToken } = renderForm();
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    // Checked once the form's schema has arrived (imported as it is sent, decision 070).
    expect((await screen.findAllByText('Campo obligatorio.')).length).toBeGreaterThanOrEqual(3);

    type(t.cardForm.number, '4242424242424241');
    type(t.cardForm.expiry, '0120');
    type(t.cardForm.cvc, '12');
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    expect(await screen.findByText('Número de tarjeta inválido.')).toBeTruthy();
    expect(screen.getByText('La tarjeta está vencida.')).toBeTruthy();
    expect(screen.getByText('El código de seguridad debe tener 3 dígitos.')).toBeTruthy();
    expect(screen.getByLabelText(t.cardForm.number).getAttribute('aria-invalid')).toBe('true');

    type(t.cardForm.number, '3782822463');
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    expect(await screen.findByText('El número de tarjeta debe tener entre 13 y 19 dígitos.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    expect(onToken).not.toHaveBeenCalled();
  });

  it("sends a valid card to the processor's tokenize route and hands only the token on, then clears", async () => {
    const fetch = processorFetch(SANDBOX, () => new Response(JSON.stringify({ id: 'tok_abc123', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099 }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const { type, onToken } = renderForm();
    type(t.cardForm.number, '4242 4242 4242 4242');
    type(t.cardForm.expiry, `12${nextYear}`);
    type(t.cardForm.cvc, '123');
    type(t.cardForm.postalCode, '10101');
    fireEvent.change(screen.getByLabelText(t.cardForm.country), { target: { value: 'DO' } });
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    await vi.waitFor(() => expect(onToken).toHaveBeenCalledWith('tok_abc123', false));
    expect((fetch.mock.calls as unknown as [string][]).map((c) => c[0])).toEqual(['/api/payments/tokenizer', '/sandbox-processor/v1/tokens']);
    const [url, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('/sandbox-processor/v1/tokens');
    expect(JSON.parse(String(init.body))).toMatchObject({ number: '4242424242424242', cvc: '123', expMonth: 12, postalCode: '10101', country: 'DO' });
    await vi.waitFor(() => expect(screen.getByLabelText<HTMLInputElement>(t.cardForm.number).value).toBe(''));
  });

  it("starts from the person's country and asks no postal code where cards do not use one (DO); Mexico's is required (issue 35)", async () => {
    const fetch = processorFetch(SANDBOX, () => new Response(JSON.stringify({ id: 'tok_do1234', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099 }), { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const { type, onToken } = renderForm('DO');
    expect(screen.getByLabelText<HTMLSelectElement>(t.cardForm.country).value).toBe('DO');
    expect(screen.getByLabelText(t.cardForm.postalCode).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(t.cardForm.postalCodeOptional)).toBeTruthy();
    type(t.cardForm.number, '4242 4242 4242 4242');
    type(t.cardForm.expiry, `12${nextYear}`);
    type(t.cardForm.cvc, '123');
    // Mexico: the postal code is asked.
    fireEvent.change(screen.getByLabelText(t.cardForm.country), { target: { value: 'MX' } });
    expect(screen.queryByText(t.cardForm.postalCodeOptional)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    expect(await screen.findByText('Campo obligatorio.')).toBeTruthy();
    expect(screen.getByLabelText(t.cardForm.postalCode).getAttribute('aria-invalid')).toBe('true');
    expect(fetch).not.toHaveBeenCalled();
    // Back to the Dominican Republic: sent without one.
    fireEvent.change(screen.getByLabelText(t.cardForm.country), { target: { value: 'DO' } });
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    await vi.waitFor(() => expect(onToken).toHaveBeenCalledWith('tok_do1234', false));
    const body = JSON.parse(String((fetch.mock.calls[1] as unknown as [string, RequestInit])[1].body));
    expect(body).toMatchObject({ country: 'DO' });
    expect(body).not.toHaveProperty('postalCode');
  });

  it("with dLocal, posts the card to dLocal's Smart Fields (the stand-in's route), never to /api, and hands on only dLocal's token", async () => {
    const fetch = processorFetch(
      { processor: 'dlocal', tokenizeUrl: '/dlocal-sandbox/smart-fields/tokens' },
      () => new Response(JSON.stringify({ token: 'CV-8c1f2d3e-0000-4000-8000-000000000001' }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    const { type, onToken } = renderForm('DO');
    type(t.cardForm.number, '4242 4242 4242 4242');
    type(t.cardForm.expiry, `12${nextYear}`);
    type(t.cardForm.cvc, '123');
    type(t.cardForm.holderName, 'Yolanda Pérez');
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    await vi.waitFor(() => expect(onToken).toHaveBeenCalledWith('CV-8c1f2d3e-0000-4000-8000-000000000001', false));
    const calls = fetch.mock.calls as unknown as [string, RequestInit?][];
    expect(calls.map((c) => c[0])).toEqual(['/api/payments/tokenizer', '/dlocal-sandbox/smart-fields/tokens']);
    // The number goes only to the processor, in dLocal's field names; nothing with it reaches /api.
    expect(JSON.parse(String(calls[1]![1]!.body))).toEqual({
      number: '4242424242424242',
      cvv: '123',
      expiration_month: 12,
      expiration_year: 2000 + Number(nextYear),
      holder_name: 'Yolanda Pérez',
    });
    expect(calls.filter((c) => c[0].startsWith('/api/') && String(c[1]?.body ?? '').includes('4242'))).toEqual([]);
  });

  it("says dLocal's refusal in Spanish, and that cards are unavailable when no tokenizer can be used", async () => {
    vi.stubGlobal(
      'fetch',
      processorFetch(
        { processor: 'dlocal', tokenizeUrl: '/dlocal-sandbox/smart-fields/tokens' },
        () => new Response(JSON.stringify({ code: 5000, message: 'Invalid card number.', param: 'number' }), { status: 400 }),
      ),
    );
    const { type, onToken } = renderForm('DO');
    type(t.cardForm.number, '4242 4242 4242 4242');
    type(t.cardForm.expiry, `12${nextYear}`);
    type(t.cardForm.cvc, '123');
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    expect(await screen.findByText(t.cardForm.tokenizeRefused)).toBeTruthy();
    expect(screen.queryByText('Invalid card number.')).toBeNull();
    vi.stubGlobal(
      'fetch',
      processorFetch({ processor: 'dlocal', tokenizeUrl: null }, () => new Response('{}', { status: 500 })),
    );
    type(t.cardForm.cvc, '123');
    fireEvent.click(screen.getByRole('button', { name: t.cardForm.save }));
    expect(await screen.findByText(t.cardForm.tokenizerUnavailable)).toBeTruthy();
    expect(onToken).not.toHaveBeenCalled();
  });

  it('the shared schema keeps the one rule: a postal code where the country uses one on cards', () => {
    const card = { number: '4242424242424242', cvc: '123', expMonth: 12, expYear: 2099 };
    expect(CardInputSchema.safeParse({ ...card, country: 'DO' }).success).toBe(true);
    expect(CardInputSchema.safeParse({ ...card, country: 'MX' }).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['postalCode', 'Campo obligatorio.']]);
    expect(POSTAL_CODE_ON_CARDS).toEqual({ DO: false, CO: false, MX: true });
  });
});

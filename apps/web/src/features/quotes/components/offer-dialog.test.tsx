// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drafts } from '@/test/memory-drafts.ts';
import { quotes as tq } from '@arreglaya/shared/i18n/projects';
import { offerForm } from '@arreglaya/shared/i18n/quotes-web';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import { offerStartDateLatest, type Quote } from '@arreglaya/shared/schemas/quotes';
import { ApiError } from '@/lib/api.ts';
import type { QuoteData } from '../offer-form.ts';
import { OfferDialog } from './offer-dialog.tsx';

// The browser's draft store (IndexedDB, which jsdom lacks) stood in for by a map.
vi.mock('@/lib/form-drafts.ts', () => import('@/test/memory-drafts.ts'));

afterEach(() => {
  cleanup();
  drafts.clear();
});

// jsdom has no CSS.escape, which react-aria's Modal reads; the browser has it.
if (typeof globalThis.CSS === 'undefined') (globalThis as { CSS?: unknown }).CSS = { escape: (value: string) => value.replace(/["\\]/g, '\\$&') };

function renderDialog(send: (body: QuoteData) => Promise<{ message: string }>, previous: Quote | null = null, draftKey?: string, feePercent = 10) {
  const onSent = vi.fn();
  render(<OfferDialog previous={previous} country="DO" locale="es-DO" feePercent={feePercent} send={send} onSent={onSent} onClose={() => {}} draftKey={draftKey} />);
  return { onSent, user: userEvent.setup() };
}

/** A month from today in the Dominican Republic: an offer starts within a year (issue 48). */
const FUTURE = (() => {
  const d = new Date(`${todayIn('DO')}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 30);
  return d.toISOString().slice(0, 10);
})();
/** The offer's terms (decision 043): a start date, five days, 90 days' warranty, materials included. */
async function fillTerms(user: ReturnType<typeof userEvent.setup>, startDate = FUTURE) {
  fireEvent.change(screen.getByLabelText('Fecha de inicio'), { target: { value: startDate } });
  await user.type(screen.getByLabelText('Duración (días)'), '5');
  await user.type(screen.getByLabelText('Garantía (días)'), '90');
  await user.click(screen.getByRole('radio', { name: 'Sí' }));
}
const TERMS = { startDate: FUTURE, durationDays: 5, warrantyDays: 90, holdbackPercent: 0, materialsIncluded: true };

const price = () => screen.getByLabelText('Precio (DOP)');
/** What a screen reader says after the price field's label: its hint and error. */
const priceDescription = () =>
  (price().getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const description = () => screen.getByLabelText('Descripción de la oferta');
const submit = () => screen.getByRole('button', { name: 'Enviar oferta' });

describe('Make Offer', () => {
  it('sends one offer on a double tap of "Enviar oferta" (one tap = one request, decision 032)', async () => {
    let answer: () => void = () => {};
    const send = vi.fn(() => new Promise<{ message: string }>((resolve) => (answer = () => resolve({ message: 'Tu oferta fue enviada al cliente.' }))));
    const { user, onSent } = renderDialog(send);
    await user.type(price(), '12500');
    await user.type(description(), 'Incluye materiales y mano de obra.');
    await fillTerms(user);
    // Both taps land before React re-renders the form busy: only the in-flight guard stops the second.
    act(() => {
      submit().click();
      submit().click();
    });
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await act(async () => answer());
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('Tu oferta fue enviada al cliente.'));
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps the unsent offer when sending fails or the dialog is closed, gives it back when it opens again, and forgets it once sent (decision 033)', async () => {
    const send = vi.fn(async (): Promise<{ message: string }> => {
      throw new TypeError('Failed to fetch');
    });
    const { user } = renderDialog(send, null, 'offer:p-1');
    await user.type(price(), '12500');
    await user.type(description(), 'Incluye materiales y mano de obra.');
    await fillTerms(user);
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));

    // Closed (or the page reloaded): opened again, the offer is all there.
    cleanup();
    send.mockResolvedValue({ message: 'Tu oferta fue enviada al cliente.' });
    const again = renderDialog(send, null, 'offer:p-1');
    await waitFor(() => expect((description() as HTMLTextAreaElement).value).toBe('Incluye materiales y mano de obra.'));
    expect((price() as HTMLInputElement).value).toBe('12500');
    expect((screen.getByLabelText('Duración (días)') as HTMLInputElement).value).toBe('5');
    expect((screen.getByRole('radio', { name: 'Sí' }) as HTMLInputElement).checked).toBe(true);

    await again.user.click(submit());
    await waitFor(() => expect(again.onSent).toHaveBeenCalledWith('Tu oferta fue enviada al cliente.'));
    expect(send).toHaveBeenLastCalledWith({ priceMinor: 1_250_000, description: 'Incluye materiales y mano de obra.', validityDays: 7, ...TERMS });
    expect(drafts.has('offer:p-1')).toBe(false);
  });

  it('says under the price what the contractor will receive after the platform fee, as the price is typed (issue 46)', async () => {
    // A fee other than 10 %: the form shows the server's PLATFORM_FEE_PERCENT, whatever it is.
    const { user } = renderDialog(vi.fn(), null, undefined, 12.5);
    expect(screen.queryByText(/Recibirás/)).toBeNull();
    await user.type(price(), '1000');
    expect(priceDescription()).toContain('Recibirás RD$875.00 (comisión 12.5 %)');
    // One more digit: RD$10,001 less 12.5 % (RD$1,250.125, rounded to the centavo as the ledger does).
    await user.type(price(), '1');
    expect(priceDescription()).toContain('Recibirás RD$8,750.87 (comisión 12.5 %)');
    await user.clear(price());
    expect(screen.queryByText(/Recibirás/)).toBeNull();
  });

  it('refuses a price of 0 under the price field with the spec message, and sends nothing', async () => {
    const send = vi.fn();
    const { user } = renderDialog(send);
    await user.type(price(), '0');
    await user.type(description(), 'Cambio de tuberías del baño principal.');
    await user.click(submit());
    expect(await screen.findByText('Precio tiene que ser mayor que cero.')).toBeTruthy();
    expect(price().getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
  });

  it('says before sending how many characters the description still needs (20 at least), and refuses a shorter one (issue 35)', async () => {
    const send = vi.fn();
    const { user } = renderDialog(send);
    expect(description().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(new RegExp(offerForm.descriptionLeft(20)))).toBeTruthy();
    await user.type(price(), '1000');
    await user.type(description(), 'Pintura');
    expect(screen.getByText(new RegExp(offerForm.descriptionLeft(13)))).toBeTruthy();
    expect(offerForm.descriptionLeft(13)).toBe('Faltan 13 caracteres');
    await user.click(submit());
    expect(await screen.findByText(tq.descriptionTooShort(20))).toBeTruthy();
    expect(description().getAttribute('aria-invalid')).toBe('true');
    expect(send).not.toHaveBeenCalled();
    await user.type(description(), ' de dos paredes.');
    expect(screen.queryByText(/Faltan/)).toBeNull();
  });

  it('offers a warranty holdback of up to 10 %, only with warranty days, with its hint (decision 055)', async () => {
    const send = vi.fn(async () => ({ message: 'Tu oferta fue enviada al cliente.' }));
    const { user, onSent } = renderDialog(send);
    await user.type(price(), '12500');
    await user.type(description(), 'Incluye materiales y mano de obra.');
    fireEvent.change(screen.getByLabelText('Fecha de inicio'), { target: { value: FUTURE } });
    await user.type(screen.getByLabelText('Duración (días)'), '5');
    await user.type(screen.getByLabelText('Garantía (días)'), '0');
    await user.click(screen.getByRole('radio', { name: 'Sí' }));
    const holdback = screen.getByLabelText('Retención de garantía (%)');
    const described = (holdback.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(described).toMatch(/queda retenido durante los días de garantía/);
    await user.clear(holdback);
    await user.type(holdback, '12');
    await user.click(submit());
    expect(await screen.findByText('La retención de garantía tiene que estar entre 0 y 10 %.')).toBeTruthy();
    await user.clear(holdback);
    await user.type(holdback, '5');
    await user.click(submit());
    expect(await screen.findByText('Para ofrecer una retención de garantía, indica más de 0 días de garantía.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText('Garantía (días)'));
    await user.type(screen.getByLabelText('Garantía (días)'), '90');
    await user.click(submit());
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith({ priceMinor: 1_250_000, description: 'Incluye materiales y mano de obra.', validityDays: 7, ...TERMS, holdbackPercent: 5 });
  });

  it('sends the price in centavos with the default validity of 7 days', async () => {
    const send = vi.fn(async () => ({ message: 'Tu oferta fue enviada al cliente.' }));
    const { user, onSent } = renderDialog(send);
    await user.type(price(), '12,500.50');
    await user.type(description(), 'Incluye materiales y mano de obra.');
    await fillTerms(user);
    await user.click(submit());
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('Tu oferta fue enviada al cliente.'));
    expect(send).toHaveBeenCalledWith({ priceMinor: 1_250_050, description: 'Incluye materiales y mano de obra.', validityDays: 7, ...TERMS });
  });

  it('asks for the terms: a start date not in the past (the project country’s calendar), a duration of 1–365 days, a warranty of 0–1,825, materials yes or no', async () => {
    const send = vi.fn();
    const { user } = renderDialog(send);
    await user.type(price(), '1000');
    await user.type(description(), 'Pintura de dos paredes con materiales.');
    await user.click(submit());
    expect(await screen.findByText('Indica si el precio incluye los materiales.')).toBeTruthy();
    expect(screen.getByText('La duración tiene que estar entre 1 y 365 días.')).toBeTruthy();
    expect(screen.getByText('La garantía tiene que estar entre 0 y 1,825 días.')).toBeTruthy();
    await fillTerms(user, '2020-01-01');
    const duration = screen.getByLabelText('Duración (días)');
    await user.clear(duration);
    await user.type(duration, '366');
    await user.click(submit());
    expect(await screen.findByText('La fecha de inicio no puede estar en el pasado.')).toBeTruthy();
    expect(screen.getByText('La duración tiene que estar entre 1 y 365 días.')).toBeTruthy();
    // At most a year ahead (issue 48): the date field says so too.
    const startDate = screen.getByLabelText('Fecha de inicio') as HTMLInputElement;
    expect(startDate.max).toBe(offerStartDateLatest('DO'));
    fireEvent.change(startDate, { target: { value: '2099-03-01' } });
    await user.click(submit());
    expect(await screen.findByText('La fecha de inicio no puede ser más de un año después de hoy.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the staged plan sum and refuses a plan that does not add up to 100 %', async () => {
    const send = vi.fn(async (_body: QuoteData) => ({ message: 'ok' }));
    const { user } = renderDialog(send);
    await user.type(price(), '1000');
    await user.type(description(), 'Pintura de dos paredes con materiales.');
    await user.click(screen.getByLabelText('Pago por etapas (opcional)'));
    expect(screen.getByText('Suma: 100 %')).toBeTruthy();
    // 40 % of RD$1,000 is shown next to the first stage.
    expect(screen.getByText(/≈\s*RD\$400\.00/)).toBeTruthy();
    const second = screen.getByLabelText('Porcentaje de la etapa 2');
    await user.clear(second);
    await user.type(second, '50');
    expect(screen.getByText('Suma: 90 %')).toBeTruthy();
    await user.click(submit());
    expect(await screen.findByText('Las etapas deben sumar 100 %.')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    await user.clear(second);
    await user.type(second, '60');
    await fillTerms(user);
    await user.click(submit());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0]).toMatchObject({
      priceMinor: 100_000,
      stages: [
        { title: 'Depósito para materiales', percent: 40 },
        { title: 'Pago final', percent: 60 },
      ],
    });
  });

  it("puts the server's field messages under the form's fields (priceMinor → the price)", async () => {
    const send = vi.fn(async () => {
      throw new ApiError(400, 'VALIDATION', 'Revisa los datos.', { priceMinor: 'El precio es demasiado alto.' });
    });
    const { user, onSent } = renderDialog(send);
    await user.type(price(), '5');
    await user.type(description(), 'Cambio completo del equipo.');
    await fillTerms(user);
    await user.click(submit());
    expect(await screen.findByText('El precio es demasiado alto.')).toBeTruthy();
    expect(price().getAttribute('aria-invalid')).toBe('true');
    expect(onSent).not.toHaveBeenCalled();
  });

  it("shows a refusal without fields as the spec's bid failure text", async () => {
    const send = vi.fn(async () => {
      throw new ApiError(409, 'CONFLICT', 'Este proyecto ya no recibe ofertas.');
    });
    const { user } = renderDialog(send);
    await user.type(price(), '5');
    await user.type(description(), 'Cambio completo del equipo.');
    await fillTerms(user);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Error al registrar la oferta. - Este proyecto ya no recibe ofertas.');
  });

  it('fills the form with the open offer it replaces', () => {
    const previous = {
      priceMinor: 250_075,
      description: 'Oferta anterior',
      stages: null,
      expiresAt: null,
      createdAt: new Date().toISOString(),
      startDate: FUTURE,
      durationDays: 3,
      warrantyDays: 30,
      materialsIncluded: false,
    } as unknown as Quote;
    renderDialog(vi.fn(), previous);
    expect(screen.getByRole('heading', { name: 'Reemplazar oferta' })).toBeTruthy();
    expect((price() as HTMLInputElement).value).toBe('2500.75');
    expect((description() as HTMLTextAreaElement).value).toBe('Oferta anterior');
    expect((screen.getByLabelText('Fecha de inicio') as HTMLInputElement).value).toBe(FUTURE);
    expect((screen.getByLabelText('Garantía (días)') as HTMLInputElement).value).toBe('30');
    expect((screen.getByRole('radio', { name: 'No' }) as HTMLInputElement).checked).toBe(true);
  });
});

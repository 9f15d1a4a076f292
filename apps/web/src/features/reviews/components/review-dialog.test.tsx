// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review, ReviewData } from '@arreglaya/shared/schemas/reviews';
import { ApiError } from '@/lib/api.ts';
import { ReviewDialog } from './review-dialog.tsx';

afterEach(cleanup);

// jsdom has no CSS.escape, which react-aria's Modal reads; the browser has it.
if (typeof globalThis.CSS === 'undefined') (globalThis as { CSS?: unknown }).CSS = { escape: (value: string) => value.replace(/["\\]/g, '\\$&') };

function renderDialog(send: (body: ReviewData) => Promise<{ message: string }>, previous: Review | null = null) {
  const onSent = vi.fn();
  render(<ReviewDialog subjectName="Ramón A." previous={previous} send={send} onSent={onSent} onClose={() => {}} />);
  return { onSent, user: userEvent.setup() };
}

const title = () => screen.getByLabelText('Título');
const comments = () => screen.getByLabelText('Comentarios');
const submit = () => screen.getByRole('button', { name: 'Enviar' });

describe('Add Comment', () => {
  it('shows the spec messages under the rating and the required fields, and sends nothing', async () => {
    const send = vi.fn();
    const { user } = renderDialog(send);
    await user.click(submit());
    const rating = screen.getByRole('group', { name: 'Calificación' });
    expect(await within(rating).findByText('Elige una opción válida.')).toBeTruthy();
    expect(rating.getAttribute('aria-describedby')).toBeTruthy();
    expect(title().getAttribute('aria-invalid')).toBe('true');
    expect(comments().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Campo obligatorio.')).toHaveLength(2);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the rating as a number with the trimmed text', async () => {
    const send = vi.fn(async () => ({ message: 'Tu reseña fue enviada. Gracias por tu opinión. Nos ayuda a mejorar el sistema.' }));
    const { user, onSent } = renderDialog(send);
    await user.click(screen.getByRole('radio', { name: '4 estrellas' }));
    await user.type(title(), '  Muy bien ');
    await user.type(comments(), 'Puntual y limpio.');
    await user.click(submit());
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('Tu reseña fue enviada. Gracias por tu opinión. Nos ayuda a mejorar el sistema.'));
    expect(send).toHaveBeenCalledWith({ rating: 4, title: 'Muy bien', comments: 'Puntual y limpio.' });
  });

  it("puts the server's field message under its field, and any other refusal in the alert", async () => {
    const send = vi
      .fn<(body: ReviewData) => Promise<{ message: string }>>()
      .mockRejectedValueOnce(new ApiError(400, 'VALIDATION', 'Datos inválidos.', { comments: 'Máximo 2000 caracteres.' }))
      .mockRejectedValueOnce(new ApiError(409, 'CONFLICT', 'Ya dejaste tu reseña de este proyecto. Puedes editarla mientras esté pendiente.'));
    const { user } = renderDialog(send);
    await user.click(screen.getByRole('radio', { name: '1 estrella' }));
    await user.type(title(), 'Mal');
    await user.type(comments(), 'No vino.');
    await user.click(submit());
    expect(await screen.findByText('Máximo 2000 caracteres.')).toBeTruthy();
    expect(comments().getAttribute('aria-invalid')).toBe('true');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Ya dejaste tu reseña de este proyecto. Puedes editarla mientras esté pendiente.');
  });
});

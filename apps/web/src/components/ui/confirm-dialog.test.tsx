// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import '@/test/jsdom-css-escape.ts';

afterEach(cleanup);

function renderDialog(onConfirm: (comment: string | undefined) => Promise<void>) {
  const onClose = vi.fn();
  render(
    <ConfirmDialog
      title="¿Rechazar la oferta?"
      text="El contratista recibirá tu comentario."
      confirmLabel="Rechazar"
      comment={{ label: 'Comentario', maxLength: 400 }}
      danger
      onConfirm={onConfirm}
      onClose={onClose}
    />,
  );
  return { onClose, user: userEvent.setup() };
}

describe('ConfirmDialog (the shared modal dialog and its actions)', () => {
  it('is an alert dialog named by its title and described by its text', () => {
    renderDialog(async () => {});
    const dialog = screen.getByRole('alertdialog', { name: '¿Rechazar la oferta?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('El contratista recibirá tu comentario.');
  });

  it('sends the trimmed comment and closes once the action has succeeded', async () => {
    const onConfirm = vi.fn(async () => {});
    const { user, onClose } = renderDialog(onConfirm);
    await user.type(screen.getByLabelText('Comentario'), '  Muy caro  ');
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledWith('Muy caro');
  });

  it('keeps the dialog open with the server’s Spanish refusal announced, and the buttons usable again', async () => {
    const { user, onClose } = renderDialog(async () => {
      throw new ApiError(409, 'CONFLICT', 'Esta oferta ya no está abierta.');
    });
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Esta oferta ya no está abierta.');
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Rechazar' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables both buttons while the action is under way', async () => {
    let finish: () => void = () => {};
    const { user } = renderDialog(() => new Promise<void>((resolve) => (finish = resolve)));
    await user.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect((screen.getByRole('button', { name: 'Rechazar' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'No, volver' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
  });
});

// @vitest-environment jsdom
import { useState } from 'react';
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
    <ConfirmDialog title="¿Rechazar la oferta?" confirmLabel="Rechazar" comment={{ label: 'Comentario', maxLength: 400 }} danger onConfirm={onConfirm} onClose={onClose}>
      El contratista recibirá tu comentario.
    </ConfirmDialog>,
  );
  return { onClose, user: userEvent.setup() };
}

/** A page's button that opens the question, as the call sites do. */
function Opener({ onConfirm }: { onConfirm: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Enviar campaña
      </button>
      {open && (
        <ConfirmDialog title="¿Enviar esta campaña?" confirmLabel="Sí, enviar" busyLabel="Enviando…" cancelLabel="Cancelar" onConfirm={onConfirm} onClose={() => setOpen(false)}>
          <p>Llegará a 40 personas.</p>
          <p>No se puede deshacer.</p>
        </ConfirmDialog>
      )}
    </>
  );
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

  it('opens with the focus on the way back, and Escape closes it with the focus back on the button that opened it', async () => {
    const onConfirm = vi.fn(async () => {});
    const user = userEvent.setup();
    render(<Opener onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Enviar campaña' });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: '¿Enviar esta campaña?' });
    // Paragraphs of its own: all of them describe the dialog.
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Llegará a 40 personas.No se puede deshacer.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancelar' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('keeps the focus inside while open, and one tap is one request: the busy label shows and Escape does not drop it', async () => {
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = userEvent.setup();
    render(<Opener onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Enviar campaña' });
    await user.click(opener);
    // Tab cycles between the two buttons; it never reaches the page behind.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sí, enviar' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancelar' }));

    await user.dblClick(screen.getByRole('button', { name: 'Sí, enviar' }));
    expect(screen.getByRole('button', { name: 'Enviando…' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});

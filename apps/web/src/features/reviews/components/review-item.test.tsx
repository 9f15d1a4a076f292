// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '@arreglaya/shared/schemas/reviews';
import { ReviewItem } from './review-item.tsx';

afterEach(cleanup);

const base: Review = {
  id: '6f1c1f5e-7a55-4a43-9a53-9f3c1b0f2a11',
  projectId: '0b8e4a52-2f1d-4c8e-8d4f-0c8f7f1c2d33',
  projectTitle: 'Cambiar el calentador',
  direction: 'client_to_contractor',
  status: 'approved',
  rating: 4,
  title: 'Muy buen trabajo',
  comments: 'Puntual y limpio.',
  reply: null,
  rejectionReason: null,
  authorId: '1b8e4a52-2f1d-4c8e-8d4f-0c8f7f1c2d33',
  authorName: 'Yolanda A.',
  subjectId: '2b8e4a52-2f1d-4c8e-8d4f-0c8f7f1c2d33',
  subjectName: 'Ramón A.',
  createdAt: '2026-11-20T15:00:00.000Z',
  updatedAt: '2026-11-20T15:00:00.000Z',
};

describe('a review on /perfil/reviews', () => {
  it("shows its author the state and a rejection's reason", () => {
    render(<ReviewItem review={{ ...base, status: 'rejected', rejectionReason: 'Contiene datos personales.' }} side="by" locale="es-DO" />);
    expect(screen.getByText('No publicada')).toBeTruthy();
    expect(screen.getByText('Motivo: Contiene datos personales.')).toBeTruthy();
    expect(screen.getByText(/Sobre Ramón A\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Responder' })).toBeNull();
  });

  it('lets the reviewed person reply once: an empty reply is refused under the field, a reply is sent', async () => {
    const onReply = vi.fn(async (_reply: string) => {});
    const user = userEvent.setup();
    render(<ReviewItem review={base} side="about" locale="es-DO" onReply={onReply} />);
    expect(screen.getByRole('img', { name: 'Calificación: 4 de 5 estrellas' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    await user.click(screen.getByRole('button', { name: 'Publicar respuesta' }));
    expect(await screen.findByText('Campo obligatorio.')).toBeTruthy();
    expect(screen.getByLabelText('Tu respuesta pública').getAttribute('aria-invalid')).toBe('true');
    expect(onReply).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Tu respuesta pública'), ' ¡Gracias! ');
    await user.click(screen.getByRole('button', { name: 'Publicar respuesta' }));
    await waitFor(() => expect(onReply).toHaveBeenCalledWith('¡Gracias!'));
  });

  it('offers no reply on a review that already has one, and shows it', () => {
    render(<ReviewItem review={{ ...base, reply: 'Gracias, Yolanda.' }} side="about" locale="es-DO" onReply={vi.fn()} />);
    expect(screen.getByText('Gracias, Yolanda.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Responder' })).toBeNull();
  });
});

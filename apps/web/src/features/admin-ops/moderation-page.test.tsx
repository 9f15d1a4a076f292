// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { adminModeration as t } from '@arreglaya/shared/i18n/admin-ops';
import { findContactInfo } from '@arreglaya/shared/moderation-rules';
import { FlaggedEntry } from './moderation-page.tsx';

afterEach(cleanup);

function renderProfile(text: string) {
  const profile = { contractorId: '5b3b6a36-54b5-4a40-9a55-2a6f0f3c8e11', name: 'Ramón Báez', texts: [{ source: 'description' as const, text, matches: findContactInfo(text) }] };
  const router = createMemoryRouter([{ path: '/', element: <FlaggedEntry profile={profile} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('a flagged profile', () => {
  it('highlights exactly the matched phone and e-mail, keeps the rest of the text, and names the kinds found', () => {
    const text = 'Plomero desde 2009. Llámame al 809-555-1234 o escribe a yo@correo.com para descuentos.';
    const { container } = renderProfile(text);
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['809-555-1234', 'yo@correo.com']);
    expect(container.textContent).toContain(text);
    expect(screen.getByText(`${t.description} · ${t.matches}: Teléfono, Correo`)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.viewProfile('Ramón Báez') }).getAttribute('href')).toBe('/contractors/5b3b6a36-54b5-4a40-9a55-2a6f0f3c8e11');
  });
});

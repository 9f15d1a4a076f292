// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { showUp } from '@arreglaya/shared/i18n/show-up';
import type { ShowUpRecord } from '@arreglaya/shared/schemas/show-up';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { RecordFacts } from './show-up-record.tsx';

// "Cumplimiento" on the public page (decision 057): rates through Intl's percent (es-DO) from five
// ended hires on, the 90 days' late cancellations when any, and below five nothing but the notice.

const t = showUp.record;
const percent = (share: number) => new Intl.NumberFormat('es-DO', { style: 'percent', maximumFractionDigits: 0 }).format(share);

afterEach(cleanup);

const record = (over: Partial<ShowUpRecord>): ShowUpRecord => ({
  endedHires: 0,
  counted: 0,
  completionRate: null,
  onTimeRate: null,
  lateCancellations90d: 0,
  noShows90d: 0,
  ...over,
});

describe('RecordFacts', () => {
  it('shows the rates and the late cancellations from five ended hires on', () => {
    renderWithProviders(<RecordFacts record={record({ endedHires: 24, counted: 20, completionRate: 0.95, onTimeRate: 0.9, lateCancellations90d: 1 })} />);
    expect(screen.getByText(t.completion(percent(0.95), 20))).toBeTruthy();
    expect(screen.getByText(`Llegó a tiempo al ${percent(0.9)}`)).toBeTruthy();
    expect(screen.getByText('1 cancelación tardía en los últimos 90 días')).toBeTruthy();
    expect(screen.queryByText(t.notEnough)).toBeNull();
  });

  it('says there is not enough history below five, and no rates', () => {
    renderWithProviders(<RecordFacts record={record({ endedHires: 4, counted: 4 })} />);
    expect(screen.getByText(t.notEnough)).toBeTruthy();
    expect(screen.queryByText(/Terminó el/)).toBeNull();
    expect(screen.queryByText(/cancelación/)).toBeNull();
  });
});

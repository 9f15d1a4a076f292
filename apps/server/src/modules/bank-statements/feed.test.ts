import { statements as ts } from '@arreglaya/shared/i18n/statements';
import { StatementFeedSchema } from '@arreglaya/shared/schemas/bank-statements';
import { describe, expect, it } from 'vitest';
import { parseFeedLines } from './feed.ts';

const LINE = {
  bankTxId: 'FT25091XK2Q7',
  bookedOn: '2025-04-01',
  amount: '1200.00',
  currency: 'usd',
  direction: 'credit',
  description: 'TRANSFERENCIA',
  reference: 'ay-8hyb-sx34-t',
};

describe('parseFeedLines', () => {
  it('takes the same lines as a file, finding the reference and keeping the bank id', () => {
    const r = parseFeedLines([
      LINE,
      { ...LINE, bankTxId: 'RV1', amount: '350', direction: 'debit', reversal: true, reference: null, description: 'DEVOLUCION AY-APDY-PCDX-T', payerName: ' Ana ' },
    ]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.format).toBe('feed');
    expect(r.lines).toEqual([
      {
        bankTxId: 'FT25091XK2Q7',
        bookedOn: '2025-04-01',
        amountMinor: 120_000,
        currency: 'USD',
        direction: 'credit',
        reversal: false,
        reference: 'AY8HYBSX34T',
        description: 'ay-8hyb-sx34-t | TRANSFERENCIA',
        payerName: null,
        payerAccount: null,
      },
      {
        bankTxId: 'RV1/RVSL',
        bookedOn: '2025-04-01',
        amountMinor: 35_000,
        currency: 'USD',
        direction: 'debit',
        reversal: true,
        reference: 'AYAPDYPCDXT',
        description: 'DEVOLUCION AY-APDY-PCDX-T',
        payerName: 'Ana',
        payerAccount: null,
      },
    ]);
    expect(r.statements).toEqual([{ account: null, currency: null, from: null, to: null, firstLine: 0, lineCount: 2 }]);
  });

  it('reports bad lines by position and counts a repeated line once', () => {
    const r = parseFeedLines([LINE, { ...LINE, amount: 1200 }, { ...LINE, amount: '1200.005' }, { ...LINE, bookedOn: '01/04/2025' }, 'nada', LINE]);
    if (!r.ok) throw new Error(r.error);
    expect(r.lines).toHaveLength(1);
    expect(r.errors.map((e) => e.line)).toEqual([2, 3, 4, 5]);
    expect(r.errors[0]!.message).toMatch(/^amount: /);
    expect(r.errors[1]!.message).toBe(ts.line.amountTooPrecise('1200.005', 'USD', 2));
    expect(r.errors[2]!.message).toMatch(/^bookedOn: /);
    expect(r.duplicates).toEqual([{ line: 6, message: ts.line.duplicate(1) }]);
  });

  it('bounds the body to 10,000 lines', () => {
    expect(StatementFeedSchema.safeParse({ lines: Array.from({ length: 10_000 }, () => LINE) }).success).toBe(true);
    expect(StatementFeedSchema.safeParse({ lines: Array.from({ length: 10_001 }, () => LINE) }).success).toBe(false);
    expect(StatementFeedSchema.safeParse({ lines: [] }).success).toBe(false);
  });
});

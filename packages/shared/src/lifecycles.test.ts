import { describe, expect, it } from 'vitest';
import {
  canTransition,
  contractorReceivesMinor,
  offerReceivesMinor,
  platformFeeMinor,
  PROJECT_ACTIONS,
  PROJECT_TRANSITIONS,
  QUOTE_ACTIONS,
  QUOTE_TRANSITIONS,
  STATUS_MOVES,
} from './lifecycles.ts';

describe('the lifecycle tables', () => {
  it('moves a project only along PROJECT_TRANSITIONS', () => {
    for (const [name, action] of Object.entries(PROJECT_ACTIONS)) {
      if (action.to === null) continue;
      for (const from of action.from) expect(canTransition(PROJECT_TRANSITIONS, from, action.to), `${name}: ${from} → ${action.to}`).toBe(true);
    }
  });

  it('moves a quote only along QUOTE_TRANSITIONS', () => {
    for (const [name, action] of Object.entries(QUOTE_ACTIONS)) {
      if (action.to === null) continue;
      for (const from of action.from) expect(canTransition(QUOTE_TRANSITIONS, from, action.to), `${name}: ${from} → ${action.to}`).toBe(true);
    }
  });

  it('lets each status move lead to its own status', () => {
    for (const [status, action] of Object.entries(STATUS_MOVES)) expect(PROJECT_ACTIONS[action].to).toBe(status);
  });
});

describe('what a contractor receives (the platform fee, issue 46)', () => {
  it('is the release less the fee the ledger posts, rounded to the centavo, half up', () => {
    expect(contractorReceivesMinor(1_234_500, 10)).toBe(1_111_050);
    // 12.5 % of RD$1,001.00 is RD$125.125: the fee takes RD$125.13.
    expect(platformFeeMinor(100_100, 12.5)).toBe(12_513);
    expect(contractorReceivesMinor(100_100, 12.5)).toBe(87_587);
    // Half a centavo of fee is a centavo.
    expect(contractorReceivesMinor(5, 10)).toBe(4);
    expect(contractorReceivesMinor(1_000, 0)).toBe(1_000);
    // The contractor's part and the fee always make the whole release, as the ledger's entries balance.
    for (let amount = 0; amount <= 5_000; amount += 7)
      for (const fee of [0, 2.5, 10, 12.5, 15, 50]) expect(contractorReceivesMinor(amount, fee) + platformFeeMinor(amount, fee)).toBe(amount);
  });

  it('counts a staged plan stage by stage, each released with its own fee', () => {
    // RD$0.10 in two halves: each RD$0.05 pays a centavo of fee (half up), the whole would pay one.
    expect(offerReceivesMinor(10, 10, [50, 50])).toBe(8);
    expect(offerReceivesMinor(10, 10)).toBe(9);
    expect(offerReceivesMinor(1_000_000, 10, [40, 60])).toBe(900_000);
    expect(offerReceivesMinor(1_000_000, 10, [])).toBe(900_000);
  });
});

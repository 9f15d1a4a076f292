import { describe, expect, it } from 'vitest';
import { responseTimeText } from './trust-format.ts';

describe('responseTimeText', () => {
  it('says minutes under an hour, hours under a day, days beyond', () => {
    expect(responseTimeText(0)).toBe('Responde en ~1 min');
    expect(responseTimeText(7)).toBe('Responde en ~7 min');
    expect(responseTimeText(23)).toBe('Responde en ~25 min');
    expect(responseTimeText(58)).toBe('Responde en ~1 h');
    expect(responseTimeText(125)).toBe('Responde en ~2 h');
    expect(responseTimeText(23 * 60 + 40)).toBe('Responde en ~1 día');
    expect(responseTimeText(3 * 24 * 60 + 100)).toBe('Responde en ~3 días');
  });
});

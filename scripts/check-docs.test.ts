import { describe, expect, it } from 'vitest';
import { decisionReferences } from './check-docs.ts';

describe('the docs check', () => {
  it('finds every way the documents cite a decision record', () => {
    expect(decisionReferences('see docs/decisions/013-contractor-directory.md')).toEqual(['013']);
    expect(decisionReferences('Decisions 016 and 017 have the figures; decision 002 says why')).toEqual(['016', '017', '002']);
    expect(decisionReferences('(decisions 010, 012 y 020)')).toEqual(['010', '012', '020']);
    expect(decisionReferences('decisión 021')).toEqual(['021']);
    expect(decisionReferences('no decision here, 2026')).toEqual([]);
  });
});

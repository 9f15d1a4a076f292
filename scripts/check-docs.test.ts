import { describe, expect, it } from 'vitest';
import { decisionReferences, tableVariables } from './check-docs.ts';

describe('the docs check', () => {
  it('finds every way the documents cite a decision record', () => {
    expect(decisionReferences('see docs/decisions/013-contractor-directory.md')).toEqual(['013']);
    expect(decisionReferences('Decisions 016 and 017 have the figures; decision 002 says why')).toEqual(['016', '017', '002']);
    expect(decisionReferences('(decisions 010, 012 y 020)')).toEqual(['010', '012', '020']);
    expect(decisionReferences('decisión 021')).toEqual(['021']);
    expect(decisionReferences('no decision here, 2026')).toEqual([]);
  });
});

describe('the variable tables', () => {
  it('reads every variable a table row names, alone or in a list', () => {
    const vars = tableVariables(
      '| variable | default |\n|---|---|\n| PORT | 3000 |\n| `BENCH_JSON` | |\n| ADMIN_EMAIL, ADMIN_PASSWORD | (none) |\n| `CONTRACTORS`, `GEN_EXPLAIN` | |',
    );
    expect([...vars].sort()).toEqual(['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'BENCH_JSON', 'CONTRACTORS', 'GEN_EXPLAIN', 'PORT']);
  });
});

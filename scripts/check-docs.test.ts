import { describe, expect, it } from 'vitest';
import { decisionHeader, decisionReferences, decisionsIndex, tableVariables } from './check-docs.ts';

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

describe('the decision records', () => {
  it("reads a record's number, title, date and status, and names what is missing", () => {
    expect(decisionHeader('061-x.md', '# 061 · WhatsApp replies\n\nDate: 2026-12-06 · Status: accepted\n\n## Context')).toEqual({
      file: '061-x.md',
      number: '061',
      title: 'WhatsApp replies',
      date: '2026-12-06',
      status: 'accepted',
    });
    expect(decisionHeader('062-y.md', '# 062 · No date\n\n## Context')).toMatch(/Date: YYYY-MM-DD/);
    expect(decisionHeader('063-z.md', 'Title without a number')).toMatch(/first line/);
  });

  it('builds the index with one row per record, pipes escaped', () => {
    const index = decisionsIndex([{ file: '016-p.md', number: '016', title: 'Preact | compat', date: '2026-11-22', status: 'superseded by 018' }]);
    expect(index).toContain('| [016](016-p.md) | Preact \\| compat | 2026-11-22 | superseded by 018 |');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/spec-decisions.md is the record of every departure from the spec (issue 55, item 4): each
// row says what the spec says, what we do and why, and no two rows say different things.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const text = fs.readFileSync(path.join(ROOT, 'docs/spec-decisions.md'), 'utf8');

/** The rows of the record's three-column tables: spec, we do, why. */
const rows = text
  .split('\n')
  .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
  .map((line) =>
    line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim()),
  )
  .filter((cells) => cells.length === 3 && cells[0] !== 'spec');

describe('docs/spec-decisions.md', () => {
  it('says, for every departure, what the spec says, what we do and why', () => {
    expect(rows.length).toBeGreaterThan(100);
    for (const [spec, weDo, why] of rows) {
      expect(spec, `${spec} | ${weDo}`).not.toBe('');
      expect(weDo, spec).not.toBe('');
      expect(why, spec).not.toBe('');
    }
  });

  // The departures the record lacked (issue 55, item 4), by words of the spec's own row.
  it.each([
    ['the messages badge', /number of ratings/],
    ['the page-loading spinner', /spinner removed on load, 2 seconds later/],
    ['sign-in at code confirmation', /then sign-out, then the sign-in modal opens/],
    ['delivery receipts', /uploaded and viewed/],
    ['mail through an outbox', /\/api\/v1\/mailer/],
    ['failures shown to people', /only logged, with no user message/],
    ['per-route access', /Generic resources/],
    ['card grouping', /formatted with dashes/],
  ])('has a row for %s', (_what, spec) => {
    expect(rows.filter(([s]) => spec.test(s!))).toHaveLength(1);
  });

  it('says what decision 042 decided about distances: none from the city centre', () => {
    const km = rows.filter(([spec]) => spec!.includes('km del centro'));
    expect(km).toHaveLength(1);
    expect(km[0]![1]).toMatch(/decision 042/);
    expect(km[0]![1]).not.toMatch(/to their city's centre/);
  });

  it('has one rule for social links: a contractor’s on the public page, a client’s to the hired contractor once the money is held', () => {
    const social = rows.filter(([spec]) => /Facebook, Instagram, LinkedIn/.test(spec!));
    expect(social).toHaveLength(1);
    expect(social[0]![1]).toMatch(/public page/);
    expect(social[0]![1]).toMatch(/money to begin is held/);
    // No other row keeps them hidden from everyone.
    expect(rows.filter(([, weDo]) => /never[^;]*social links/.test(weDo!))).toEqual([]);
  });
});

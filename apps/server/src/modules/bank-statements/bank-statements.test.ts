import fs from 'node:fs';
import path from 'node:path';
import { statements as ts } from '@arreglaya/shared/i18n/statements';
import { CsvMappingSchema } from '@arreglaya/shared/schemas/bank-statements';
import { describe, expect, it } from 'vitest';
import { parseStatementFile } from './bank-statements.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/statements');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

describe('parseStatementFile', () => {
  const mapping = CsvMappingSchema.parse(JSON.parse(fixture('banco-bhd.mapping.json').toString('utf8')));

  it('reads XML as camt.053 with or without a mapping, and CSV with the bank’s mapping', () => {
    for (const options of [{}, { mapping }]) {
      const r = parseStatementFile(fixture('banco-bhd.camt053.001.08.xml'), options);
      expect(r.ok && r.format).toBe('camt053');
    }
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixture('banco-bhd.camt053.001.08.xml')]);
    expect(parseStatementFile(bom).ok).toBe(true);
    const csv = parseStatementFile(fixture('banco-bhd.csv'), { mapping });
    expect(csv.ok && csv.format).toBe('csv');
    expect(csv.ok && csv.lines).toHaveLength(5);
  });

  it('refuses a CSV without a mapping, and any file over the cap, as one error', () => {
    expect(parseStatementFile(fixture('banco-bhd.csv'))).toEqual({ ok: false, error: ts.file.notStatement });
    expect(parseStatementFile(fixture('banco-bhd.csv'), { mapping, maxBytes: 100 })).toEqual({ ok: false, error: ts.file.tooLarge(0) });
  });
});

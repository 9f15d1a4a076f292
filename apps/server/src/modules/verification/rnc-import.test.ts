import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/test-db.ts';
import { importRncRegistry, openRegistryFile } from './rnc-import.ts';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures');
let d: TestDatabase;
beforeAll(async () => {
  d = await createTestDatabase();
});
afterAll(() => d.drop());

async function registry() {
  const r = await d.db.execute<{ rnc: string; name: string; trade_name: string | null; status: string }>(sql`SELECT rnc, name, trade_name, status FROM rnc_registry ORDER BY rnc`);
  return r.rows;
}

describe('npm run rnc:import (the DGII registry file)', () => {
  it('loads the sample .TXT read as Latin-1, skipping a line that is not a registry line, the last line of a repeated RNC winning', async () => {
    const result = await importRncRegistry(d.pool, await openRegistryFile(path.join(fixtures, 'DGII_RNC-sample.TXT')));
    expect(result).toEqual({ imported: 6, skipped: 1 });
    const rows = await registry();
    expect(rows.map((r) => r.rnc)).toEqual(['00100000169', '101000015', '101000023', '101000031', '101000058', '101000066']);
    expect(rows.find((r) => r.rnc === '101000015')).toMatchObject({ name: 'CONSTRUCCIONES PEÑA & ASOCIADOS SRL', trade_name: 'PEÑA CONSTRUCCIONES', status: 'ACTIVO' });
    expect(rows.find((r) => r.rnc === '101000058')!.name).toBe('PINTURAS Y ACABADOS DEL ESTE SRL');
    expect(rows.find((r) => r.rnc === '101000066')!.name).toBe('CERRAJERÍA "LA LLAVE" SRL');
  });

  it('reads the .TXT inside the .zip the DGII publishes, and replaces the registry whole on a second run', async () => {
    await importRncRegistry(d.pool, Readable.from([Buffer.from('131000012|OTRA EMPRESA SRL| | | | | | |01/01/2020|ACTIVO|NORMAL\n', 'latin1')]));
    expect((await registry()).map((r) => r.rnc)).toEqual(['131000012']);
    const result = await importRncRegistry(d.pool, await openRegistryFile(path.join(fixtures, 'DGII_RNC-sample.zip')));
    expect(result.imported).toBe(6);
    const rows = await registry();
    expect(rows.map((r) => r.rnc)).not.toContain('131000012');
    expect(rows.find((r) => r.rnc === '101000023')).toMatchObject({ name: 'REFRIGERACIÓN DEL CARIBE SRL', status: 'SUSPENDIDO' });
  });

  it('leaves the previous registry untouched when a run fails halfway', async () => {
    const failing = Readable.from(
      (async function* () {
        yield Buffer.from('131000012|OTRA EMPRESA SRL| | | | | | |01/01/2020|ACTIVO|NORMAL\n', 'latin1');
        throw new Error('the download broke');
      })(),
    );
    await expect(importRncRegistry(d.pool, failing)).rejects.toThrow('the download broke');
    expect((await registry()).length).toBe(6);
  });
});

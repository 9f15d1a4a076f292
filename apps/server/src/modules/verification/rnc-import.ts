import fs from 'node:fs';
import readline from 'node:readline';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import yauzl from 'yauzl';
import { parseRncLine } from '@arreglaya/shared/rnc-registry';

// `npm run rnc:import -- <DGII_RNC.zip|DGII_RNC.TXT>` (docs/decisions/056-verification-badges.md):
// the DGII's registry streamed line by line (Latin-1) into a COPY, then swapped in whole in one
// transaction. Re-runnable: a failed run leaves the previous registry as it was.

export interface RncImportResult {
  imported: number;
  skipped: number;
}

/** A value for COPY's text format: backslash, tab and line breaks escaped. */
const copyValue = (v: string | null) => (v === null ? '\\N' : v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r'));

/** The text file's bytes: the .TXT itself, or the one .TXT inside the .zip the DGII publishes. */
export async function openRegistryFile(file: string): Promise<Readable> {
  if (!/\.zip$/i.test(file)) return fs.createReadStream(file);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.open(file, { lazyEntries: true }, (err, z) => (err ? reject(err) : resolve(z))));
  return new Promise<Readable>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      if (!/\.txt$/i.test(entry.fileName)) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream)));
    });
    zip.on('end', () => reject(new Error(`no .TXT file inside ${file}`)));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** Replaces rnc_registry with the file's lines, in one transaction; returns how many were kept and skipped. */
export async function importRncRegistry(pool: pg.Pool, source: Readable): Promise<RncImportResult> {
  const result: RncImportResult = { imported: 0, skipped: 0 };
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('CREATE TEMP TABLE rnc_incoming (LIKE rnc_registry) ON COMMIT DROP');
    const rows = Readable.from(
      (async function* () {
        // Bytes in, Latin-1 text out, whatever kind of stream the source is (a file, a zip entry, a
        // test's). Made here, as the COPY starts reading: readline drops lines emitted before it is iterated.
        const text = source.pipe(new PassThrough());
        text.setEncoding('latin1');
        source.on('error', (err) => text.destroy(err));
        const lines = readline.createInterface({ input: text, crlfDelay: Infinity });
        let batch = '';
        let inBatch = 0;
        for await (const line of lines) {
          const entry = parseRncLine(line);
          if (!entry) {
            if (line.trim() !== '') result.skipped++;
            continue;
          }
          result.imported++;
          batch += `${[entry.rnc, entry.name, entry.tradeName, entry.activity, entry.status].map(copyValue).join('\t')}\n`;
          // ~1,000 lines a chunk: 700 writes for the real file rather than 700,000.
          if (++inBatch === 1000) {
            yield batch;
            batch = '';
            inBatch = 0;
          }
        }
        if (batch) yield batch;
      })(),
    );
    await pipeline(rows, client.query(copyFrom('COPY rnc_incoming (rnc, name, trade_name, activity, status) FROM STDIN')));
    await client.query('TRUNCATE rnc_registry');
    // A number listed twice keeps its last line.
    const inserted = await client.query(
      'INSERT INTO rnc_registry SELECT DISTINCT ON (rnc) rnc, name, trade_name, activity, status FROM (SELECT *, row_number() OVER () AS n FROM rnc_incoming) s ORDER BY rnc, n DESC',
    );
    result.imported = inserted.rowCount ?? result.imported;
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

// Last step of the web app's build (decision 070): every hashed script and stylesheet in
// dist/assets/ compressed once, at the highest levels (brotli quality 11, gzip level 9), into
// `<file>.br` and `<file>.gz` beside it. The server sends the one the browser accepts as it is
// (apps/server/src/plugins/web-app.ts, @fastify/static's `preCompressed`), instead of compressing
// each request at the quick level on-the-fly compression affords (brotli 5): about a fifth fewer
// bytes on a slow line for the same code. A compressed file no smaller than its source is not
// written (the server then compresses on the fly, or sends it plain).
// Run by `npm run build -w @arreglaya/web`, after prerender.ts (which writes no asset).
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const ASSETS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist/assets');
/** What compresses: text. Images and fonts in assets/ are compressed formats already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function compress(file: string): Promise<{ plain: number; br: number; gz: number }> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: file.endsWith('.js') ? zlib.constants.BROTLI_MODE_TEXT : zlib.constants.BROTLI_MODE_GENERIC,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  for (const [body, ext] of [
    [br, '.br'],
    [gz, '.gz'],
  ] as const) {
    if (body.length < source.length) await writeFile(file + ext, body);
    else await rm(file + ext, { force: true });
  }
  return { plain: source.length, br: Math.min(br.length, source.length), gz: Math.min(gz.length, source.length) };
}

async function main(): Promise<void> {
  const files = (await readdir(ASSETS)).filter((name) => COMPRESSIBLE.test(name)).map((name) => path.join(ASSETS, name));
  const totals = { plain: 0, br: 0, gz: 0 };
  // As many at a time as there are cores (brotli 11 is CPU-bound).
  const queue = [...files];
  await Promise.all(
    Array.from({ length: Math.max(1, os.availableParallelism()) }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) {
        const sizes = await compress(file);
        totals.plain += sizes.plain;
        totals.br += sizes.br;
        totals.gz += sizes.gz;
      }
    }),
  );
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(`precompressed ${files.length} assets: ${kb(totals.plain)} → brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`);
}

await main();

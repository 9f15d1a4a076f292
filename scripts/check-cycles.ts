/**
 * `npm run lint`'s import-cycle check (decision 068): no file of the server, the web app or the
 * shared package imports, directly or through others, a file that imports it back (type-only
 * imports count too: a cycle of types is the start of a cycle of values). madge follows the web's
 * `@/` alias. Run alone: `npx tsx scripts/check-cycles.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIRS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];

const result = await madge(
  DIRS.map((dir) => path.join(ROOT, dir)),
  {
    baseDir: ROOT,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: {
      compilerOptions: {
        baseUrl: path.join(ROOT, 'apps/web'),
        paths: { '@/*': ['src/*'] },
        module: 'esnext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        allowImportingTsExtensions: true,
      },
    },
  },
);
// An import madge could not resolve is an edge it cannot see: the web's alias must resolve.
const unresolved = result.warnings().skipped.filter((name) => name.startsWith('@/') || name.startsWith('.'));
if (unresolved.length > 0) {
  console.error(`Imports the cycle check could not follow: ${unresolved.join(', ')}`);
  process.exit(1);
}
const cycles = result.circular();
if (cycles.length > 0) {
  console.error(`Import cycles (${cycles.length}); move what both sides need into a module both import (decision 068):`);
  for (const cycle of cycles) console.error(`  ${cycle.join(' → ')} → ${cycle[0]}`);
  process.exit(1);
}
console.log(`No import cycles in ${DIRS.join(', ')}.`);

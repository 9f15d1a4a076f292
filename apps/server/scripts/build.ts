/**
 * `npm run build -w @arreglaya/server` (part of the root `npm run build`): the server and the
 * parts of packages/shared it imports bundled into one ES module, apps/server/dist/server.js,
 * which `NODE_ENV=production npm start` runs with plain node (decision 007). Packages from
 * node_modules stay outside the bundle and are imported from there at run time; only our own
 * TypeScript (apps/server/src and @arreglaya/shared, which exports its .ts sources) is compiled
 * in. Files the server reads at run time (the migrations' SQL, the web build) are found from
 * apps/server (lib/server-root.ts), so nothing is copied.
 */
import { build, type Plugin } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(SERVER_DIR, 'dist');

/** Every bare import stays external except our own shared package, which ships TypeScript. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@arreglaya/shared' || args.path.startsWith('@arreglaya/shared/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
fs.rmSync(OUT_DIR, { recursive: true, force: true });
const result = await build({
  absWorkingDir: SERVER_DIR,
  entryPoints: { server: 'src/server.ts' },
  outdir: OUT_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Class and function names as written (error names in logs, Fastify's plugin names).
  keepNames: true,
  sourcemap: 'linked',
  plugins: [externalPackages],
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.entries(result.metafile.outputs)
  .filter(([file]) => file.endsWith('.js'))
  .reduce((sum, [, o]) => sum + o.bytes, 0);
const inputs = Object.keys(result.metafile.inputs).length;
console.log(`server: ${inputs} modules → apps/server/dist/server.js (${(bytes / 1024).toFixed(0)} KiB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

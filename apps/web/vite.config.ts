import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

// In development the Fastify server runs on :3000; Vite only serves the front end.
const API_ORIGIN = 'http://localhost:3000';

/** Each chunk's static imports, however deep, by file name: read from the bundle before Vite writes the preload lists. */
const staticClosure = new Map<string, Set<string>>();
const chunkGraph: Plugin = {
  name: 'arreglaya:chunk-graph',
  generateBundle: {
    order: 'pre',
    handler(_options, bundle) {
      staticClosure.clear();
      const closure = (file: string): Set<string> => {
        const known = staticClosure.get(file);
        if (known) return known;
        const found = new Set<string>();
        staticClosure.set(file, found);
        const chunk = bundle[file];
        if (chunk?.type === 'chunk') for (const imported of chunk.imports) for (const f of [imported, ...closure(imported)]) found.add(f);
        return found;
      };
      for (const file of Object.keys(bundle)) closure(file);
    },
  },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), chunkGraph],
  resolve: {
    // '@/…' = apps/web/src (same mapping as tsconfig "paths"). A regex, so '@arreglaya/…' and
    // '@tanstack/…' are left alone.
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true, ws: true },
      '/dev': { target: API_ORIGIN, changeOrigin: true },
      // The chat's socket; the Host stays the page's, which the server's Origin check accepts.
      '/ws': { target: API_ORIGIN, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Inlined assets would become data: URLs; keeping them as files keeps the CSP simple to reason about.
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: which chunks each route module needs. The prerender reads it (each
    // prerendered page preloads its own) and deletes it.
    manifest: true,
    modulePreload: {
      // A dynamic import's preload list without the chunks its importer already imported
      // statically: those are loaded before the import() can run (decision 070).
      resolveDependencies: (_file, deps, { hostId, hostType }) => (hostType === 'js' ? deps.filter((dep) => !staticClosure.get(hostId)?.has(dep)) : deps),
    },
  },
});

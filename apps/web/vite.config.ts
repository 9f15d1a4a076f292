import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

// In development the Fastify server runs on :3000; Vite only serves the front end.
const API_ORIGIN = 'http://localhost:3000';

// The browser runs Preact (preact/compat) instead of react-dom, a third of the JavaScript
// (docs/decisions/016). The source and the libraries keep importing 'react'; 'react' and
// 'react-dom/client' go to small modules in src/react-on-preact that add what compat lacks.
const onPreact = (file: string) => fileURLToPath(new URL(`./src/react-on-preact/${file}`, import.meta.url));
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: onPreact('client.ts') },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: onPreact('react.ts') },
];

export default defineConfig({
  // No Fast Refresh: it drives react-dom, which the app does not run (a component edited under
  // `npx vite` would not re-render); an edit reloads the page instead.
  plugins: [react({ refreshExclude: /./ }), tailwindcss()],
  resolve: {
    // '@/…' = apps/web/src (same mapping as tsconfig "paths"). A regex, so '@arreglaya/…' and
    // '@tanstack/…' are left alone.
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      ...PREACT_ALIASES,
    ],
  },
  server: {
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: true, ws: true },
      '/dev': { target: API_ORIGIN, changeOrigin: true },
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
  },
});

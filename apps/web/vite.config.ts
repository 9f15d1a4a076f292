import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

// In development the Fastify server runs on :3000; Vite only serves the front end.
const API_ORIGIN = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
  },
});

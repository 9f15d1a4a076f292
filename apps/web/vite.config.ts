import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { PUBLIC_ROUTES, routeModule } from './src/app/public-routes.ts';

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

/**
 * Module sets read once the module graph is whole, before the chunks are made (decision 070):
 * - `start`: what the app's start (`src/app/start.tsx`) imports statically, however deep. Every
 *   page runs all of it, so it makes one chunk rather than the 30-odd small ones the default split
 *   gives (modules a route shares with the start), each a round trip on HTTP/1.1.
 * - `project`: what the signed-in project page (`src/app/routes/project.tsx`) imports statically
 *   beyond the start, and no public page ever loads (statically or on demand): one chunk.
 * - `shared`: what the project page imports statically and a public page too (the directory's
 *   trust marks, formats, avatars, star ratings): one chunk, 25 KB, rather than 15 of about 1 KB. Each public page
 *   then loads some of it it does not run (up to 7 KB gzipped, /ayuda), inside its 150 KB.
 * - `entries`: the entry and every module some import() names; each keeps a chunk of its own (the
 *   build manifest's keys the prerender reads).
 */
const graph = { start: new Set<string>(), project: new Set<string>(), shared: new Set<string>(), entries: new Set<string>() };
const moduleGraph: Plugin = {
  name: 'arreglaya:module-graph',
  apply: 'build',
  buildEnd() {
    const ids = [...this.getModuleIds()];
    const closure = (from: string | undefined, dynamic = false, found = new Set<string>()): Set<string> => {
      const visit = (id: string) => {
        if (found.has(id)) return;
        found.add(id);
        const info = this.getModuleInfo(id);
        for (const imported of [...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : [])]) visit(imported);
      };
      if (from) visit(from);
      return found;
    };
    const route = (name: string) => ids.find((id) => id.endsWith(`/${routeModule(name)}`));
    graph.entries = new Set(
      ids.flatMap((id) => {
        const info = this.getModuleInfo(id);
        return [...(info?.isEntry ? [id, ...info.importedIds] : []), ...(info?.dynamicallyImportedIds ?? [])];
      }),
    );
    graph.start = closure(ids.find((id) => id.endsWith('/src/app/start.tsx')));
    // What the entry imports itself stays with it: the entry runs before the rest has arrived.
    const entry = ids.find((id) => this.getModuleInfo(id)?.isEntry);
    for (const id of closure(entry)) graph.start.delete(id);
    const publicPages = new Set<string>();
    for (const name of PUBLIC_ROUTES) closure(route(name), true, publicPages);
    const publicStatic = new Set<string>();
    for (const name of PUBLIC_ROUTES) closure(route(name), false, publicStatic);
    const project = [...closure(route('project'))].filter((id) => !graph.start.has(id));
    graph.project = new Set(project.filter((id) => !publicPages.has(id)));
    graph.shared = new Set(project.filter((id) => publicStatic.has(id)));
    for (const id of graph.entries) for (const set of [graph.start, graph.project, graph.shared]) set.delete(id);
  },
};

/** React, its scheduler, react-dom and react-router: on every page, one file (decision 070). */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), chunkGraph, moduleGraph],
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
    // Fewer, larger files for HTTP/1.1 (decision 070): the browser's 6 connections, a round trip
    // for each file on a slow line. Not for the server's renderer (one file). Without their
    // dependencies (`includeDependenciesRecursively: false`): a module a group's module imports stays
    // in its own chunk, or the group would take what a public page also loads, and that page the
    // whole group with it (each set above is closed under the imports that matter already).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 2 },
                { name: 'app-core', test: (id: string) => graph.start.has(id), priority: 1, includeDependenciesRecursively: false },
                { name: 'project-page', test: (id: string) => graph.project.has(id), includeDependenciesRecursively: false },
                { name: 'pages-shared', test: (id: string) => graph.shared.has(id), includeDependenciesRecursively: false },
              ],
            },
          },
        },
  },
}));

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web app's `@/` imports, for component tests (apps/web/src/**/*.test.tsx, each in jsdom by its
  // `// @vitest-environment jsdom` first line).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }] },
  test: {
    include: ['apps/server/{src,test}/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'packages/shared/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['apps/web/src/test/preload-dialogs.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

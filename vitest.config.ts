import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/server/{src,test}/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'packages/shared/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

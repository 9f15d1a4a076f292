import { defineConfig } from '@playwright/test';

// Drives the built app (apps/web/dist) served by the real server, which the worker fixture in
// e2e/support/fixtures.ts starts on a free port. Build first: `npm run build -w @arreglaya/web`.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // One server per worker, and the machine has 2 cores: run the tests one after another.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Screenshot baselines are committed (e2e/*-snapshots/, platform 'linux'): a missing one fails
  // rather than being written. Update them on purpose with --update-snapshots, then commit.
  updateSnapshots: 'none',
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    locale: 'es-DO',
    timezoneId: 'America/Santo_Domingo',
    trace: 'retain-on-failure',
    // Fail a stuck click or fill quickly instead of waiting for the whole test timeout.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // The production build registers a service worker (decision 032). Tests run with none, so what
    // a page shows comes from the server as they expect; e2e/installed-app.spec.ts allows it.
    serviceWorkers: 'block',
    // Never a downloaded browser: Debian's chromium (apt-get install chromium).
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
});

import { buildApp, defaultPhotoStorage } from './app.ts';
import { ConfigError, DEMO_PASSWORD, loadConfig, startWarnings, type Config } from './config/env.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { EmbeddedPostgresError } from './db/postgres-layout.ts';
import { fundDemoOffline } from './demo/fund-offline-demo.ts';
import { seedDemoData } from './demo/seed-demo.ts';
import { createDataCipher, loadDataKey } from './lib/data-encryption.ts';
import { createLogger } from './lib/logger.ts';
import { ensureSysadmin, giveDemoAccountsPassword } from './modules/auth/sysadmin.ts';

/** Start-up: config → database (+ migrations) → app → listen. The only file that listens. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config);
  for (const warning of startWarnings(config)) logger.warn(warning);

  let database;
  try {
    database = await openDatabase(
      config,
      (msg) => logger.info(msg),
      (msg) => logger.warn(msg),
    );
  } catch (err) {
    if (err instanceof DataDirInUseError || err instanceof EmbeddedPostgresError) {
      logger.fatal(err.message);
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  logger.info({ database: database.kind, dataDir: config.dataDir }, 'database ready, migrations applied');

  const storage = defaultPhotoStorage(config);
  // The demo goes first: it only loads into an empty database, and the sysadmin is a user.
  let offlineHires: string[] = [];
  if (config.DEMO_DATA) {
    const cipher = createDataCipher(await loadDataKey(database.db, config.DATA_ENCRYPTION_KEY, { isProduction: config.isProduction, log: logger }));
    const { seeded, offlineFunding } = await seedDemoData(database.db, storage, {
      log: (m) => logger.info(m),
      seal: cipher.seal,
      index: cipher.index,
      feePercent: config.PLATFORM_FEE_PERCENT,
    });
    if (seeded) {
      offlineHires = offlineFunding;
      const n = await giveDemoAccountsPassword(database.db, DEMO_PASSWORD);
      logger.info(`demo accounts (${n}) sign in with the password '${DEMO_PASSWORD}'`);
    }
  }
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const { created } = await ensureSysadmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    logger.info({ email: config.ADMIN_EMAIL }, created ? 'sysadmin created' : 'sysadmin updated');
  }

  const app = await buildApp({ config, db: database.db, logger, storage });
  // The demo's hires paid in cash and by transfer go through the app's own services, so once it is built.
  if (offlineHires.length > 0) await fundDemoOffline(app, offlineHires, (m) => logger.info(m));

  let shuttingDown = false;
  /**
   * SIGTERM (decision 034): /api/ready answers 503 and answers close their connections for
   * SHUTDOWN_DRAIN_MS while everything is still served, so the load balancer takes this instance
   * out first; then the chat sockets are closed with 1012 (the web app reconnects elsewhere), the
   * in-flight requests and mail delivery finish, the pool (and the embedded PostgreSQL) close.
   */
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.readiness.drain(); // whether this instance accepts work (`/api/ready`)
    logger.info({ signal, drainMs: config.drainMs }, 'shutting down: not ready, draining');
    if (config.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.drainMs));
    logger.info('drained; closing');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    // A client that stops reading (or a request that never ends) must not hold the shutdown:
    // after a grace period the remaining connections are cut, and the rest goes on.
    const drain = setTimeout(() => {
      logger.warn('shutdown: connections still open after 10 s; closing them');
      app.server.closeAllConnections();
    }, 10_000);
    drain.unref();
    try {
      await app.close(); // close the chat sockets (1012), stop accepting, finish in-flight requests and mail delivery
      await database.close(); // then the pool and the embedded PostgreSQL
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  logger.info(`ArreglaYa listening on ${config.appUrl}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

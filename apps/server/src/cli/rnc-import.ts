/**
 * `npm run rnc:import -- <DGII_RNC.zip|DGII_RNC.TXT>`: loads the DGII's RNC registry (the file it
 * publishes, about 700,000 lines) into rnc_registry, replacing the previous one in one
 * transaction (docs/decisions/056-verification-badges.md). Run it again with each new file. With
 * the embedded database the server must be stopped first (it holds DATA_DIR); or point DATABASE_URL at it.
 */
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { importRncRegistry, openRegistryFile } from '../modules/verification/rnc-import.ts';

const file = process.argv[2];
if (!file) {
  console.error('rnc:import: name the file: npm run rnc:import -- DGII_RNC.zip');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config, () => undefined);
try {
  const started = Date.now();
  const { imported, skipped } = await importRncRegistry(database.pool, await openRegistryFile(file));
  console.log(`rnc:import: ${imported} RNC in the registry (${skipped} lines skipped), ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  console.error(`rnc:import: ${err instanceof Error ? err.message : String(err)} (the previous registry is unchanged)`);
  process.exitCode = 1;
} finally {
  await database.close();
}

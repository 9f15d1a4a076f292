/**
 * `npm run admin:create -- --email admin@example.do --password '...'`: creates (or updates)
 * a sysadmin in the configured database. With the embedded database the server must be
 * stopped first (it holds DATA_DIR), or set ADMIN_EMAIL/ADMIN_PASSWORD and restart it.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { ensureSysadmin } from '../modules/auth/sysadmin.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const args = z.object({ email: z.email(), password: z.string().min(8) }).safeParse(values);
if (!args.success) {
  console.error('Usage: npm run admin:create -- --email <e-mail> --password <at least 8 characters>');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config, (m) => console.log(m));
try {
  const { created } = await ensureSysadmin(database.db, args.data.email, args.data.password);
  console.log(`${created ? 'Created' : 'Updated'} sysadmin ${args.data.email}`);
} finally {
  await database.close();
}

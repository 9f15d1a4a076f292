import zlib from 'node:zlib';
import { createPool } from './src/db/client.ts';
import { drizzle } from 'drizzle-orm/node-postgres';
import { searchDirectory } from './src/modules/directory/directory.service.ts';
import { DirectorySearchSchema } from '@arreglaya/shared/schemas/directory';
import * as fs from 'node:fs';
const pool = createPool(process.argv[2]!, 2);
const { createDb } = await import('./src/db/client.ts') as any;
const db = createDb ? createDb(pool) : drizzle(pool);
const json = (await searchDirectory({ db }, DirectorySearchSchema.parse({}))).text();
fs.writeFileSync('/tmp/page.json', json);
console.log('json bytes', json.length);
for (const level of [1, 2, 3, 4, 5, 6, 9]) {
  const n = 3000; let size = 0;
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) size = zlib.gzipSync(json, { level }).length;
  console.log(level, size, (Number(process.hrtime.bigint() - t) / n / 1000).toFixed(1), 'µs');
}
await pool.end();

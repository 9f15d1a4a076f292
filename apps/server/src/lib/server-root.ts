import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server: the nearest directory above this module that holds a package.json. The same
 * answer whether the module runs from its source (src/lib/, under tsx) or bundled into
 * dist/server.js (decision 007), so files the server reads at run time (the migrations' SQL,
 * the built web app) are found from either.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const SERVER_ROOT = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));

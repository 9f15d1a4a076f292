import type { Db } from '../../db/client.ts';
import { loadOrCreateStoredAuthSecret } from './auth.repository.ts';

/**
 * The key that signs session cookies. Every instance behind one database must use the same
 * one, so it lives in the database (created once by whichever instance starts first)
 * unless AUTH_SECRET provides it.
 */
export async function loadAuthSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  return loadOrCreateStoredAuthSecret(db);
}

import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema/index.ts';

/**
 * The key that signs session cookies. Every instance behind one database must use the same
 * one, so it lives in the database (created once by whichever instance starts first)
 * unless AUTH_SECRET provides it.
 */
export async function loadAuthSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSettings)
    .values({ key: 'auth_secret', value: sql`to_jsonb(${crypto.randomBytes(32).toString('base64url')}::text)` })
    .onConflictDoNothing();
  const row = await db.query.appSettings.findFirst({ where: eq(appSettings.key, 'auth_secret') });
  return row!.value as string;
}

import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { decodeKey } from '../config/env-values.ts';
import type { Db } from '../db/client.ts';
import { appSettings } from '../db/schema/index.ts';

// Field-level encryption at rest (AES-256-GCM), see docs/decisions/010-data-encryption-at-rest.md.
// Layout of a sealed value: version (1 byte) | IV (12) | auth tag (16) | ciphertext.
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface DataCipher {
  seal(plaintext: string): Buffer;
  open(sealed: Buffer): string;
  /**
   * A keyed hash (HMAC-SHA256) of a value, the same for the same value: a blind index to find a
   * row by a sealed value without opening every row. Its key is derived from the data key.
   */
  index(plaintext: string): Buffer;
}

export function createDataCipher(key: Buffer): DataCipher {
  if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  // A separate key for the blind index, so the hash never uses the encryption key itself.
  const indexKey = crypto.createHmac('sha256', key).update('arreglaya blind index v1').digest();
  return {
    index(plaintext) {
      return crypto.createHmac('sha256', indexKey).update(plaintext, 'utf8').digest();
    },
    seal(plaintext) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
    },
    open(sealed) {
      if (sealed[0] !== VERSION) throw new Error(`unknown sealed-value version ${sealed[0]}`);
      const iv = sealed.subarray(1, 1 + IV_BYTES);
      const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}

const SETTING_KEY = 'data_encryption_key';

/**
 * The key from DATA_ENCRYPTION_KEY, or else one generated once and kept in app_settings so every
 * instance behind the database shares it. The fallback keeps a fresh install working, but a key
 * stored beside the data it protects guards only against leaked backups of single tables: in
 * production we warn loudly.
 */
export async function loadDataKey(db: Db, fromEnv: string | undefined, opts: { isProduction: boolean; log: FastifyBaseLogger }): Promise<Buffer> {
  if (fromEnv) return decodeKey(fromEnv)!;
  await db
    .insert(appSettings)
    .values({ key: SETTING_KEY, value: sql`to_jsonb(${crypto.randomBytes(32).toString('base64')}::text)` })
    .onConflictDoNothing();
  const row = await db.query.appSettings.findFirst({ where: eq(appSettings.key, SETTING_KEY) });
  if (opts.isProduction) {
    opts.log.warn('DATA_ENCRYPTION_KEY is not set: bank account numbers are encrypted with a key kept in the database. Set DATA_ENCRYPTION_KEY (32 bytes, hex or base64).');
  }
  return decodeKey(row!.value as string)!;
}

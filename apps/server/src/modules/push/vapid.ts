import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { loadOrCreateStoredVapidKeys, type VapidKeyPair } from './push.repository.ts';

/** What the application server signs its pushes with (RFC 8292). */
export interface Vapid extends VapidKeyPair {
  /** The contact push services see: VAPID_SUBJECT, or mailto: the team's inbox. */
  subject: string;
}

/** The settings it is built from (config/env.ts). */
export interface VapidSettings {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
  TEAM_INBOX: string;
}

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, otherwise one generated at the
 * first start and kept in the database, so every instance and every restart signs with the same
 * key and the browsers' subscriptions (made against the public key) keep working.
 */
export async function loadVapid(db: Db, config: VapidSettings): Promise<Vapid> {
  const pair =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
      : await loadOrCreateStoredVapidKeys(db, () => webpush.generateVAPIDKeys());
  return { publicKey: pair.publicKey, privateKey: pair.privateKey, subject: config.VAPID_SUBJECT ?? `mailto:${config.TEAM_INBOX}` };
}

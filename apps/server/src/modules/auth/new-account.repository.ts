import type { DbOrTx } from '../../db/client.ts';
import { clientProfiles, contractorProfiles, notificationPreferences } from '../../db/schema/index.ts';

/**
 * What every new account starts with: its role's profile and the default notification
 * preferences. Called by better-auth's user-creation hook (every sign-up, social or not) and by
 * anything else that creates a user, so the two can never drift. Idempotent.
 */
export async function createAccountRecords(db: DbOrTx, user: { id: string; role?: string; name: string }): Promise<void> {
  if (user.role === 'contractor') {
    await db.insert(contractorProfiles).values({ userId: user.id, displayName: user.name }).onConflictDoNothing();
  } else if (user.role === 'client') {
    await db.insert(clientProfiles).values({ userId: user.id }).onConflictDoNothing();
  }
  await db.insert(notificationPreferences).values({ userId: user.id }).onConflictDoNothing();
}

import { and, eq, isNotNull } from 'drizzle-orm';
import type { StoreApplication } from '@arreglaya/shared/schemas/store-application';
import type { DbOrTx } from '../../db/client.ts';
import { contactRequests } from '../../db/schema/index.ts';

export async function insertStoreApplication(
  db: DbOrTx,
  input: Omit<StoreApplication, 'accountNumber' | 'cedula'>,
  sealed: { cedula: Buffer; account: Buffer; last4: string },
  userId: string | null,
): Promise<string> {
  const [row] = await db
    .insert(contactRequests)
    .values({
      kind: 'store',
      userId,
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      phone: input.phone,
      cedulaEnc: sealed.cedula,
      address: input.address,
      serviceTypes: input.serviceTypes,
      bank: input.bank,
      bankAccountType: input.accountType,
      bankAccountNumberEnc: sealed.account,
      bankAccountLast4: sealed.last4,
      message: input.comments ?? null,
    })
    .returning({ id: contactRequests.id });
  return row!.id;
}

/** Seals the plaintext cédulas written before they were encrypted (decision 010); returns how many. */
export async function sealLegacyApplicationCedulas(db: DbOrTx, seal: (cedula: string) => Buffer): Promise<number> {
  const rows = await db.select({ id: contactRequests.id, cedula: contactRequests.cedula }).from(contactRequests).where(isNotNull(contactRequests.cedula));
  for (const row of rows) {
    await db
      .update(contactRequests)
      .set({ cedulaEnc: seal(row.cedula!), cedula: null })
      .where(and(eq(contactRequests.id, row.id), eq(contactRequests.cedula, row.cedula!)));
  }
  return rows.length;
}

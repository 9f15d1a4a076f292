import type { StoreApplication } from '@arreglaya/shared/schemas/store-application';
import type { DbOrTx } from '../../db/client.ts';
import { contactRequests } from '../../db/schema/index.ts';

export async function insertStoreApplication(
  db: DbOrTx,
  input: Omit<StoreApplication, 'accountNumber'>,
  account: { sealed: Buffer; last4: string },
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
      cedula: input.cedula,
      address: input.address,
      serviceTypes: input.serviceTypes,
      bank: input.bank,
      bankAccountType: input.accountType,
      bankAccountNumberEnc: account.sealed,
      bankAccountLast4: account.last4,
      message: input.comments ?? null,
    })
    .returning({ id: contactRequests.id });
  return row!.id;
}

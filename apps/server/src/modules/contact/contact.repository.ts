import type { Contact } from '@arreglaya/shared/schemas/contact';
import type { DbOrTx } from '../../db/client.ts';
import { contactRequests } from '../../db/schema/index.ts';

export async function insertContactMessage(db: DbOrTx, input: Contact, userId: string | null): Promise<string> {
  const [row] = await db
    .insert(contactRequests)
    .values({
      kind: 'contact_page',
      userId,
      firstName: input.firstName,
      email: input.email,
      messageType: input.messageType,
      message: input.message,
    })
    .returning({ id: contactRequests.id });
  return row!.id;
}

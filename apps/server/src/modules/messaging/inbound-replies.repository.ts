import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conversations, notificationDeliveries } from '../../db/schema/index.ts';

/** A delivery's states in which WhatsApp took the message (a reply can only answer those). */
const TAKEN = ['sent', 'delivered', 'read'] as const;

/**
 * The conversation a person's WhatsApp reply goes to (decision 061): the one of the notice it
 * answers (`contextId`, our message's wamid) when it names one of theirs, else the one of the last
 * notice WhatsApp took for them. Null when neither names a conversation that exists.
 */
export async function replyConversation(db: DbOrTx, userId: string, contextId: string | undefined): Promise<string | null> {
  const mine = and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.channel, 'whatsapp'), isNotNull(notificationDeliveries.chatPair));
  const pick = (where: ReturnType<typeof and>) =>
    db
      .select({ id: conversations.id })
      .from(notificationDeliveries)
      .innerJoin(
        conversations,
        and(
          sql`${conversations.clientId} = (${notificationDeliveries.chatPair} ->> 'clientId')::uuid`,
          sql`${conversations.contractorId} = (${notificationDeliveries.chatPair} ->> 'contractorId')::uuid`,
          sql`${conversations.projectId} IS NOT DISTINCT FROM (${notificationDeliveries.chatPair} ->> 'projectId')::uuid`,
        ),
      )
      .where(where)
      .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.id))
      .limit(1);
  if (contextId) {
    const [answered] = await pick(and(mine, eq(notificationDeliveries.providerMessageId, contextId)));
    if (answered) return answered.id;
  }
  const [last] = await pick(and(mine, inArray(notificationDeliveries.state, [...TAKEN])));
  return last?.id ?? null;
}

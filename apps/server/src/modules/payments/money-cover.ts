import type { Currency } from '@arreglaya/shared/domain';
import type { MoneyCover } from '@arreglaya/shared/lifecycles';
import type { DbOrTx } from '../../db/client.ts';
import { findMoneyCover } from './payments.repository.ts';

/**
 * What the money gates read of a project, under its lock (project-lifecycle.ts): the agreed
 * price, what was funded and refunded, the first stage of its plan (the gates need no more), and
 * whether a payment is under way. Null before hiring. Apart from
 * payments.service.ts so that the chat (which payments' notices go through) can read it without
 * importing the payments service: chat.service → payments.service → project-notify → chat.service
 * was an import cycle (decision 068).
 */
export async function moneyCoverOf(tx: DbOrTx, projectId: string): Promise<(MoneyCover & { currency: Currency; paymentUnderWay: boolean }) | null> {
  return (await findMoneyCover(tx, projectId)) ?? null;
}

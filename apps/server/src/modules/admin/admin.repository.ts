import type { ContactKind } from '@arreglaya/shared/domain';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactRequests } from '../../db/schema/index.ts';

/** One page of what visitors sent through the contact forms, newest first, and the total. */
export async function listContactRequests(db: DbOrTx, filter: { kind?: ContactKind; limit: number; offset: number }) {
  const where = filter.kind ? eq(contactRequests.kind, filter.kind) : undefined;
  const [rows, total] = await Promise.all([
    db.query.contactRequests.findMany({ where, orderBy: [desc(contactRequests.createdAt)], limit: filter.limit, offset: filter.offset }),
    db.$count(contactRequests, where),
  ]);
  return { rows, total };
}

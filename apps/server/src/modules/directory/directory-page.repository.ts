import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { contractorProfiles as cp, projects, users } from '../../db/schema/index.ts';
import { cardColumns, LISTED, type CardRow } from '../../db/contractor-listing.ts';

// A listed contractor's public page (card, description, newest reviews), and the lookups the
// directory's other routes make: a listed contractor's contact, a client's project's place.

export interface ReviewRow {
  id: string;
  rating: number;
  title: string;
  comment: string;
  reply: string | null;
  createdAt: string;
  authorFirstName: string;
  authorLastName: string;
  authorStatus: 'active' | 'banned' | 'deleted';
}

export type ContractorPageRow = CardRow & { description: string | null; reviews: ReviewRow[]; facebook: string | null; instagram: string | null; linkedin: string | null };

/** How many of the newest approved reviews a contractor's page shows. */
export const PAGE_REVIEWS = 20;

/**
 * The newest approved reviews clients wrote about the contractor, as JSON (newest first). The
 * newest are chosen among the reviews alone, then joined to their authors: a contractor with
 * two thousand reviews costs twenty author lookups, not two thousand.
 */
const newestReviews = sql<ReviewRow[]>`(
  SELECT coalesce(json_agg(r ORDER BY r."createdAt" DESC, r.id), '[]'::json) FROM (
    SELECT rv.id AS "id", rv.rating AS "rating", rv.title AS "title", rv.comments AS "comment", rv.reply AS "reply",
      rv.created_at AS "createdAt", a.first_name AS "authorFirstName", a.last_name AS "authorLastName", a.status AS "authorStatus"
    FROM (
      SELECT id, rating, title, comments, reply, created_at, author_id FROM reviews
      WHERE subject_id = ${cp.userId} AND status = 'approved' AND direction = 'client_to_contractor'
      ORDER BY created_at DESC, id
      LIMIT ${sql.raw(String(PAGE_REVIEWS))}
    ) rv JOIN users a ON a.id = rv.author_id
  ) r)`;

/** A listed contractor's card, description and newest approved reviews, in one prepared query. */
const pageQuery = preparedPerDb((db) =>
  db
    .select({ ...cardColumns, description: cp.description, reviews: newestReviews, facebook: cp.facebook, instagram: cp.instagram, linkedin: cp.linkedin })
    .from(cp)
    .innerJoin(users, eq(users.id, cp.userId))
    .where(and(eq(cp.userId, sql.placeholder('id')), LISTED))
    .prepare('directory_contractor_page'),
);

/** A listed contractor's page row; undefined for anyone else (not a contractor, banned, deleted). */
export async function findContractorPageRow(db: DbOrTx, id: string): Promise<ContractorPageRow | undefined> {
  const [row] = await pageQuery(db).execute({ id });
  return row;
}

/** The contractor's id, e-mail and first name when they are listed (the directory's rule). */
export async function findListedContractor(db: DbOrTx, contractorId: string): Promise<{ id: string; email: string; firstName: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .innerJoin(cp, eq(cp.userId, users.id))
    .where(and(eq(users.id, contractorId), LISTED));
  return row;
}

/** A project's sector and coordinates, when it belongs to `clientId` (undefined for anyone else's or an unknown id). */
export async function findOwnProjectPlace(db: DbOrTx, projectId: string, clientId: string): Promise<{ sector: string | null; lat: number | null; lng: number | null } | undefined> {
  const [row] = await db
    .select({ sector: projects.sector, lat: projects.lat, lng: projects.lng })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.clientId, clientId)));
  return row;
}

import { COUNTRIES } from '@arreglaya/shared/countries';
import { storedPlace } from '@arreglaya/shared/places';
import type { ProjectData } from '@arreglaya/shared/schemas/projects';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { clientProfiles, conversations, photos, projectPhotos, projects, quotes, users } from '../../db/schema/index.ts';

export type ProjectRow = typeof projects.$inferSelect;

/** Open quotes of a project, as a correlated count (the offers a client still has to decide on). */
// Qualified by hand: drizzle leaves columns unqualified in a one-table select, and 'id' inside the
// subquery would then be the quote's.
export const openOffers = sql<number>`(SELECT count(*)::int FROM quotes q WHERE q.project_id = ${projects}.id AND q.status = 'created')`;

export async function findProject(db: DbOrTx, id: string): Promise<ProjectRow | undefined> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row;
}

export async function findProjectTitle(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db.select({ title: projects.title }).from(projects).where(eq(projects.id, id));
  return row?.title;
}

/**
 * What the project page needs of a project in one query (decision 022): the row, its request
 * photos in order, its open offers and its client's name and contact data.
 */
function projectPageQuery(db: DbOrTx) {
  return db
    .select({
      project: projects,
      offers: openOffers,
      photos: sql<{ id: string; position: number }[]>`coalesce((SELECT json_agg(json_build_object('id', pp.photo_id, 'position', pp.position) ORDER BY pp.position, pp.photo_id)
        FROM project_photos pp WHERE pp.project_id = ${projects}.id AND NOT pp.delivery), '[]'::json)`,
      client: { firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone },
      clientFacebook: clientProfiles.facebook,
      clientInstagram: clientProfiles.instagram,
      clientLinkedin: clientProfiles.linkedin,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.clientId))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, projects.clientId))
    .where(eq(projects.id, sql.placeholder('id')))
    .prepare('project_page');
}

// Prepared once per database handle (PostgreSQL parses and plans it once per connection).
const preparedPage = preparedPerDb(projectPageQuery);

export async function findProjectPage(db: DbOrTx, id: string) {
  const [row] = await preparedPage(db).execute({ id });
  if (!row) return undefined;
  const c = row.client;
  return {
    ...row,
    client: { firstName: c.firstName, name: `${c.firstName} ${c.lastName}`.trim(), email: c.email, phone: c.phone },
    clientSocial: { facebook: row.clientFacebook, instagram: row.clientInstagram, linkedin: row.clientLinkedin },
  };
}

/**
 * The project row locked until the transaction ends: every change of a project's status (and
 * every quote decision on it) takes this lock first, so two of them on one project run one
 * after the other and the second sees what the first did.
 */
export async function lockProject(tx: DbOrTx, id: string): Promise<ProjectRow | undefined> {
  // A named statement: the driver parses it once per connection (every decision and offer takes this lock).
  const [row] = await tx
    .select()
    .from(projects)
    .where(eq(projects.id, sql.placeholder('id')))
    .for('update')
    .prepare('project_lock')
    .execute({ id });
  return row;
}

/** The job's address as stored: sealed by the service (decision 049), never in the clear here. */
export interface SealedAddress {
  streetEnc: Buffer | null;
  referenceEnc: Buffer | null;
}

function columnsOf(data: ProjectData, address: SealedAddress) {
  return {
    ...address,
    title: data.title,
    description: data.description,
    propertyType: data.propertyType,
    serviceTypes: data.services,
    intention: data.intention,
    startDate: data.startDate,
    country: data.country,
    // The project's money is its country's (decision 067): offers, fundings, the ledger and payouts follow it.
    currency: COUNTRIES[data.country].currency,
    city: data.city,
    zone: data.zone,
    // The sector's coordinates, for distances from the project (decision 042).
    ...projectPlace(data.sector),
  };
}

/** A project's sector and its coordinates (places.ts), or none. */
function projectPlace(sector: string | null): { sector: string | null; lat: number | null; lng: number | null } {
  const { slug, lat, lng } = storedPlace(sector);
  return { sector: slug, lat, lng };
}

export async function insertProject(tx: DbOrTx, clientId: string, data: ProjectData, address: SealedAddress): Promise<string> {
  const [row] = await tx
    .insert(projects)
    .values({ clientId, ...columnsOf(data, address) })
    .returning({ id: projects.id });
  return row!.id;
}

export async function updateProject(tx: DbOrTx, id: string, data: ProjectData, address: SealedAddress): Promise<void> {
  await tx.update(projects).set(columnsOf(data, address)).where(eq(projects.id, id));
}

export async function setProjectStatus(tx: DbOrTx, id: string, set: Partial<typeof projects.$inferInsert>): Promise<void> {
  await tx.update(projects).set(set).where(eq(projects.id, id));
}

export async function countQuotes(tx: DbOrTx, projectId: string): Promise<number> {
  return tx.$count(quotes, eq(quotes.projectId, projectId));
}

export async function countConversations(tx: DbOrTx, projectId: string): Promise<number> {
  return tx.$count(conversations, eq(conversations.projectId, projectId));
}

/** Deletes a project that nothing refers to; its photo rows go with it (returns their storage keys). */
export async function deleteProject(tx: DbOrTx, id: string): Promise<string[]> {
  const rows = await tx
    .select({ id: photos.id, storageKey: photos.storageKey })
    .from(projectPhotos)
    .innerJoin(photos, eq(photos.id, projectPhotos.photoId))
    .where(eq(projectPhotos.projectId, id));
  await tx.delete(projects).where(eq(projects.id, id));
  return deletePhotoRows(tx, rows);
}

/** Deletes these photo rows (a project's or a portfolio entry's, once their owner is gone); returns their storage keys. */
export async function deletePhotoRows(tx: DbOrTx, rows: readonly { id: string; storageKey: string }[]): Promise<string[]> {
  if (rows.length > 0)
    await tx.delete(photos).where(
      inArray(
        photos.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => r.storageKey);
}

// ---- Photos ----

/** The request's photos, or with `delivery` the photos of the finished work. */
export async function listPhotos(db: DbOrTx, projectId: string, delivery = false): Promise<{ id: string; position: number }[]> {
  return db
    .select({ id: projectPhotos.photoId, position: projectPhotos.position })
    .from(projectPhotos)
    .where(and(eq(projectPhotos.projectId, projectId), eq(projectPhotos.delivery, delivery)))
    .orderBy(asc(projectPhotos.position), asc(projectPhotos.photoId));
}

export async function insertProjectPhoto(
  tx: DbOrTx,
  photo: { id: string; ownerId: string; storageKey: string; mime: string; width: number; height: number; bytes: number },
  projectId: string,
  position: number,
  delivery: boolean,
): Promise<void> {
  await tx.insert(photos).values({ ...photo, kind: 'project' });
  await tx.insert(projectPhotos).values({ projectId, photoId: photo.id, position, delivery });
}

/** Removes one of the project's photos; returns its storage key when it was there. */
export async function deleteProjectPhoto(tx: DbOrTx, projectId: string, photoId: string): Promise<string | undefined> {
  const [link] = await tx
    .delete(projectPhotos)
    .where(and(eq(projectPhotos.projectId, projectId), eq(projectPhotos.photoId, photoId), eq(projectPhotos.delivery, false)))
    .returning({ photoId: projectPhotos.photoId });
  if (!link) return undefined;
  const [row] = await tx.delete(photos).where(eq(photos.id, photoId)).returning({ storageKey: photos.storageKey });
  return row?.storageKey;
}

/** Writes the photos' order (0 = main) and points the project's cover at the first. */
export async function writePhotoOrder(tx: DbOrTx, projectId: string, photoIds: readonly string[]): Promise<void> {
  for (const [position, photoId] of photoIds.entries()) {
    await tx
      .update(projectPhotos)
      .set({ position })
      .where(and(eq(projectPhotos.projectId, projectId), eq(projectPhotos.photoId, photoId)));
  }
  await tx
    .update(projects)
    .set({ coverPhotoId: photoIds[0] ?? null })
    .where(eq(projects.id, projectId));
}

export async function findContact(db: DbOrTx, userId: string): Promise<{ firstName: string; name: string; email: string; phone: string | null } | undefined> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId));
  return row && { firstName: row.firstName, name: `${row.firstName} ${row.lastName}`.trim(), email: row.email, phone: row.phone };
}

export async function findConversationId(db: DbOrTx, key: { clientId: string; contractorId: string; projectId: string }): Promise<string | null> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.clientId, key.clientId), eq(conversations.contractorId, key.contractorId), eq(conversations.projectId, key.projectId)));
  return row?.id ?? null;
}

export async function countOpenOffers(db: DbOrTx, projectId: string): Promise<number> {
  return db.$count(quotes, and(eq(quotes.projectId, projectId), eq(quotes.status, 'created')));
}

export async function hasQuoteBy(db: DbOrTx, projectId: string, contractorId: string): Promise<boolean> {
  return (await db.$count(quotes, and(eq(quotes.projectId, projectId), eq(quotes.contractorId, contractorId)))) > 0;
}

/**
 * Delivered before `before`, not yet approved automatically, locked (others' locks skipped): the
 * auto-approval's first step. FOR NO KEY UPDATE, not UPDATE: a row another transaction holds FOR KEY
 * SHARE (any insert of a row referencing the project: a notice's conversation, a project alert, a
 * money event) would be skipped by FOR UPDATE SKIP LOCKED, and a project skipped at its due time is
 * approved a run later than due (its claim window with it). A project action's FOR UPDATE still
 * excludes the sweep.
 */
export async function lockDeliveredBefore(tx: DbOrTx, before: Date, limit: number): Promise<ProjectRow[]> {
  return tx
    .select()
    .from(projects)
    .where(and(eq(projects.status, 'delivered'), lte(projects.deliveredAt, before), isNull(projects.autoApprovedAt)))
    .orderBy(asc(projects.deliveredAt))
    .limit(limit)
    .for('no key update', { skipLocked: true });
}

/** Approved automatically before `before` and still delivered (nobody claimed), locked as lockDeliveredBefore locks (NO KEY UPDATE): the release step's batch (decision 054). */
export async function lockAutoApprovedBefore(tx: DbOrTx, before: Date, limit: number): Promise<ProjectRow[]> {
  return tx
    .select()
    .from(projects)
    .where(and(eq(projects.status, 'delivered'), lte(projects.autoApprovedAt, before)))
    .orderBy(asc(projects.autoApprovedAt))
    .limit(limit)
    .for('no key update', { skipLocked: true });
}

/** Hires waiting for their first funding since before `before`, locked (others' locks skipped): the lapse sweep's batch. */
export async function lockHiresAssignedBefore(tx: DbOrTx, before: Date, limit: number): Promise<ProjectRow[]> {
  return tx
    .select()
    .from(projects)
    .where(
      and(
        eq(projects.status, 'assigned'),
        lte(projects.assignedAt, before),
        // Funded hires (and those whose payment is under way) never lapse: leave them out of the batch.
        sql`NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.project_id = ${projects.id} AND t.kind = 'fund')`,
        sql`NOT EXISTS (SELECT 1 FROM payments p WHERE p.project_id = ${projects.id} AND p.status IN ('pending', 'requires_action'))`,
      ),
    )
    .orderBy(asc(projects.assignedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** A hired project's title and place with its client's and contractor's contact, in one read (the contact-shared notices). */
export async function findProjectContacts(db: DbOrTx, projectId: string) {
  const r = await db.execute<{
    title: string;
    country: ProjectRow['country'];
    city: string | null;
    zone: ProjectRow['zone'];
    sector: string | null;
    has_address: boolean;
    client_id: string;
    contractor_id: string;
    c_first: string;
    c_last: string;
    c_email: string;
    c_phone: string | null;
    k_first: string;
    k_last: string;
    k_email: string;
    k_phone: string | null;
  }>(sql`
    SELECT p.title, p.country, p.city, p.zone, p.sector, p.street_enc IS NOT NULL AS has_address, p.client_id, p.contractor_id,
           c.first_name AS c_first, c.last_name AS c_last, c.email AS c_email, c.phone AS c_phone,
           k.first_name AS k_first, k.last_name AS k_last, k.email AS k_email, k.phone AS k_phone
      FROM projects p JOIN users c ON c.id = p.client_id JOIN users k ON k.id = p.contractor_id
     WHERE p.id = ${projectId}::uuid`);
  const row = r.rows[0];
  if (!row) return undefined;
  const person = (first: string, last: string, email: string, phone: string | null) => ({ firstName: first, name: `${first} ${last}`.trim(), email, phone });
  return {
    title: row.title,
    country: row.country,
    city: row.city,
    zone: row.zone,
    sector: row.sector,
    hasAddress: row.has_address,
    clientId: row.client_id,
    contractorId: row.contractor_id,
    client: person(row.c_first, row.c_last, row.c_email, row.c_phone),
    contractor: person(row.k_first, row.k_last, row.k_email, row.k_phone),
  };
}

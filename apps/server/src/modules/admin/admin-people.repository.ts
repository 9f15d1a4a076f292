import type { Role } from '@arreglaya/shared/domain';
import { and, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { withdrawOpenQuotesOf, type WithdrawnQuote } from '../../db/open-quotes.ts';
import { contractorProfiles, logTrail, projects, quotes, reviews, sessions, users } from '../../db/schema/index.ts';

// What the sysadmin console reads and changes about people (docs/decisions/025-sysadmin-console.md).

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  role: users.role,
  status: users.status,
  createdAt: users.createdAt,
};

/** `%`, `_` and `\` typed by the sysadmin match themselves, not any text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface PeopleFilter {
  /** Free text: parts of the name, e-mail or phone. */
  text?: string;
  /** The cédula's blind index (a keyed hash), when the search text was a cédula. */
  cedulaIndex?: Buffer;
  role?: Role;
  limit: number;
  offset: number;
}

/** One page of people, newest first, and how many match. */
export async function searchPeople(db: DbOrTx, f: PeopleFilter) {
  const conditions: SQL[] = [];
  if (f.role) conditions.push(eq(users.role, f.role));
  const matches: SQL[] = [];
  if (f.cedulaIndex) {
    matches.push(sql`${users.id} IN (SELECT ${contractorProfiles.userId} FROM ${contractorProfiles} WHERE ${contractorProfiles.cedulaIndex} = ${f.cedulaIndex})`);
  }
  if (f.text) {
    const pattern = likePattern(f.text);
    matches.push(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(users.email, pattern));
    const digits = f.text.replace(/\D/g, '');
    // Phones are stored as typed (809-555-1234, (809) 555 1234…): compare digits only.
    if (digits.length >= 3) matches.push(sql`regexp_replace(coalesce(${users.phone}, ''), '\\D', '', 'g') LIKE ${`%${digits}%`}`);
  }
  if (matches.length > 0) conditions.push(or(...matches)!);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, total] = await Promise.all([
    db.select(personColumns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(f.limit).offset(f.offset),
    db.$count(users, where),
  ]);
  return { rows, total };
}

export async function findPerson(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      ...personColumns,
      emailVerified: users.emailVerified,
      bannedAt: users.bannedAt,
      profileUserId: contractorProfiles.userId,
      displayName: contractorProfiles.displayName,
      cedulaEnc: contractorProfiles.cedulaEnc,
      verifiedAt: contractorProfiles.verifiedAt,
      featured: contractorProfiles.featured,
    })
    .from(users)
    .leftJoin(contractorProfiles, eq(contractorProfiles.userId, users.id))
    .where(eq(users.id, id));
  return row;
}

const LIST_LIMIT = 20;

/** The projects, quotes, reviews, active sessions and latest log lines of one person. */
export async function findPersonActivity(db: DbOrTx, id: string) {
  const [projectRows, quoteRows, reviewRows, sessionRows, logRows] = await Promise.all([
    db
      .select({ id: projects.id, title: projects.title, status: projects.status, createdAt: projects.createdAt })
      .from(projects)
      .where(or(eq(projects.clientId, id), eq(projects.contractorId, id)))
      .orderBy(desc(projects.createdAt))
      .limit(LIST_LIMIT),
    db
      .select({
        id: quotes.id,
        projectId: quotes.projectId,
        projectTitle: projects.title,
        priceMinor: quotes.priceMinor,
        currency: quotes.currency,
        status: quotes.status,
        createdAt: quotes.createdAt,
      })
      .from(quotes)
      .innerJoin(projects, eq(projects.id, quotes.projectId))
      .where(eq(quotes.contractorId, id))
      .orderBy(desc(quotes.createdAt))
      .limit(LIST_LIMIT),
    db
      .select({
        id: reviews.id,
        direction: reviews.direction,
        authorId: reviews.authorId,
        rating: reviews.rating,
        title: reviews.title,
        status: reviews.status,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(or(eq(reviews.authorId, id), eq(reviews.subjectId, id)))
      .orderBy(desc(reviews.createdAt))
      .limit(LIST_LIMIT),
    db
      .select({ id: sessions.id, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
      .from(sessions)
      .where(and(eq(sessions.userId, id), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(desc(sessions.createdAt)),
    db
      .select({ id: logTrail.id, action: logTrail.action, location: logTrail.location, createdAt: logTrail.createdAt })
      .from(logTrail)
      .where(eq(logTrail.userId, id))
      .orderBy(desc(logTrail.createdAt), desc(logTrail.id))
      .limit(30),
  ]);
  return { projectRows, quoteRows, reviewRows, sessionRows, logRows };
}

/**
 * Bans: the account stops being active (its sessions and devices end: the service, auth/end-access.ts) and a contractor's open offers are
 * withdrawn (decision 023), in the caller's transaction. The users trigger announces the change
 * to the directory's cache (migration 0007, kind m). Unbanning gives the offers no life back.
 * Returns the offers withdrawn, whose clients the service tells.
 */
export async function banAccount(tx: DbOrTx, id: string): Promise<WithdrawnQuote[]> {
  const now = new Date();
  await tx.update(users).set({ status: 'banned', bannedAt: now, updatedAt: now }).where(eq(users.id, id));
  return withdrawOpenQuotesOf(tx, id, now);
}

export async function unbanAccount(tx: DbOrTx, id: string): Promise<void> {
  await tx.update(users).set({ status: 'active', bannedAt: null, updatedAt: new Date() }).where(eq(users.id, id));
}

export async function setFeatured(db: DbOrTx, id: string, featured: boolean): Promise<void> {
  await db.update(contractorProfiles).set({ featured, updatedAt: new Date() }).where(eq(contractorProfiles.userId, id));
}

import type { ProjectStatus } from '@arreglaya/shared/lifecycles';
import type { OpenProjectsQuery } from '@arreglaya/shared/schemas/projects';
import type { ServiceType } from '@arreglaya/shared/domain';
import { splitTradeWords, tradeServicesOf } from '@arreglaya/shared/trade-words';
import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contractorProfiles, projects, quotes, users } from '../../db/schema/index.ts';
import { searchWords } from '../../lib/search-words.ts';
import { openOffers } from './projects.repository.ts';

// The lists of projects: a client's own, the open list (/projectlist) with its free text, a contractor's jobs.

const tileColumns = {
  id: projects.id,
  title: projects.title,
  description: projects.description,
  services: projects.serviceTypes,
  propertyType: projects.propertyType,
  intention: projects.intention,
  startDate: projects.startDate,
  country: projects.country,
  city: projects.city,
  zone: projects.zone,
  sector: projects.sector,
  status: projects.status,
  coverPhotoId: projects.coverPhotoId,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  offers: openOffers,
};

export async function listClientProjects(db: DbOrTx, clientId: string, status: ProjectStatus | undefined) {
  return db
    .select(tileColumns)
    .from(projects)
    .where(and(eq(projects.clientId, clientId), status ? eq(projects.status, status) : undefined))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(500);
}

/** Whether the project asks for one of the services. */
function asksFor(services: readonly ServiceType[]): SQL {
  return sql`${projects.serviceTypes} && ${sql.param(services)}::service_type[]`;
}

/** The word(s) as prefixes, all required, stemmed in Spanish with accents removed (as the directory). */
function wordsMatch(words: readonly string[]): SQL {
  return sql`${projects.searchVector} @@ to_tsquery('public.es_unaccent', ${words.map((w) => `${w}:*`).join(' & ')})`;
}

/**
 * Free text as in the directory (decision 037): each trade word ('plomero') is met by asking for
 * its service or by the text; the other words (those that only go with a trade dropped) by the text.
 */
function textCondition(q: string | undefined): SQL | undefined {
  const words = q ? searchWords(q) : [];
  if (words.length === 0) return undefined;
  const { trades, others } = splitTradeWords(words);
  return and(...trades.map((t) => or(asksFor(t.services), wordsMatch([t.word]))), others.length > 0 ? wordsMatch(others) : undefined);
}

/** With trade words in the text, the projects asking for their services come first (undefined without). */
function tradeRank(q: string | undefined): SQL | undefined {
  const services = q ? tradeServicesOf(searchWords(q)) : [];
  return services.length > 0 ? sql`(NOT (${asksFor(services)}))` : undefined;
}

function openWhere(query: OpenProjectsQuery, services: readonly ServiceType[]) {
  return and(
    eq(projects.status, 'created'),
    services.length > 0 ? asksFor(services) : undefined,
    query.country ? eq(projects.country, query.country) : undefined,
    query.city ? eq(projects.city, query.city) : undefined,
    query.zone ? eq(projects.zone, query.zone) : undefined,
    query.from ? gte(projects.startDate, query.from) : undefined,
    query.to ? lte(projects.startDate, query.to) : undefined,
    textCondition(query.q),
  );
}

/** One page of the open list (an index walk on projects_open_idx when no filter narrows it more). */
export async function listOpenProjects(db: DbOrTx, query: OpenProjectsQuery, services: readonly ServiceType[]) {
  const rank = tradeRank(query.q);
  const order = [...(rank ? [rank] : []), ...(query.sort === 'oldest' ? [asc(projects.createdAt), asc(projects.id)] : [desc(projects.createdAt), desc(projects.id)])];
  return db
    .select({ ...tileColumns, clientFirstName: users.firstName })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.clientId))
    .where(openWhere(query, services))
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

export async function countOpenProjects(db: DbOrTx, query: OpenProjectsQuery, services: readonly ServiceType[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(projects).where(openWhere(query, services));
  return row?.n ?? 0;
}

export async function findContractorServices(db: DbOrTx, contractorId: string): Promise<ServiceType[]> {
  const [row] = await db.select({ services: contractorProfiles.serviceTypes }).from(contractorProfiles).where(eq(contractorProfiles.userId, contractorId));
  return row?.services ?? [];
}

/** The projects a contractor was hired for, with the agreed price. */
export async function listContractorJobs(db: DbOrTx, contractorId: string, statuses: readonly ProjectStatus[]) {
  return db
    .select({ ...tileColumns, clientFirstName: users.firstName, agreedPriceMinor: quotes.agreedPriceMinor, currency: quotes.currency })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.clientId))
    .innerJoin(quotes, eq(quotes.id, projects.acceptedQuoteId))
    .where(and(eq(projects.contractorId, contractorId), inArray(projects.status, [...statuses])))
    .orderBy(desc(projects.assignedAt), desc(projects.id))
    .limit(500);
}

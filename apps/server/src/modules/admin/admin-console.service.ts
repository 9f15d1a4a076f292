import { normalizeCedula } from '@arreglaya/shared/cedula';
import { ROLES } from '@arreglaya/shared/domain';
import { adminConsole } from '@arreglaya/shared/i18n/admin-console';
import { PROJECT_STATUSES } from '@arreglaya/shared/lifecycles';
import { ADMIN_PEOPLE_PAGE_SIZE, type AdminOverview, type AdminPeoplePage, type AdminPerson } from '@arreglaya/shared/schemas/admin-console';
import type { Role } from '@arreglaya/shared/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DataCipher } from '../../lib/data-encryption.ts';
import { endAccess } from '../auth/end-access.ts';
import { createNewSysadmin } from '../auth/sysadmin.ts';
import type { Mailer } from '../mail/mailer.ts';
import { closeOpenProjectsOf } from '../projects/leaving-client.ts';
import { endUnpaidHiresOfClient } from '../projects/hire-end.service.ts';
import { openProjectsChanged } from '../projects/open-projects-cache.ts';
import { tellClientsOffersWithdrawn } from '../projects/withdrawn-offers.ts';
import { countPeople, countProjectsByStatus, countQuotesSince, countWaiting, escrowHeld, projectsPerDay, releasedSince } from './admin-overview.repository.ts';
import { claimAlerts } from '../claims/claims.service.ts';
import { setVerifiedFromConsole } from '../verification/verification.service.ts';
import { banAccount, findPerson, findPersonActivity, searchPeople, setFeatured, unbanAccount } from './admin-people.repository.ts';
import { whatsappState } from '../messaging/phone.service.ts';

// The sysadmin console's overview and people (docs/decisions/025-sysadmin-console.md). Every
// route calling these is sysadmin-only: plugins/sysadmin-console.ts audits each write.

export interface AdminConsoleDeps {
  db: Db;
  cipher: DataCipher;
  /** A ban tells the clients of the contractor's withdrawn offers (decision 023). */
  mailer: Mailer;
  appUrl: string;
}

/** The marketplace's own days: the Dominican Republic (no daylight saving). */
const TIME_ZONE = 'America/Santo_Domingo';
const DAY_MS = 24 * 60 * 60 * 1000;

function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export async function overview(db: Db, now = new Date()): Promise<AdminOverview> {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const today = dayIn(TIME_ZONE, now);
  const monthStart = new Date(`${today.slice(0, 7)}-01T00:00:00-04:00`);
  const days = Array.from({ length: 30 }, (_, i) => dayIn(TIME_ZONE, new Date(now.getTime() - (29 - i) * DAY_MS)));
  const [people, projects, offers, held, released, waiting, perDay] = await Promise.all([
    countPeople(db, weekAgo),
    countProjectsByStatus(db),
    countQuotesSince(db, weekAgo),
    escrowHeld(db),
    releasedSince(db, monthStart),
    countWaiting(db),
    projectsPerDay(db, days[0]!, TIME_ZONE),
  ]);
  const claimsAlert = await claimAlerts(db);
  const byRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  let newThisWeek = 0;
  for (const p of people) {
    byRole[p.role] = p.total;
    newThisWeek += p.recent;
  }
  const projectsByStatus = Object.fromEntries(PROJECT_STATUSES.map((s) => [s, 0])) as AdminOverview['projectsByStatus'];
  for (const p of projects) projectsByStatus[p.status] = p.total;
  const counts = new Map(perDay.map((d) => [d.day, d.n]));
  return {
    people: { byRole, newThisWeek },
    projectsByStatus,
    offersThisWeek: offers,
    escrowHeld: held.filter((m) => m.amountMinor !== 0),
    releasedThisMonth: released,
    openClaims: waiting.claims,
    claimsUnanswered: claimsAlert.unanswered,
    claimsLate: claimsAlert.late,
    reviewsWaiting: waiting.reviews,
    contactUnanswered: waiting.contact,
    otherInboxesWaiting: waiting.others,
    newProjectsPerDay: days.map((day) => ({ day, count: counts.get(day) ?? 0 })),
  };
}

export async function findPeople(deps: AdminConsoleDeps, query: { q: string; role?: Role; page: number }): Promise<AdminPeoplePage> {
  const q = query.q.trim();
  const cedula = normalizeCedula(q);
  const { rows, total } = await searchPeople(deps.db, {
    // A cédula is found by its blind index (it is sealed at rest); anything else by name, e-mail or phone.
    ...(cedula ? { cedulaIndex: deps.cipher.index(cedula) } : q ? { text: q } : {}),
    role: query.role,
    limit: ADMIN_PEOPLE_PAGE_SIZE,
    offset: (query.page - 1) * ADMIN_PEOPLE_PAGE_SIZE,
  });
  return {
    page: query.page,
    pageSize: ADMIN_PEOPLE_PAGE_SIZE,
    total,
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

export async function personPage(deps: AdminConsoleDeps, id: string): Promise<AdminPerson> {
  const p = await findPerson(deps.db, id);
  if (!p) throw new AppError('NOT_FOUND');
  const a = await findPersonActivity(deps.db, id);
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    phone: p.phone,
    role: p.role,
    status: p.status,
    createdAt: p.createdAt.toISOString(),
    emailVerified: p.emailVerified,
    bannedAt: p.bannedAt?.toISOString() ?? null,
    contractor:
      p.role === 'contractor' && p.profileUserId
        ? {
            displayName: p.displayName ?? '',
            // Opened for the sysadmin, who checks it against a document before Verificado.
            cedula: p.cedulaEnc ? deps.cipher.open(p.cedulaEnc) : null,
            verifiedAt: p.verifiedAt?.toISOString() ?? null,
            featured: p.featured ?? false,
          }
        : null,
    projects: a.projectRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    quotes: a.quoteRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    reviews: a.reviewRows.map(({ authorId, ...r }) => ({ ...r, written: authorId === id, createdAt: r.createdAt.toISOString() })),
    whatsapp: await whatsappState(deps.db, id),
    sessions: a.sessionRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt.toISOString() })),
    logTrail: a.logRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

async function existingPerson(db: Db, id: string) {
  const p = await findPerson(db, id);
  if (!p || p.status === 'deleted') throw new AppError('NOT_FOUND');
  return p;
}

/**
 * Ends every session at once (same transaction) and refuses sign-in from then on (better-auth's
 * session hook). A contractor's open offers are withdrawn and each project's client is told, in
 * the same transaction, without the ban's reason (decision 023). A client's open projects are
 * cancelled, the offers on them withdrawn and each contractor told, also without the reason, and
 * their hires nothing was paid for end (issue 29, projects/leaving-client.ts); unbanning reopens none of them.
 */
export async function ban(deps: AdminConsoleDeps, actorId: string, id: string): Promise<void> {
  if (actorId === id) throw new AppError('CONFLICT', adminConsole.person.cannotBanSelf);
  await existingPerson(deps.db, id);
  const { told, closed } = await deps.db.transaction(async (tx) => {
    // The account's row first (banAccount's update), then the projects: a mail link takes them in that order too.
    const withdrawn = await banAccount(tx, id);
    // Every session and every device's push subscription ends with the ban (issue 48).
    await endAccess(tx, id);
    await tellClientsOffersWithdrawn(tx, deps, id, withdrawn);
    // A client's hires nothing was paid for end first (their contractors told), then close with the open projects.
    await endUnpaidHiresOfClient(tx, deps, id, { id: actorId, role: 'sysadmin' });
    const closedProjects = await closeOpenProjectsOf(tx, deps, id, { actorId, because: 'account-banned' });
    return { told: withdrawn.length, closed: closedProjects };
  });
  if (closed.length > 0) openProjectsChanged(deps.db, closed);
  if (told > 0 || closed.length > 0) deps.mailer.kick();
}

export async function unban(deps: AdminConsoleDeps, id: string): Promise<void> {
  const p = await existingPerson(deps.db, id);
  if (p.status === 'banned') await unbanAccount(deps.db, id);
}

async function contractor(db: Db, id: string) {
  const p = await existingPerson(db, id);
  if (p.role !== 'contractor' || !p.profileUserId) throw new AppError('CONFLICT', adminConsole.person.notContractor);
  return p;
}

/** "Verificado" is derived from the identity badges (decision 056): the switch records a sysadmin's badge decision. */
export async function verify(deps: AdminConsoleDeps, admin: { id: string; role: string }, id: string, verified: boolean): Promise<void> {
  await contractor(deps.db, id);
  await setVerifiedFromConsole(deps, admin, id, verified);
}

export async function feature(deps: AdminConsoleDeps, id: string, featured: boolean): Promise<void> {
  await contractor(deps.db, id);
  await setFeatured(deps.db, id, featured);
}

/** The person's e-mail when they may get a new confirmation code; a 409 when already confirmed. */
export async function unconfirmedEmail(deps: AdminConsoleDeps, id: string): Promise<string> {
  const p = await existingPerson(deps.db, id);
  if (p.emailVerified) throw new AppError('CONFLICT', adminConsole.person.alreadyConfirmed);
  return p.email;
}

/**
 * "Crear sysadmin": a new account only (decision 050). An e-mail that already has an account is
 * refused with 409 on the e-mail field, and that account keeps its password, role and sessions.
 */
export async function createSysadmin(deps: AdminConsoleDeps, input: { email: string; password: string }): Promise<{ id: string; created: true }> {
  const created = await createNewSysadmin(deps.db, input.email, input.password);
  if (!created) throw new AppError('CONFLICT', adminConsole.people.emailTaken, { email: adminConsole.people.emailTaken });
  return { id: created.id, created: true };
}

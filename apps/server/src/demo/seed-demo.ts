import { sql } from 'drizzle-orm';
import { photoBaseKey, photoKey, PHOTO_SIZE_NAMES, type PhotoStorage } from '../modules/media/photo-storage.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { refreshContractorAggregates, refreshFavouriteCounts } from '../db/contractor-aggregates.ts';
import { refreshContractorTrust } from '../db/contractor-trust.ts';
import {
  clientProfiles,
  contractorProfiles,
  favourites,
  ledgerEntries,
  ledgerTransactions,
  milestones,
  notificationPreferences,
  paymentMethods,
  payments,
  photos,
  projectPhotos,
  projects,
  quotes,
  reviews,
  sandboxCharges,
  sandboxTokens,
  sandboxVerifications,
  users,
} from '../db/schema/index.ts';
import { accountIds, type AccountRef } from '../modules/payments/ledger.repository.ts';
import { planMoney, type MoneyPlan } from './plan-money.ts';
import { planActivity, type ActivityOptions } from './plan-projects.ts';
import { planPeople } from './plan-people.ts';
import { abroadAvatarId, isAbroad, planAbroad } from './plan-abroad.ts';
import { DEMO_SEED, mulberry32, Rng } from './random.ts';
import { mapLimit, renderPhoto, type RenderedPhoto } from './render.ts';
import { avatarSvg } from './svg-avatars.ts';
import { sceneSvg } from './svg-scenes.ts';

// Loads a realistic Dominican demo into an empty database: contractors in every trade
// and city, clients, open and finished projects with quotes, reviews, favourites and
// drawn photos. The same every run (seeded PRNG, dates relative to `now`), all of it in
// one transaction, and skipped when any user exists.

export interface SeedDemoOptions {
  log: (msg: string) => void;
  /** Seals a cédula for storage (AES-256-GCM, decision 010): none is ever stored in the clear. */
  seal: (cedula: string) => Buffer;
  /** The cédula's blind index (decision 025); without it, the next start fills it in. */
  index?: (cedula: string) => Buffer;
  now?: Date;
  /** PLATFORM_FEE_PERCENT: the platform's share of each release (default 10, as the server's). */
  feePercent?: number;
  /** Random source in [0, 1); defaults to mulberry32 with the fixed DEMO_SEED. */
  random?: () => number;
}

export interface SeedDemoResult {
  seeded: boolean;
  counts: Record<string, number>;
  /** The hires for the running app to fund in cash and by transfer (fundDemoOffline), once it is built. */
  offlineFunding: string[];
}

/** How much demo there is. */
export const DEMO_SIZE: ActivityOptions & { clients: number } = {
  clients: 30,
  open: 45,
  extraCompleted: 120,
  assigned: 4,
  inProgress: 5,
  coverEvery: 2,
  delivered: 3,
  disputed: 1,
  cancelled: 2,
  offline: 2,
};

interface PhotoPlan {
  row: typeof photos.$inferInsert & { id: string };
  rendered: RenderedPhoto;
}

async function hasUsers(db: DbOrTx): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length > 0;
}

function chunks<T>(rows: readonly T[], size = 250): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * The demo's money (plan-money.ts) as the payment flows record it: the sandbox's tokens,
 * verifications and charges, the clients' saved cards, the staged plan's milestones, the payments, and the ledger
 * (accounts found or made, each transaction with its entries, fundings before the releases they pay).
 */
async function writeMoney(tx: DbOrTx, money: MoneyPlan, currency: 'DOP'): Promise<void> {
  for (const c of chunks(money.tokens)) await tx.insert(sandboxTokens).values(c);
  for (const c of chunks(money.verifications)) await tx.insert(sandboxVerifications).values(c);
  for (const c of chunks(money.methods)) await tx.insert(paymentMethods).values(c);
  for (const c of chunks(money.milestones)) await tx.insert(milestones).values(c);
  for (const c of chunks(money.charges)) await tx.insert(sandboxCharges).values(c);
  for (const c of chunks(money.payments)) await tx.insert(payments).values(c);
  const refs: AccountRef[] = [];
  const slot = new Map<string, number>();
  const refOf = (e: MoneyPlan['postings'][number]['entries'][number]) => {
    const key = `${e.kind}|${e.userId ?? ''}|${e.projectId ?? ''}`;
    if (!slot.has(key)) slot.set(key, refs.push({ kind: e.kind, userId: e.userId ?? null, projectId: e.projectId ?? null, currency }) - 1);
    return slot.get(key)!;
  };
  const entrySlots = money.postings.map((p) => p.entries.map(refOf));
  const ids = refs.length > 0 ? await accountIds(tx, refs) : [];
  const txns = money.postings.map(({ entries: _entries, ...p }) => ({ ...p, milestoneId: p.milestoneId ?? null, paymentId: p.paymentId ?? null }));
  for (const c of chunks(txns)) await tx.insert(ledgerTransactions).values(c);
  const entries = money.postings.flatMap((p, i) =>
    p.entries.map((e, j) => ({ transactionId: p.id, accountId: ids[entrySlots[i]![j]!]!, amountMinor: e.amountMinor, currency, createdAt: p.createdAt })),
  );
  for (const c of chunks(entries)) await tx.insert(ledgerEntries).values(c);
}

export async function seedDemoData(db: Db, storage: PhotoStorage, opts: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = performance.now();
  if (await hasUsers(db)) {
    opts.log('Demo data: skipped (the database already has users).');
    return { seeded: false, counts: {}, offlineFunding: [] };
  }
  const now = opts.now ?? new Date();
  const rng = new Rng(opts.random ?? mulberry32(DEMO_SEED));

  // 1. Plan everything in memory (pure, deterministic).
  const { contractors, clients } = planPeople(rng, now, DEMO_SIZE.clients);
  const activity = planActivity(rng, now, contractors, clients, DEMO_SIZE);
  const money = planMoney(rng, now, activity, { feePercent: opts.feePercent ?? 10 });
  // Medellín and Ciudad de México (decision 066): added after the draws, which stay as they were.
  const abroad = planAbroad(now);
  contractors.push(...abroad.contractors);
  clients.push(...abroad.clients);
  activity.projects.push(...abroad.projects);

  // 2. Draw the photos (before the transaction, so it stays short).
  // The people abroad's avatars have fixed ids: the demo's draws stay as they were (decision 066).
  const avatarOwners = [...contractors, ...clients].filter((p) => p.look !== null && !isAbroad(p.id));
  const photoJobs = [
    ...avatarOwners.map((p) => ({ id: rng.uuid(), ownerId: p.id, kind: 'avatar' as const, createdAt: p.createdAt, draw: (w: number) => avatarSvg(p.look!, w), aspect: 1 })),
    ...activity.covers.map((c) => ({
      id: rng.uuid(),
      ownerId: c.ownerId,
      kind: 'project' as const,
      createdAt: c.createdAt,
      draw: (w: number, h: number) => sceneSvg(c.scene, c.variant, w, h),
      aspect: 1.5,
      projectId: c.projectId,
    })),
    ...[...contractors, ...clients]
      .filter((p) => p.look !== null && isAbroad(p.id))
      .map((p) => ({ id: abroadAvatarId(p.id), ownerId: p.id, kind: 'avatar' as const, createdAt: p.createdAt, draw: (w: number) => avatarSvg(p.look!, w), aspect: 1 })),
  ];
  const photoPlans: PhotoPlan[] = await mapLimit(photoJobs, 4, async (job) => {
    const rendered = await renderPhoto(job.draw, job.aspect);
    return {
      rendered,
      row: {
        id: job.id,
        ownerId: job.ownerId,
        kind: job.kind,
        storageKey: photoBaseKey(job.id),
        mime: 'image/jpeg',
        width: rendered.md.width,
        height: rendered.md.height,
        bytes: rendered.md.data.length,
        createdAt: job.createdAt,
      },
    };
  });
  const coverByProject = new Map(photoJobs.flatMap((j) => ('projectId' in j ? [[j.projectId, j.id] as const] : [])));
  for (const p of activity.projects) p.coverPhotoId = coverByProject.get(p.id) ?? null;
  const rendered = performance.now();

  // 3. Write it all in one transaction; the advisory lock makes a second instance that
  // starts at the same moment wait, then find the users and skip.
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('arreglaya:seed-demo'))`);
    if (await hasUsers(tx)) return false;
    const people = [...contractors, ...clients];
    for (const c of chunks(people.map((p) => p.user))) await tx.insert(users).values(c);
    const sealedProfiles = contractors.map(({ profile: { cedula, ...profile } }) => ({
      ...profile,
      cedulaEnc: cedula ? opts.seal(cedula) : null,
      cedulaIndex: cedula && opts.index ? opts.index(cedula) : null,
    }));
    for (const c of chunks(sealedProfiles)) await tx.insert(contractorProfiles).values(c);
    for (const c of chunks(clients.map((p) => p.profile))) await tx.insert(clientProfiles).values(c);
    for (const c of chunks(people.map((p) => p.prefs))) await tx.insert(notificationPreferences).values(c);
    for (const c of chunks(photoPlans.map((p) => p.row))) await tx.insert(photos).values(c);
    await tx.execute(sql`UPDATE users u SET avatar_photo_id = p.id FROM photos p WHERE p.owner_id = u.id AND p.kind = 'avatar'`);

    for (const c of chunks(activity.projects)) await tx.insert(projects).values(c);
    const links = [...coverByProject].map(([projectId, photoId]) => ({ projectId, photoId, position: 0 }));
    if (links.length > 0) await tx.insert(projectPhotos).values(links);
    for (const c of chunks(activity.quotes)) await tx.insert(quotes).values(c);
    await tx.execute(sql`UPDATE projects p SET accepted_quote_id = q.id FROM quotes q WHERE q.project_id = p.id AND q.status = 'accepted'`);
    await writeMoney(tx, money, 'DOP');
    for (const c of chunks(activity.reviews)) await tx.insert(reviews).values(c);
    for (const c of chunks(activity.favourites)) await tx.insert(favourites).values(c);
    // The counters come from the rows just written, through the same function review
    // moderation and project approval use (decision 026): never written as numbers.
    await refreshContractorAggregates(tx);
    await refreshFavouriteCounts(tx);
    // The trust data the cards show (decision 043), from the same rows.
    await refreshContractorTrust(tx);

    // The files go last, still inside the transaction: if storage fails, no rows remain.
    const puts = photoPlans.flatMap((p) => PHOTO_SIZE_NAMES.map((size) => ({ key: photoKey(p.row.id, size), data: p.rendered[size].data })));
    await mapLimit(puts, 8, (put) => storage.put(put.key, put.data, 'image/jpeg'));
    return true;
  });
  if (!seeded) {
    opts.log('Demo data: skipped (another instance loaded it first).');
    return { seeded: false, counts: {}, offlineFunding: [] };
  }

  const byStatus = (s: string) => activity.projects.filter((p) => p.status === s).length;
  const counts: Record<string, number> = {
    contractors: contractors.length,
    clients: clients.length,
    projects: activity.projects.length,
    openProjects: byStatus('created'),
    completedProjects: byStatus('completado'),
    assignedProjects: byStatus('assigned'),
    inProgressProjects: byStatus('in_progress'),
    quotes: activity.quotes.length,
    payments: money.payments.length,
    reviews: activity.reviews.length,
    approvedReviews: activity.reviews.filter((r) => r.status === 'approved').length,
    pendingReviews: activity.reviews.filter((r) => r.status === 'pending').length,
    favourites: activity.favourites.length,
    photos: photoPlans.length,
  };
  const ms = (t: number) => `${((t - started) / 1000).toFixed(1)} s`;
  opts.log(
    `Demo data loaded in ${ms(performance.now())} (photos drawn in ${ms(rendered)}): ${counts.contractors} contractors, ${counts.clients} clients, ` +
      `${counts.projects} projects (${counts.openProjects} open, ${counts.completedProjects} completed, ${counts.assignedProjects} assigned, ${counts.inProgressProjects} in progress), ` +
      `${counts.quotes} quotes, ${counts.reviews} reviews (${counts.approvedReviews} approved, ${counts.pendingReviews} pending), ${counts.favourites} favourites, ${counts.photos} photos, ${counts.payments} payments.`,
  );
  return { seeded: true, counts, offlineFunding: activity.offlineFunding };
}

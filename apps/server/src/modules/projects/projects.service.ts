import { publicSocialLinks } from '@arreglaya/shared/schemas/social-links';
import { projectMail as tm, projects as tp } from '@arreglaya/shared/i18n/projects';
import { CLAIM_AFTER_AUTO_APPROVAL_DAYS } from '@arreglaya/shared/guarantee';
import { clientNextAction, DELIVERY_REVIEW_DAYS, moneyToBeginHeld, projectAllows, STATUS_MOVES, type ProjectStatus, type StatusMove } from '@arreglaya/shared/lifecycles';
import {
  OpenProjectsPageSchema,
  PROJECT_PHOTOS_MAX,
  ProjectDetailSchema,
  type MyProject,
  type OpenProject,
  type OpenProjectsQuery,
  type ProjectData,
  type ProjectDetail,
} from '@arreglaya/shared/schemas/projects';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { refreshContractorAggregates } from '../../db/contractor-aggregates.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DataCipher } from '../../lib/data-encryption.ts';
import { PreparedJson } from '../../lib/prepared-json.ts';
import { readProjectNotices } from '../chat/notice-centre.service.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PhotoStorage } from '../media/photo-storage.ts';
import { projectPhotoAccess } from '../media/photo-access.ts';
import {
  DEFAULT_PLATFORM_FEE_PERCENT,
  onceForKey,
  projectMoney,
  projectPeople,
  projectPeopleAndEscrow,
  refundHeld,
  releaseHeld,
  settleClaim,
} from '../payments/payments.service.ts';
import type { ClaimDecision } from '@arreglaya/shared/schemas/payments';
import { removeFiles, storeUpload } from '../media/photo-files.ts';
import type { ServiceType } from '@arreglaya/shared/domain';
import { openProjectsCacheOf, openProjectsChanged } from './open-projects-cache.ts';
import { assertMoneyAllows, assertProjectAction, assertQuoteAction, lockForAction, moveProject, type Actor } from './project-lifecycle.ts';
import { notify, projectUrl } from './project-notify.ts';
import {
  countConversations,
  countQuotes,
  deleteProject,
  deleteProjectPhoto,
  findContact,
  findContractorServices,
  findConversationId,
  findProject,
  findProjectPage,
  countOpenProjects,
  hasQuoteBy,
  insertProject,
  insertProjectPhoto,
  listClientProjects,
  listContractorJobs,
  listOpenProjects,
  listPhotos,
  lockAutoApprovedBefore,
  lockProject,
  lockHiresAssignedBefore,
  updateProject,
  writePhotoOrder,
  type ProjectRow,
  type SealedAddress,
} from './projects.repository.ts';
import { findContractorCard, lockQuote, updateQuote } from './quotes.repository.ts';
import { hireHoursOf, rejectOpenQuotesOf } from './quotes.service.ts';
import { lockProjectsOfClient } from './leaving-client.ts';
import { assertClaimWindow, closeClaims, openClaim } from '../claims/claims.service.ts';
import { stampAutoApprovals } from './auto-approval.ts';
import { hireHasMoney, stepBack } from './show-up.service.ts';

export interface ProjectsDeps {
  db: Db;
  /** Seals and opens the job's address (decision 010's key; decision 049). */
  cipher: DataCipher;
  mailer: Mailer;
  appUrl: string;
  storage: PhotoStorage;
  log: { warn(obj: object, msg: string): void };
  /** Payment protection (decision 021): the platform fee, and a nudge to send decided refunds to the processor. */
  money?: MoneyHooks;
  /** After a project is published: sends its project-alerts job (decision 036); the request does not wait for the fan-out. */
  alertNewProject?(projectId: string): Promise<void>;
  /** The server's clock for the guarantee's windows (decision 054) and the show-up rules (decision 057); tests move it. */
  clock?: () => Date;
}

export interface MoneyHooks {
  feePercent: number;
  kickRefunds(): void;
  /** HIRE_PAYMENT_HOURS: how long a hire waits for its first funding before it lapses. */
  hireHours?: number;
}

const feeOf = (money: MoneyHooks | undefined) => money?.feePercent ?? DEFAULT_PLATFORM_FEE_PERCENT;

const iso = (d: Date) => d.toISOString();

function tile(row: Omit<OpenProject, 'createdAt' | 'updatedAt' | 'clientFirstName'> & { createdAt: Date; updatedAt: Date }) {
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

async function log(db: DbOrTx, actor: Actor, action: string, projectId: string, details: Record<string, unknown> = {}) {
  await recordLogEntry(db, { userId: actor.id, sessionId: actor.sessionId ?? null, action, location: `/proyectos/${projectId}`, details: { projectId, ...details } });
}

// ---- The client's own projects ----

/** The job's address sealed for storage (decision 049): it is personal data like a cédula (decision 010). */
function sealAddress(cipher: DataCipher, data: ProjectData): SealedAddress {
  return { streetEnc: cipher.seal(data.street), referenceEnc: data.reference ? cipher.seal(data.reference) : null };
}

function openAddress(cipher: DataCipher, p: { streetEnc: Buffer | null; referenceEnc: Buffer | null }): ProjectDetail['address'] {
  if (!p.streetEnc) return null;
  return { street: cipher.open(p.streetEnc), reference: p.referenceEnc ? cipher.open(p.referenceEnc) : null };
}

/** A new project in the caller's transaction (an invitation's job, decision 064); the caller tells the open list after the commit. */
export async function createProjectIn(tx: Tx, deps: Pick<ProjectsDeps, 'cipher'>, actor: Actor, data: ProjectData): Promise<string> {
  const projectId = await insertProject(tx, actor.id, data, sealAddress(deps.cipher, data));
  await log(tx, actor, 'project-created', projectId);
  return projectId;
}

export async function createProject(deps: ProjectsDeps, actor: Actor, data: ProjectData): Promise<ProjectDetail> {
  const id = await deps.db.transaction((tx) => createProjectIn(tx, deps, actor, data));
  openProjectsChanged(deps.db, [id]);
  // One job, after the commit; a lost send leaves the project to the daily digest (decision 036).
  await deps.alertNewProject?.(id).catch((err: unknown) => deps.log.warn({ err, projectId: id }, 'project alerts not sent (the digest will carry the project)'));
  return getProject(deps, actor, id);
}

export async function editProject(deps: ProjectsDeps, actor: Actor, projectId: string, data: ProjectData): Promise<ProjectDetail> {
  await deps.db.transaction(async (tx) => {
    await lockForAction(tx, projectId, 'edit', actor);
    await updateProject(tx, projectId, data, sealAddress(deps.cipher, data));
    await log(tx, actor, 'project-updated', projectId);
  });
  openProjectsChanged(deps.db, [projectId]);
  return getProject(deps, actor, projectId);
}

/**
 * Mis proyectos' delete: a project nobody has answered (no quote, no conversation) is deleted
 * with its photos; once it has offers it is cancelled instead, so the contractors' quotes and
 * messages keep their project. Only an open project.
 */
export async function removeProject(deps: ProjectsDeps, actor: Actor, projectId: string): Promise<'deleted' | 'cancelled'> {
  const result = await deps.db.transaction(async (tx) => {
    const project = await lockForAction(tx, projectId, 'cancel', actor);
    if ((await countQuotes(tx, projectId)) === 0 && (await countConversations(tx, projectId)) === 0) {
      await log(tx, actor, 'project-deleted', projectId);
      return { outcome: 'deleted' as const, keys: await deleteProject(tx, projectId) };
    }
    await cancelLocked(tx, deps, actor, project);
    return { outcome: 'cancelled' as const, keys: [] };
  });
  openProjectsChanged(deps.db, [projectId]);
  for (const key of result.keys) await removeFiles(deps, key);
  deps.mailer.kick();
  return result.outcome;
}

/** An open project cancelled: its open offers are closed as rejected (their contractors are told). */
async function cancelLocked(tx: Tx, deps: ProjectsDeps, actor: Actor, project: ProjectRow): Promise<void> {
  await moveProject(tx, project, 'cancel');
  await rejectOpenQuotesOf(tx, deps, project);
  await log(tx, actor, 'project-cancelled', project.id);
}

/**
 * Cancels an open, unhired project in the caller's transaction, as Mis proyectos' cancel does (an
 * invitation cancelled by its client, decision 071); the caller tells the open list and kicks the
 * mailer after the commit. 403/409 as the project's own cancel.
 */
export async function cancelOpenProjectIn(tx: Tx, deps: ProjectsDeps, actor: Actor, projectId: string): Promise<void> {
  const project = await lockForAction(tx, projectId, 'cancel', actor);
  await cancelLocked(tx, deps, actor, project);
}

export async function listMyProjects(deps: ProjectsDeps, clientId: string, status: ProjectStatus | undefined): Promise<MyProject[]> {
  const rows = await listClientProjects(deps.db, clientId, status);
  return rows.map((r) => ({ ...tile(r), nextAction: clientNextAction(r.status, r.offers) }));
}

// ---- Photos (decision 012: decoded, re-encoded, no metadata; the first is the main one) ----

/**
 * Adds a photo: to the request by its client while it is open (the first is the main one), or
 * with `delivery` a photo of the finished work by the hired contractor while it is in progress.
 */
export async function addPhoto(deps: ProjectsDeps, actor: Actor, projectId: string, upload: Buffer, delivery = false) {
  const action = delivery ? 'add_delivery_photo' : 'edit';
  // Check before the costly decode; checked again under the lock.
  const before = await findProject(deps.db, projectId);
  if (!before) throw new AppError('NOT_FOUND', tp.notFound);
  assertProjectAction(before, action, actor);
  const photos = await storeUpload(deps, actor.id, upload, async (tx, photo) => {
    await lockForAction(tx, projectId, action, actor);
    const current = await listPhotos(tx, projectId, delivery);
    if (current.length >= PROJECT_PHOTOS_MAX) {
      const message = tp.tooManyPhotos(PROJECT_PHOTOS_MAX);
      throw new AppError('CONFLICT', message, { photo: message });
    }
    const position = current.length === 0 ? 0 : Math.max(...current.map((p) => p.position)) + 1;
    await insertProjectPhoto(tx, photo, projectId, position, delivery);
    const ids = [...current.map((p) => p.id), photo.id];
    if (!delivery) await writePhotoOrder(tx, projectId, ids);
    return ids.map((id, i) => ({ id, position: i }));
  });
  openProjectsChanged(deps.db, [projectId]);
  return photos;
}

export async function removePhoto(deps: ProjectsDeps, actor: Actor, projectId: string, photoId: string) {
  const { key, photos } = await deps.db.transaction(async (tx) => {
    await lockForAction(tx, projectId, 'edit', actor);
    const removed = await deleteProjectPhoto(tx, projectId, photoId);
    if (!removed) throw new AppError('NOT_FOUND');
    const ids = (await listPhotos(tx, projectId)).map((p) => p.id);
    await writePhotoOrder(tx, projectId, ids);
    return { key: removed, photos: ids.map((id, i) => ({ id, position: i })) };
  });
  openProjectsChanged(deps.db, [projectId]);
  await removeFiles(deps, key);
  return photos;
}

/** A new order for exactly the project's photos; the first becomes the main one. */
export async function reorderPhotos(deps: ProjectsDeps, actor: Actor, projectId: string, photoIds: string[]) {
  const photos = await deps.db.transaction(async (tx) => {
    await lockForAction(tx, projectId, 'edit', actor);
    const current = new Set((await listPhotos(tx, projectId)).map((p) => p.id));
    if (photoIds.length !== current.size || new Set(photoIds).size !== photoIds.length || !photoIds.every((id) => current.has(id))) {
      throw new AppError('VALIDATION', tp.photoOrderMismatch, { photoIds: tp.photoOrderMismatch });
    }
    await writePhotoOrder(tx, projectId, photoIds);
    return photoIds.map((id, i) => ({ id, position: i }));
  });
  openProjectsChanged(deps.db, [projectId]);
  return photos;
}

// ---- Reading ----

/**
 * The project page. An open project is readable by anyone signed in; afterwards only by its
 * client, its hired contractor, contractors who quoted on it (not once it is cancelled) and
 * sysadmins. Contact data follows the money (issue 29): the client's full name and contact go to
 * the hired contractor, and the contractor's to the client, only once the money to begin is held;
 * until then they talk in the chat.
 */
export async function projectPageJson(deps: ProjectsDeps, viewer: Actor, projectId: string): Promise<PreparedJson> {
  // An open project's page reads the same for every signed-in person but its client and
  // sysadmins (no contact data, no money, no hired parties): kept per project while changes are heard.
  const cache = openProjectsCacheOf(deps.db);
  const kept = cache.page(projectId);
  const outsider = (clientId: string) => clientId !== viewer.id && viewer.role !== 'sysadmin';
  if (kept && outsider(kept.clientId)) return kept.json;
  const mark = cache.mark;
  const { detail, clientId } = await readProject(deps, viewer, projectId);
  const json = new PreparedJson(JSON.stringify(ProjectDetailSchema.encode(detail)));
  if (detail.status === 'created' && outsider(clientId)) cache.keepPage(projectId, mark, { json, clientId });
  return json;
}

/**
 * The project page as its viewer opens it: the page, and with `markNotices` (the web asks it while
 * the person has unread notices) their notices about the project marked read (the notification
 * centre, decision 031). The two run side by side, so the mark adds no wait; without it the page
 * costs what it did (an open project's page for a contractor comes from memory). A notice is its
 * recipient's own, so a page the viewer may not read changes nothing of anyone else's.
 */
export async function openProjectPage(deps: ProjectsDeps, viewer: Actor, projectId: string, markNotices: boolean): Promise<PreparedJson> {
  if (!markNotices) return projectPageJson(deps, viewer, projectId);
  const [json] = await Promise.all([projectPageJson(deps, viewer, projectId), readProjectNotices(deps, viewer.id, projectId)]);
  return json;
}

export async function getProject(deps: ProjectsDeps, viewer: Actor, projectId: string): Promise<ProjectDetail> {
  return (await readProject(deps, viewer, projectId)).detail;
}

async function readProject(deps: ProjectsDeps, viewer: Actor, projectId: string): Promise<{ detail: ProjectDetail; clientId: string }> {
  const page = await findProjectPage(deps.db, projectId);
  if (!page) throw new AppError('NOT_FOUND', tp.notFound);
  const { project: p, photos, offers, client, clientSocial } = page;
  const isClient = p.clientId === viewer.id;
  const isHiredContractor = p.contractorId !== null && p.contractorId === viewer.id;
  // A contractor who only offered keeps seeing the project while it goes on, not once it is cancelled (issue 29).
  const mayRead =
    p.status === 'created' ||
    isClient ||
    isHiredContractor ||
    viewer.role === 'sysadmin' ||
    (viewer.role === 'contractor' && p.status !== 'cancelled' && (await hasQuoteBy(deps.db, p.id, viewer.id)));
  if (!mayRead) throw new AppError('NOT_FOUND', tp.notFound);
  const hired = p.contractorId !== null && (isClient || isHiredContractor);
  const seesMoney = isClient || isHiredContractor || viewer.role === 'sysadmin';
  const [deliveryPhotos, card, contractorContact, conversationId, money] = await Promise.all([
    hired ? listPhotos(deps.db, p.id, true) : [],
    hired ? findContractorCard(deps.db, p.contractorId!) : null,
    hired ? findContact(deps.db, p.contractorId!) : undefined,
    hired ? findConversationId(deps.db, { clientId: p.clientId, contractorId: p.contractorId!, projectId: p.id }) : null,
    seesMoney ? projectMoney(deps.db, p.id, hireHoursOf(deps.money), feeOf(deps.money)) : null,
  ]);
  // Contact details are exchanged once the money to begin is held (or was, for work already paid).
  const contactShared = hired && moneyToBeginHeld(money);
  // Its photos, to those the photo route serves them to (a contractor who only quoted gets none once it is hired).
  const seesPhotos = projectPhotoAccess({ ...p, delivery: false }, viewer) !== null;
  const contact = (c: { name: string; email: string; phone: string | null } | undefined) => (c ? { name: c.name, email: c.email, phone: c.phone } : null);
  const detail: ProjectDetail = {
    id: p.id,
    title: p.title,
    description: p.description,
    services: p.serviceTypes,
    propertyType: p.propertyType,
    intention: p.intention,
    startDate: p.startDate,
    country: p.country,
    city: p.city,
    zone: p.zone,
    sector: p.sector,
    status: p.status,
    coverPhotoId: seesPhotos ? p.coverPhotoId : null,
    createdAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    photos: seesPhotos ? photos : [],
    deliveryPhotos,
    offers,
    clientFirstName: client?.firstName ?? '',
    clientContact: isClient || (contactShared && isHiredContractor) ? contact(client) : null,
    // Her Facebook, Instagram and LinkedIn go with her contact details, to the same people (decision 058).
    clientSocial: isClient || (contactShared && isHiredContractor) ? publicSocialLinks(clientSocial) : null,
    // The job's address goes with the client's contact: to her, and to the hired contractor once paid (decision 049).
    address: isClient || (contactShared && isHiredContractor) ? openAddress(deps.cipher, p) : null,
    contractor: card,
    contractorContact: isHiredContractor || contactShared ? contact(contractorContact) : null,
    conversationId,
    deliveryNote: isClient || isHiredContractor ? p.deliveryNote : null,
    viewer: { isClient, isHiredContractor },
    money,
    feePercent: feeOf(deps.money),
  };
  return { detail, clientId: p.clientId };
}

/**
 * /projectlist: open projects only, the contractor's own services unless others are asked for.
 * The answer ready to send: kept per query while changes are heard
 * (open-projects-cache.ts), else read now. The same text as `listOpen`'s object sent through the
 * route's response schema.
 */
export async function listOpenJson(deps: ProjectsDeps, viewer: Actor, query: OpenProjectsQuery): Promise<PreparedJson> {
  const services = query.service ?? (query.allServices === '1' ? [] : await findContractorServices(deps.db, viewer.id));
  const key = JSON.stringify([
    [...services].sort(),
    services,
    query.q ?? '',
    query.country ?? '',
    query.city ?? '',
    query.zone ?? '',
    query.from ?? '',
    query.to ?? '',
    query.sort,
    query.page,
    query.pageSize,
  ]);
  return openProjectsCacheOf(deps.db).list(key, async () => new PreparedJson(JSON.stringify(OpenProjectsPageSchema.encode(await readOpenPage(deps, query, services)))));
}

async function readOpenPage(deps: ProjectsDeps, query: OpenProjectsQuery, services: ServiceType[]) {
  const filter = JSON.stringify([[...services].sort(), query.q ?? '', query.country ?? '', query.city ?? '', query.zone ?? '', query.from ?? '', query.to ?? '']);
  const [items, total] = await Promise.all([
    listOpenProjects(deps.db, query, services),
    openProjectsCacheOf(deps.db).count(filter, () => countOpenProjects(deps.db, query, services)),
  ]);
  return {
    items: items.map((r) => ({ ...tile(r), clientFirstName: r.clientFirstName })),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(total / query.pageSize),
    services,
  };
}

const JOB_STATUSES_ALL = ['assigned', 'in_progress', 'delivered', 'completado', 'disputed'] as const;

export async function listMyJobs(deps: ProjectsDeps, contractorId: string, status: (typeof JOB_STATUSES_ALL)[number] | undefined) {
  const rows = await listContractorJobs(deps.db, contractorId, status ? [status] : JOB_STATUSES_ALL);
  return rows.map((r) => ({ ...tile(r), clientFirstName: r.clientFirstName, agreedPriceMinor: r.agreedPriceMinor, currency: r.currency }));
}

// ---- After hiring: start, deliver, approve, claim ----

/**
 * The status moves after hiring, each one PROJECT_ACTIONS entry; the other side is told. With an
 * idempotency key (the money moves: approve, claim) a repeated request answers as the first did.
 */
export async function changeStatus(deps: ProjectsDeps, actor: Actor, projectId: string, to: StatusMove, note: string | undefined, key?: string): Promise<ProjectStatus> {
  const action = STATUS_MOVES[to];
  const status = await deps.db.transaction((tx) =>
    onceForKey(tx, actor.id, key, projectId, { op: 'status', to, note: note ?? null }, async () => {
      const now = deps.clock?.() ?? new Date();
      // The guarantee's window (decision 054): past it, a 409 naming when it closed.
      if (action === 'claim') assertClaimWindow(await lockProject(tx, projectId), actor, now);
      const project = await lockForAction(tx, projectId, action, actor);
      const extra = action === 'deliver' ? { deliveryNote: note ?? null } : action === 'claim' ? { claimReason: note ?? null } : {};
      if (action === 'claim' && !note) throw new AppError('VALIDATION', undefined, { note: tp.claimReasonRequired });
      const moved = await moveProject(tx, project, action, extra);
      if (action === 'claim') await openClaim(tx, project, actor.id, note!, now);
      // The directory's 'proyectos completados' counts approved work, recomputed from the projects (decision 026).
      if (moved === 'completado') await refreshContractorAggregates(tx, [project.contractorId!]);
      // Both people and the title in one read, for the receipt and the notice (with what is held, for an approval).
      const approved = moved === 'completado' ? await projectPeopleAndEscrow(tx, projectId) : undefined;
      const people = moved === 'completado' ? approved : await projectPeople(tx, projectId);
      // Approval releases what is held to the contractor, less the platform fee, in this same transaction.
      if (moved === 'completado') {
        const receiptTo = people?.contractor ? { ...people.contractor, title: people.title } : undefined;
        await releaseHeld(tx, project, { feePercent: feeOf(deps.money), by: actor.id, mail: deps, receiptTo, escrows: approved?.escrows });
      }
      await tellOtherSide(tx, deps, project, action, note, people);
      await log(tx, actor, `project-${moved}`, projectId, { from: project.status, to: moved });
      return moved;
    }),
  );
  deps.mailer.kick();
  return status;
}

/** `people`: the project's client and contractor as projectPeople read them (each one's contact and mail preference). */
async function tellOtherSide(tx: Tx, deps: ProjectsDeps, p: ProjectRow, action: string, note: string | undefined, people: Awaited<ReturnType<typeof projectPeople>>) {
  const contractorId = p.contractorId!;
  const pair = { clientId: p.clientId, contractorId, projectId: p.id };
  const contractor = people?.contractor ?? undefined;
  const client = people?.client;
  const contractorName = contractor?.name ?? '';
  const open = [{ label: tm.open, url: projectUrl(deps.appUrl, p.id) }];
  if (action === 'start') {
    const m = tm.projectStarted;
    await notify(tx, deps, {
      kind: 'projectStarted',
      to: p.clientId,
      known: client,
      pair,
      subject: m.subject,
      title: m.title,
      paragraphs: [m.intro(p.title, contractorName)],
      actions: open,
    });
  } else if (action === 'deliver') {
    const m = tm.projectDelivered;
    const paragraphs = [m.intro(p.title, contractorName), ...(note ? [m.note(note)] : [])];
    const actions = [{ label: m.approve, url: projectUrl(deps.appUrl, p.id) }];
    await notify(tx, deps, {
      kind: 'projectDelivered',
      to: p.clientId,
      known: client,
      pair,
      subject: m.subject,
      title: m.title,
      paragraphs,
      actions,
      facts: { project: p.title, contractor: contractorName },
    });
  } else if (action === 'approve') {
    const m = tm.projectApproved;
    await notify(tx, deps, {
      kind: 'projectApproved',
      to: contractorId,
      known: contractor,
      pair,
      subject: m.subject,
      title: m.title,
      paragraphs: [m.intro(p.title)],
      actions: open,
      facts: { project: p.title },
    });
  } else if (action === 'claim') {
    const m = tm.projectDisputed;
    await notify(tx, deps, {
      kind: 'projectDisputed',
      to: contractorId,
      known: contractor,
      pair,
      subject: m.subject,
      title: m.title,
      paragraphs: [m.intro(p.title), m.reason(note ?? '')],
      actions: open,
    });
  }
}

/**
 * Delivered work nobody approved or claimed within DELIVERY_REVIEW_DAYS is approved by the system
 * (DOMAIN.md) in two steps (decision 054): first it is marked approved automatically and both are
 * told, the money still held; CLAIM_AFTER_AUTO_APPROVAL_DAYS later, unless the client claimed,
 * it is completed as the client's approval would: completado, the money released, the count, both told.
 */
export async function autoApproveDelivered(deps: Pick<ProjectsDeps, 'db' | 'mailer' | 'appUrl' | 'money'>, now = new Date(), batch = 100): Promise<number> {
  const approved = await deps.db.transaction(async (tx) => {
    let count = await stampAutoApprovals(tx, deps, now, batch);
    const due = await lockAutoApprovedBefore(tx, new Date(now.getTime() - CLAIM_AFTER_AUTO_APPROVAL_DAYS * 86_400_000), batch);
    for (const p of due) {
      if (!projectAllows('auto_approve', p.status)) continue;
      // Approval releases the whole agreed price: work stored before that rule, short of money, waits for a sysadmin (ledger:check names it).
      if (!(await moneyAllows(tx, p, 'auto_approve'))) continue;
      await moveProject(tx, p, 'auto_approve');
      await refreshContractorAggregates(tx, [p.contractorId!]);
      await releaseHeld(tx, p, { feePercent: feeOf(deps.money), by: null, mail: deps, now });
      const m = tm.projectApproved;
      const pair = { clientId: p.clientId, contractorId: p.contractorId!, projectId: p.id };
      const paragraphs = [m.automatically(p.title, DELIVERY_REVIEW_DAYS)];
      const actions = [{ label: tm.open, url: projectUrl(deps.appUrl, p.id) }];
      for (const to of [p.contractorId!, p.clientId])
        await notify(tx, deps, { kind: 'projectApproved', to, pair, subject: m.subject, title: m.title, paragraphs, actions, facts: { project: p.title } });
      await recordLogEntry(tx, {
        userId: null,
        action: 'project-completado',
        location: `/proyectos/${p.id}`,
        details: { projectId: p.id, from: 'delivered', to: 'completado', by: 'system' },
      });
      count++;
    }
    return count;
  });
  if (approved > 0) deps.mailer.kick();
  return approved;
}

// ---- Before funding: a hire ends (issue 29) ----

/** Whether the money allows the move (the same check as lockForAction's, answered instead of thrown). */
async function moneyAllows(tx: Tx, p: ProjectRow, action: 'auto_approve' | 'lapse_hire'): Promise<boolean> {
  try {
    await assertMoneyAllows(tx, p, action);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'CONFLICT') return false;
    throw err;
  }
}

type HireEnd = 'cancel_hire' | 'withdraw_hire' | 'lapse_hire';

/**
 * Ends a hire nothing was paid for, on a project locked and checked by the caller: the accepted
 * offer is withdrawn (the other offers stay rejected), the project reopens to offers with nobody
 * hired, both people are told (the one who ended it is not told what they did), and it is logged.
 */
async function endHireIn(
  tx: Tx,
  deps: Pick<ProjectsDeps, 'appUrl' | 'mailer' | 'money'>,
  p: ProjectRow,
  action: HireEnd | 'client_left',
  actor: Actor | null,
  reason: string | null,
): Promise<void> {
  const quoteId = p.acceptedQuoteId;
  if (quoteId) {
    const quote = (await lockQuote(tx, quoteId))!;
    assertQuoteAction(quote, 'unhire');
    await updateQuote(tx, quoteId, { status: 'withdrawn', closedAt: new Date() });
  }
  const contractorId = p.contractorId!;
  // A banned client's hire ends as a lapse does (the same move), told as the project closing.
  await moveProject(tx, p, action === 'client_left' ? 'lapse_hire' : action);
  const m = tm.hireEnded;
  const pair = { clientId: p.clientId, contractorId, projectId: p.id };
  const actions = [{ label: tm.open, url: projectUrl(deps.appUrl, p.id) }];
  const why = reason ? [m.reason(reason)] : [];
  const hours = hireHoursOf(deps.money);
  if (action === 'cancel_hire') {
    await notify(tx, deps, { kind: 'hireEnded', to: contractorId, pair, quoteId, subject: m.subject, title: m.title, paragraphs: [m.byClient(p.title), ...why], actions });
  } else if (action === 'withdraw_hire') {
    const name = (await findContact(tx, contractorId))?.name ?? '';
    await notify(tx, deps, { kind: 'hireEnded', to: p.clientId, pair, quoteId, subject: m.subject, title: m.title, paragraphs: [m.byContractor(p.title, name), ...why], actions });
  } else if (action === 'client_left') {
    const c = tm.projectClosed;
    await notify(tx, deps, {
      kind: 'projectClosed',
      to: contractorId,
      pair,
      quoteId,
      subject: c.subject,
      title: c.title,
      paragraphs: [c.hireEnded(p.title)],
      actions: [{ label: c.seeOpen, url: `${deps.appUrl}/projectlist` }],
    });
  } else {
    await notify(tx, deps, { kind: 'hireEnded', to: contractorId, pair, quoteId, subject: m.subject, title: m.title, paragraphs: [m.lapsedContractor(p.title, hours)], actions });
    await notify(tx, deps, { kind: 'hireEnded', to: p.clientId, pair, quoteId, subject: m.subject, title: m.title, paragraphs: [m.lapsedClient(p.title, hours)], actions });
  }
  await recordLogEntry(tx, {
    userId: actor?.id ?? null,
    sessionId: actor?.sessionId ?? null,
    action: `project-${action.replace('_', '-')}`,
    location: `/proyectos/${p.id}`,
    details: { projectId: p.id, quoteId, contractorId, from: 'assigned', to: 'created', by: actor ? actor.role : 'system' },
  });
}

/**
 * POST /api/projects/:id/end-hire: before anything is funded, the client calls the hire off or
 * the hired contractor steps back, with a reason; the project reopens to offers. Refused (409)
 * once money is held or a payment is under way (lockForAction's money check).
 */
export async function endHire(deps: ProjectsDeps, actor: Actor, projectId: string, reason: string): Promise<'created' | 'cancelled'> {
  // A contractor stepping back from a hire with money held: cancelled with a full refund (decision 057).
  if (actor.role === 'contractor' && (await hireHasMoney(deps.db, projectId))) return stepBack(deps, actor, projectId, reason);
  const action = actor.role === 'client' ? 'cancel_hire' : 'withdraw_hire';
  await deps.db.transaction(async (tx) => {
    const project = await lockForAction(tx, projectId, action, actor);
    await endHireIn(tx, deps, project, action, actor, reason);
  });
  openProjectsChanged(deps.db, [projectId]);
  deps.mailer.kick();
  return 'created';
}

/**
 * A client who is banned hires nobody (issue 29, rule 5): each of their hires nothing was paid for
 * ends in the ban's transaction (the contractor told the project is no longer available, never
 * why), the project back to open for the ban to close with the others. A hire with money held
 * stays for a sysadmin to settle (cancel with a refund, decision 021). Returns the projects reopened.
 */
export async function endUnpaidHiresOfClient(tx: Tx, deps: Pick<ProjectsDeps, 'appUrl' | 'mailer' | 'money'>, clientId: string, actor: Actor): Promise<string[]> {
  const ended: string[] = [];
  for (const p of await lockProjectsOfClient(tx, clientId, ['assigned'])) {
    if (!(await moneyAllows(tx, p, 'lapse_hire'))) continue;
    await endHireIn(tx, deps, p, 'client_left', actor, null);
    ended.push(p.id);
  }
  return ended;
}

/**
 * Hires not funded within HIRE_PAYMENT_HOURS lapse (the minute sweep): each project is taken under
 * its row lock (others' skipped) and only while still assigned with nothing funded and no payment
 * under way, so a hire lapses once however many instances sweep, and a restart repeats nothing.
 * Returns how many lapsed.
 */
export async function lapseUnpaidHires(deps: Pick<ProjectsDeps, 'db' | 'mailer' | 'appUrl' | 'money'>, now = new Date(), batch = 100): Promise<number> {
  const lapsed = await deps.db.transaction(async (tx) => {
    const due = await lockHiresAssignedBefore(tx, new Date(now.getTime() - hireHoursOf(deps.money) * 3_600_000), batch);
    const ids: string[] = [];
    for (const p of due) {
      if (!projectAllows('lapse_hire', p.status) || !(await moneyAllows(tx, p, 'lapse_hire'))) continue;
      await endHireIn(tx, deps, p, 'lapse_hire', null, null);
      ids.push(p.id);
    }
    return ids;
  });
  if (lapsed.length === 0) return 0;
  openProjectsChanged(deps.db, lapsed);
  deps.mailer.kick();
  return lapsed.length;
}

// ---- A sysadmin's moves: claims decided, a hired project called off (money follows, decision 021) ----

/**
 * A sysadmin decides a claim: release (completado, everything held to the contractor less the fee),
 * refund (cancelled, everything back to the client's card) or split (completado, the contractor's
 * percent released and the rest refunded). Both sides are told.
 */
export async function decideClaim(deps: ProjectsDeps, actor: Actor, projectId: string, decision: ClaimDecision, key?: string) {
  const action = decision.outcome === 'refund' ? 'decide_refund' : 'decide_release';
  const result = await deps.db.transaction((tx) =>
    onceForKey(tx, actor.id, key, projectId, { op: 'decision', decision }, async () => {
      const project = await lockForAction(tx, projectId, action, actor);
      const moved = await moveProject(tx, project, action);
      await closeClaims(tx, projectId, deps.clock?.() ?? new Date());
      if (moved === 'completado') await refreshContractorAggregates(tx, [project.contractorId!]);
      const money = await settleClaim(tx, project, decision, { feePercent: feeOf(deps.money), by: actor.id, mail: deps });
      const m = tm.claimDecided;
      const paragraph =
        decision.outcome === 'release' ? m.release(project.title) : decision.outcome === 'refund' ? m.refund(project.title) : m.split(project.title, decision.contractorPercent!);
      const pair = { clientId: project.clientId, contractorId: project.contractorId!, projectId };
      const actions = [{ label: tm.open, url: projectUrl(deps.appUrl, projectId) }];
      // The decision settles their money: both are mailed whatever their notification settings, with the committee's reason.
      const paragraphs = decision.note ? [paragraph, m.reason(decision.note)] : [paragraph];
      for (const to of [project.clientId, project.contractorId!])
        await notify(tx, deps, { kind: 'claimDecided', to, pair, subject: m.subject, title: m.title, paragraphs, actions, alwaysMail: true, facts: { project: project.title } });
      await log(tx, actor, `project-claim-${decision.outcome}`, projectId, { from: project.status, to: moved, ...money, note: decision.note ?? null });
      return { status: moved, ...money };
    }),
  );
  deps.mailer.kick();
  if (result.refunded > 0) deps.money?.kickRefunds();
  return result;
}

/** A hired project called off before work starts (both sides agreed, through the team): cancelled, everything held refunded. */
export async function cancelHiredProject(deps: ProjectsDeps, actor: Actor, projectId: string) {
  const result = await deps.db.transaction(async (tx) => {
    const project = await lockForAction(tx, projectId, 'cancel_hired', actor);
    const moved = await moveProject(tx, project, 'cancel_hired');
    const refunded = await refundHeld(tx, project, { reason: 'cancel', by: actor.id });
    const m = tm.projectCancelled;
    const pair = { clientId: project.clientId, contractorId: project.contractorId!, projectId };
    const actions = [{ label: tm.open, url: projectUrl(deps.appUrl, projectId) }];
    for (const to of [project.clientId, project.contractorId!])
      await notify(tx, deps, { kind: 'projectCancelled', to, pair, subject: m.subject, title: m.title, paragraphs: [m.intro(project.title)], actions });
    await log(tx, actor, 'project-cancelled', projectId, { from: project.status, to: moved, refunded });
    return { status: moved, released: 0, refunded };
  });
  deps.mailer.kick();
  if (result.refunded > 0) deps.money?.kickRefunds();
  return result;
}

import { publicSocialLinks } from '@arreglaya/shared/schemas/social-links';
import { projects as tp } from '@arreglaya/shared/i18n/projects';
import { moneyToBeginHeld } from '@arreglaya/shared/lifecycles';
import { OpenProjectsPageSchema, ProjectDetailSchema, type OpenProjectsQuery, type ProjectDetail } from '@arreglaya/shared/schemas/projects';
import { AppError } from '../../lib/app-error.ts';
import type { DataCipher } from '../../lib/data-encryption.ts';
import { PreparedJson } from '../../lib/prepared-json.ts';
import { readProjectNotices } from '../chat/notice-centre.service.ts';
import { feeOf, iso, tile, type ProjectsDeps } from './project-deps.ts';
import { projectPhotoAccess } from '../media/photo-access.ts';
import { projectMoney } from '../payments/payments.service.ts';
import type { ServiceType } from '@arreglaya/shared/domain';
import { openProjectsCacheOf } from './open-projects-cache.ts';
import { type Actor } from './project-lifecycle.ts';
import { findContact, findConversationId, findProjectPage, hasQuoteBy, listPhotos } from './projects.repository.ts';
import { countOpenProjects, findContractorServices, listContractorJobs, listOpenProjects } from './project-lists.repository.ts';
import { findContractorCard } from './quotes.repository.ts';
import { hireHoursOf } from './quotes.service.ts';

// Reading projects: a project's page, the open list (/projectlist) and a contractor's jobs.

function openAddress(cipher: DataCipher, p: { streetEnc: Buffer | null; referenceEnc: Buffer | null }): ProjectDetail['address'] {
  if (!p.streetEnc) return null;
  return { street: cipher.open(p.streetEnc), reference: p.referenceEnc ? cipher.open(p.referenceEnc) : null };
}

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

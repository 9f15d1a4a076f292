import type { ServiceType } from '@arreglaya/shared/domain';
import { DEFAULT_HIRE_PAYMENT_HOURS, DELIVERY_REVIEW_DAYS } from '@arreglaya/shared/lifecycles';
import type { favourites, projects, quotes } from '../db/schema/index.ts';
import { PROJECT_TEMPLATES, type ProjectTemplate } from './data-projects.ts';
import { QUOTE_DETAILS, QUOTE_OPENERS } from './data-reviews.ts';
import type { DemoClient, DemoContractor } from './plan-people.ts';
import { between, daysAfter, daysBefore, HOUR, isoDateDR, minDate, type Rng } from './random.ts';
import { SCENE_FOR_SERVICE, type SceneKind } from './svg-scenes.ts';
import { reviewWriter, type ReviewRow } from './plan-reviews.ts';

// The demo's activity: projects in every state, their quotes, reviews and favourites.

type ProjectRow = typeof projects.$inferInsert & { id: string; createdAt: Date };
type QuoteRow = typeof quotes.$inferInsert;
type FavouriteRow = typeof favourites.$inferInsert;

export interface CoverPlan {
  projectId: string;
  ownerId: string;
  scene: SceneKind;
  variant: number;
  createdAt: Date;
}

export interface ActivityPlan {
  projects: ProjectRow[];
  quotes: QuoteRow[];
  reviews: ReviewRow[];
  favourites: FavouriteRow[];
  covers: CoverPlan[];
  /** Hires not paid yet (assigned, within HIRE_PAYMENT_HOURS): nothing funded (plan-money.ts funds every other hire). */
  awaitingPayment: string[];
  /**
   * Of those, the hires the running app funds once it starts (fund-offline-demo.ts): the first by
   * a cash voucher paid at the counter, the second by a transfer matched from the statement.
   */
  offlineFunding: string[];
}

export interface ActivityOptions {
  open: number;
  /** Completed projects beyond the one every established contractor gets. */
  extraCompleted: number;
  assigned: number;
  inProgress: number;
  /** Every `coverEvery`-th open project gets a cover photo. */
  coverEvery: number;
  /** Work delivered and waiting for the client's approval, work under a claim, requests cancelled. */
  delivered?: number;
  disputed?: number;
  cancelled?: number;
  /** Hires left unpaid for the running app to fund in cash and by transfer (planned last, so the rest of the demo draws as before). */
  offline?: number;
}

/** RD$ amount → centavos, rounded to a price a person would quote. */
function priceMinor(rd: number): number {
  const step = rd < 10_000 ? 50 : 500;
  return Math.max(1500, Math.round(rd / step) * step) * 100;
}

function quoteText(rng: Rng): string {
  return `${rng.pick(QUOTE_OPENERS)} ${rng.pick(QUOTE_DETAILS)}`;
}

function servicesOf(service: ServiceType, template: ProjectTemplate): ServiceType[] {
  return [...new Set([service, ...(template.also ?? [])])];
}

export function planActivity(rng: Rng, now: Date, contractors: DemoContractor[], clients: DemoClient[], opts: ActivityOptions): ActivityPlan {
  const plan: ActivityPlan = { projects: [], quotes: [], reviews: [], favourites: [], covers: [], awaitingPayment: [], offlineFunding: [] };
  const established = contractors.filter((c) => !c.isNew);
  const hires = new Map<string, Set<string>>(); // client id → contractors hired

  /** A client whose account existed at `at`, usually one from `cityKey` when given. */
  const pickClient = (at: Date, cityKey?: string): DemoClient => {
    const eligible = clients.filter((c) => c.createdAt.getTime() < at.getTime() - HOUR);
    if (eligible.length === 0) throw new Error('no demo client old enough');
    const local = eligible.filter((c) => c.cityKey === cityKey);
    return local.length > 0 && rng.chance(0.85) ? rng.pick(local) : rng.pick(eligible);
  };

  /** Up to `n` other contractors who offer one of `services` and had joined by `at`, locals first. */
  const competitors = (services: ServiceType[], cityKey: string, at: Date, exclude: Set<string>, n: number): DemoContractor[] => {
    const able = contractors.filter((c) => !exclude.has(c.id) && c.createdAt < at && c.services.some((s) => services.includes(s)));
    const local = rng.shuffle(able.filter((c) => c.cityKey === cityKey));
    const others = rng.shuffle(able.filter((c) => c.cityKey !== cityKey));
    const out: DemoContractor[] = [];
    while (out.length < n && (local.length > 0 || others.length > 0)) {
      const from = local.length > 0 && (others.length === 0 || rng.chance(0.75)) ? local : others;
      out.push(from.shift() as DemoContractor);
    }
    return out;
  };

  const addQuote = (projectId: string, contractorId: string, createdAt: Date, priceRd: number, fields: Partial<QuoteRow>): QuoteRow => {
    const q: QuoteRow = {
      id: rng.uuid(),
      projectId,
      contractorId,
      priceMinor: priceMinor(priceRd),
      currency: 'DOP',
      description: quoteText(rng),
      expiresAt: daysAfter(createdAt, 15),
      status: 'created',
      createdAt,
      updatedAt: createdAt,
      ...fields,
    };
    plan.quotes.push(q);
    return q;
  };

  /** A project that was assigned to `hired`: accepted quote, rejected competitors, dates. */
  const hiredProject = (
    hired: DemoContractor,
    status: 'completado' | 'in_progress' | 'assigned' | 'delivered' | 'disputed',
    createdAt: Date,
    timeline: { assignedAt: Date; startDate: Date; deliveredAt?: Date; completedAt?: Date; disputedAt?: Date },
  ): ProjectRow => {
    const service = rng.chance(0.7) ? hired.primary : rng.pick(hired.services);
    const template = rng.pick(PROJECT_TEMPLATES[service]);
    const client = pickClient(createdAt, hired.cityKey);
    const id = rng.uuid();
    const services = servicesOf(service, template);
    const project: ProjectRow = {
      id,
      clientId: client.id,
      contractorId: hired.id,
      title: template.title,
      description: template.description,
      propertyType: rng.pick(template.property),
      serviceTypes: services,
      status,
      intention: 'ready',
      startDate: isoDateDR(timeline.startDate),
      country: 'DO',
      city: hired.cityKey,
      zone: hired.zone,
      currency: 'DOP',
      assignedAt: timeline.assignedAt,
      startedAt: status === 'assigned' ? null : timeline.startDate,
      deliveredAt: timeline.deliveredAt ?? null,
      completedAt: timeline.completedAt ?? null,
      disputedAt: timeline.disputedAt ?? null,
      createdAt,
      updatedAt: timeline.completedAt ?? timeline.disputedAt ?? timeline.deliveredAt ?? timeline.assignedAt,
    };
    plan.projects.push(project);
    hires.set(client.id, (hires.get(client.id) ?? new Set()).add(hired.id));

    const price = rng.float(template.price[0], template.price[1]);
    const acceptedAt = between(rng, new Date(createdAt.getTime() + HOUR), new Date(timeline.assignedAt.getTime() - HOUR));
    const accepted = addQuote(id, hired.id, acceptedAt, price, {
      status: 'accepted',
      clientConfirmation: true,
      confirmationDate: timeline.assignedAt,
      updatedAt: timeline.assignedAt,
    });
    accepted.agreedPriceMinor = accepted.priceMinor;
    for (const other of competitors(services, hired.cityKey, createdAt, new Set([hired.id]), rng.int(0, 2))) {
      const at = between(rng, new Date(createdAt.getTime() + HOUR), new Date(timeline.assignedAt.getTime() - HOUR));
      addQuote(id, other.id, at, price * rng.float(0.85, 1.35), { status: 'rejected', updatedAt: timeline.assignedAt });
    }
    return project;
  };

  const reviewsFor = reviewWriter(rng, now, clients, plan.reviews);

  /** Dates of a finished job that started on `createdAt`. */
  const finishedTimeline = (createdAt: Date) => {
    const assignedAt = daysAfter(createdAt, rng.float(1, 4));
    const startDate = daysAfter(assignedAt, rng.float(1, 6));
    const deliveredAt = daysAfter(startDate, rng.float(1, 12));
    const completedAt = daysAfter(deliveredAt, rng.float(0.2, 3));
    return { assignedAt, startDate, deliveredAt, completedAt };
  };

  // Completed work: one job for every established contractor (so each has an approved
  // review), then more, weighted towards featured and verified contractors.
  const oldestClient = Math.min(...clients.map((c) => c.createdAt.getTime()));
  const completedJob = (hired: DemoContractor, guaranteed: boolean, recent: boolean) => {
    const earliest = new Date(Math.max(hired.createdAt.getTime(), oldestClient) + 2 * HOUR);
    const createdAt = recent ? between(rng, daysBefore(now, 40), daysBefore(now, 28)) : between(rng, earliest, daysBefore(now, 30));
    const project = hiredProject(hired, 'completado', createdAt < earliest ? earliest : createdAt, finishedTimeline(createdAt < earliest ? earliest : createdAt));
    reviewsFor(project, hired, guaranteed);
  };
  for (const c of established) completedJob(c, true, false);
  // Popularity: featured and verified contractors get more work, with some luck on top.
  const weights = established.map((c) => [c, (c.featured ? 4 : c.verified ? 2 : 1) * rng.float(0.3, 3)] as const);
  for (let i = 0; i < opts.extraCompleted; i++) completedJob(rng.weighted(weights), false, i % 6 === 0);

  // Work under way: hires waiting to start (the first half not paid yet, hired within the time to
  // pay so the lapse sweep leaves them; the others paid), and work in progress, the last one on a
  // staged plan (plan-money.ts funds it milestone by milestone).
  for (let i = 0; i < opts.assigned + opts.inProgress; i++) {
    const hired = rng.pick(established);
    const inProgress = i >= opts.assigned;
    const awaiting = i < Math.ceil(opts.assigned / 2);
    const createdAt = daysBefore(now, awaiting ? rng.float(2.5, 6) : rng.float(6, 20));
    const assignedAt = awaiting ? new Date(now.getTime() - rng.float(0.1, 0.5) * DEFAULT_HIRE_PAYMENT_HOURS * HOUR) : daysAfter(createdAt, rng.float(1, 4));
    const startDate = inProgress ? minDate(daysAfter(assignedAt, rng.float(0.5, 2)), daysBefore(now, 0.5)) : daysAfter(now, rng.float(1, 10));
    const project = hiredProject(hired, inProgress ? 'in_progress' : 'assigned', createdAt, { assignedAt, startDate });
    if (awaiting) plan.awaitingPayment.push(project.id);
    if (inProgress && i === opts.assigned + opts.inProgress - 1) {
      const accepted = plan.quotes.find((q) => q.projectId === project.id && q.status === 'accepted') as QuoteRow;
      accepted.stages = [
        { title: 'Materiales', percent: 40 },
        { title: 'Avance de obra', percent: 30 },
        { title: 'Entrega final', percent: 30 },
      ];
    }
  }

  // Open requests, each template at most once, with 0–3 quotes.
  const templates = rng.shuffle(
    (Object.entries(PROJECT_TEMPLATES) as [ServiceType, readonly ProjectTemplate[]][]).flatMap(([service, list]) => list.map((t) => [service, t] as const)),
  );
  for (let i = 0; i < opts.open; i++) {
    const [service, template] = templates[i % templates.length] as readonly [ServiceType, ProjectTemplate];
    const createdAt = daysBefore(now, rng.chance(0.3) ? rng.float(0.05, 2) : rng.float(2, 21));
    const client = pickClient(createdAt);
    const id = rng.uuid();
    const services = servicesOf(service, template);
    const project: ProjectRow = {
      id,
      clientId: client.id,
      title: template.title,
      description: template.description,
      propertyType: rng.pick(template.property),
      serviceTypes: services,
      status: 'created',
      intention: rng.chance(0.2) ? 'quoting' : 'ready',
      startDate: isoDateDR(daysAfter(now, rng.float(3, 45))),
      country: 'DO',
      city: client.cityKey,
      zone: client.zone,
      currency: 'DOP',
      createdAt,
      updatedAt: createdAt,
    };
    plan.projects.push(project);
    const quoteCount = rng.weighted([
      [0, 25],
      [1, 35],
      [2, 25],
      [3, 15],
    ] as const);
    const price = rng.float(template.price[0], template.price[1]);
    for (const c of competitors(services, client.cityKey, now, new Set(), quoteCount)) {
      const at = between(rng, new Date(Math.max(createdAt.getTime(), c.createdAt.getTime()) + HOUR), now);
      const q = addQuote(id, c.id, minDate(at, now), price * rng.float(0.8, 1.3), {});
      q.expiresAt = new Date(Math.max(daysAfter(at, 15).getTime(), daysAfter(now, 3).getTime()));
    }
    if (i % opts.coverEvery === 0) {
      plan.covers.push({ projectId: id, ownerId: client.id, scene: SCENE_FOR_SERVICE[service], variant: plan.covers.length, createdAt });
    }
  }

  // Work delivered and waiting for approval, and work under a claim (issue 13's lifecycle).
  const deliveredOrDisputed = (status: 'delivered' | 'disputed') => {
    // Counted back from the delivery, within the client's review window: delivered work the
    // auto-approval sweep finds past its window would be approved at the server's first minute,
    // and the demo would show no work waiting for approval (and its directory order would move).
    const deliveredAt = daysBefore(now, rng.float(1.5, DELIVERY_REVIEW_DAYS - 1));
    const startDate = daysBefore(deliveredAt, rng.float(1, 5));
    const assignedAt = daysBefore(startDate, rng.float(0.5, 2));
    const createdAt = daysBefore(assignedAt, rng.float(1, 3));
    const disputedAt = status === 'disputed' ? daysAfter(deliveredAt, rng.float(0.2, 1)) : undefined;
    const project = hiredProject(rng.pick(established), status, createdAt, { assignedAt, startDate, deliveredAt, disputedAt });
    project.deliveryNote = 'Trabajo terminado. Quedo atento a cualquier detalle.';
    if (status === 'disputed') project.claimReason = 'El trabajo quedó incompleto: falta terminar un tramo.';
  };
  for (let i = 0; i < (opts.delivered ?? 3); i++) deliveredOrDisputed('delivered');
  for (let i = 0; i < (opts.disputed ?? 1); i++) deliveredOrDisputed('disputed');

  // Requests their clients cancelled; the offers they had were closed as rejected.
  for (let i = 0; i < (opts.cancelled ?? 2); i++) {
    const [service, template] = templates[(opts.open + i) % templates.length] as readonly [ServiceType, ProjectTemplate];
    const createdAt = daysBefore(now, rng.float(8, 30));
    const client = pickClient(createdAt);
    const cancelledAt = daysAfter(createdAt, rng.float(1, 5));
    const id = rng.uuid();
    const services = servicesOf(service, template);
    plan.projects.push({
      id,
      clientId: client.id,
      title: template.title,
      description: template.description,
      propertyType: rng.pick(template.property),
      serviceTypes: services,
      status: 'cancelled',
      intention: 'quoting',
      startDate: isoDateDR(daysAfter(createdAt, 10)),
      country: 'DO',
      city: client.cityKey,
      zone: client.zone,
      currency: 'DOP',
      cancelledAt,
      createdAt,
      updatedAt: cancelledAt,
    });
    const price = rng.float(template.price[0], template.price[1]);
    for (const c of competitors(services, client.cityKey, createdAt, new Set(), 2)) {
      addQuote(id, c.id, between(rng, createdAt, cancelledAt), price * rng.float(0.8, 1.3), { status: 'rejected', closedAt: cancelledAt, updatedAt: cancelledAt });
    }
  }

  // Open offers with a counter-offer (pending, accepted by the contractor) or a staged plan.
  const openIds = new Set(plan.projects.filter((p) => p.status === 'created').map((p) => p.id));
  plan.quotes
    .filter((q) => openIds.has(q.projectId) && q.status === 'created')
    .forEach((q, i) => {
      if (i % 4 === 1) {
        const counter = priceMinor((q.priceMinor * 0.9) / 100);
        Object.assign(q, {
          counterPriceMinor: counter,
          counterComment: '¿Podría dejarlo en este precio?',
          counterStatus: i % 8 === 1 ? 'accepted' : 'pending',
          agreedPriceMinor: i % 8 === 1 ? counter : 0,
          counteredAt: q.createdAt,
        });
      }
      if (i % 5 === 2)
        q.stages = [
          { title: 'Materiales', percent: 40 },
          { title: 'Entrega final', percent: 60 },
        ];
    });

  // Favourites: contractors a client hired, and a few others they liked.
  for (const client of clients) {
    const n = rng.weighted([
      [0, 20],
      [1, 25],
      [2, 25],
      [3, 15],
      [4, 10],
      [5, 5],
    ] as const);
    const hired = [...(hires.get(client.id) ?? [])];
    const others = rng.shuffle(contractors.filter((c) => !hired.includes(c.id))).sort((a, b) => Number(b.cityKey === client.cityKey) - Number(a.cityKey === client.cityKey));
    const chosen = [...rng.shuffle(hired), ...others.slice(0, 8).map((c) => c.id)].slice(0, n);
    for (const contractorId of chosen) {
      const c = contractors.find((x) => x.id === contractorId) as DemoContractor;
      const since = new Date(Math.max(client.createdAt.getTime(), c.createdAt.getTime()));
      plan.favourites.push({ clientId: client.id, contractorId, createdAt: between(rng, since, now) });
    }
  }

  // Hires the app funds in cash and by transfer through its own services once it runs (issue 47):
  // hired recently (the lapse sweep leaves them; a voucher fits before it), nothing funded here.
  for (let i = 0; i < (opts.offline ?? 0); i++) {
    const createdAt = daysBefore(now, rng.float(2.5, 6));
    const assignedAt = new Date(now.getTime() - rng.float(0.1, 0.4) * DEFAULT_HIRE_PAYMENT_HOURS * HOUR);
    const project = hiredProject(rng.pick(established), 'assigned', createdAt, { assignedAt, startDate: daysAfter(now, rng.float(1, 10)) });
    plan.awaitingPayment.push(project.id);
    plan.offlineFunding.push(project.id);
  }
  return plan;
}

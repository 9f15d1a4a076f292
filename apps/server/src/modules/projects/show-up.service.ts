import { COUNTRIES } from '@arreglaya/shared/countries';
import { formatDay } from '@arreglaya/shared/format-dates';
import { projects as tp } from '@arreglaya/shared/i18n/projects';
import { showUp as tsu } from '@arreglaya/shared/i18n/show-up';
import { projectAllows } from '@arreglaya/shared/lifecycles';
import {
  lateToStepBack,
  PAUSE_AFTER_EVENTS,
  RECORD_MIN_HIRES,
  startDayBegun,
  startDayEnded,
  type PausedContractor,
  type ReliabilityKind,
  type ShowUpRecord,
  type ShowUpState,
} from '@arreglaya/shared/schemas/show-up';
import { todayIn } from '@arreglaya/shared/schemas/projects';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { announced, moneyCoverOf, recordMoneyEvent, refundHeld, withAnnouncements } from '../payments/payments.service.ts';
import { announceDeps, type MoneyHooks } from './project-deps.ts';
import { assertMoneyAllows, assertProjectAction, moveProject, type Actor } from './project-lifecycle.ts';
import { notify, projectUrl, type NotifyDeps } from './project-notify.ts';
import { findContact, findProject, lockProject, type ProjectRow } from './projects.repository.ts';
import {
  answerArrival as storeAnswer,
  countRecentEvents,
  findArrival,
  findHireDay,
  insertArrival,
  insertReliabilityEvent,
  listPaused,
  pauseContractor,
  readRecord,
  unpauseContractor,
} from './show-up.repository.ts';

// A record of who shows up (issue 49 part 4, docs/decisions/057-a-record-of-who-shows-up.md).
// Every rule is decided with the server's clock (`deps.clock`, moved by the tests), under the
// project's row lock, and a hire that ends here gives back everything held in the same
// transaction (refundHeld), as the sysadmin's cancellation does.

export interface ShowUpDeps extends NotifyDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  /** The server's clock; the tests move it. */
  clock?: () => Date;
  /**
   * After a refund is decided: send it to the processor (flushRefunds); and deliver what a hire's
   * end announced once it committed (decision 074; without it the money-events job does).
   */
  money?: Pick<MoneyHooks, 'kickRefunds' | 'announce'>;
  log?: { warn(obj: object, msg: string): void };
}

const nowOf = (deps: Pick<ShowUpDeps, 'clock'>) => deps.clock?.() ?? new Date();
const dayText = (day: string, country: keyof typeof COUNTRIES) => formatDay(day, COUNTRIES[country].locale);

async function hireDayOf(db: Db | Tx, projectId: string) {
  const day = await findHireDay(db, projectId);
  if (!day) throw new AppError('NOT_FOUND', tp.notFound);
  return day;
}

/** Funded and not refunded (held, or released for a stage): the hire has money at stake. */
async function heldOf(tx: Db | Tx, projectId: string): Promise<number> {
  const cover = await moneyCoverOf(tx, projectId);
  return cover ? cover.fundedMinor - cover.refundedMinor : 0;
}

async function locked(tx: Tx, projectId: string): Promise<ProjectRow> {
  const project = await lockProject(tx, projectId);
  if (!project) throw new AppError('NOT_FOUND', tp.notFound);
  return project;
}

async function logShowUp(tx: Tx, actor: Actor, action: string, projectId: string, details: Record<string, unknown> = {}) {
  await recordLogEntry(tx, { userId: actor.id, sessionId: actor.sessionId ?? null, action, location: `/proyectos/${projectId}`, details: { projectId, ...details } });
}

/**
 * Records a late cancellation or a no-show and, at PAUSE_AFTER_EVENTS of them within the 90 days
 * before `now`, pauses the contractor (not listed, no offers) in the same transaction.
 */
async function recordEvent(tx: Tx, p: ProjectRow, kind: ReliabilityKind, now: Date): Promise<void> {
  const contractorId = p.contractorId!;
  await insertReliabilityEvent(tx, { contractorId, projectId: p.id, kind, at: now });
  const recent = await countRecentEvents(tx, contractorId, now);
  if (recent.late_cancellation + recent.no_show >= PAUSE_AFTER_EVENTS && (await pauseContractor(tx, contractorId, now))) {
    await recordLogEntry(tx, { userId: null, action: 'contractor-paused', location: `/admin/personas/${contractorId}`, details: { contractorId, ...recent, by: 'system' } });
  }
}

/**
 * "Llegué": the hired contractor, from the hire's start day on (the project's country's calendar),
 * once per project. On an assigned project it is also the start move, with its money gate
 * (MONEY_GATES.start): no arrival is recorded for work whose money to begin is not held.
 */
export async function markArrival(deps: ShowUpDeps, actor: Actor, projectId: string): Promise<void> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const p = await locked(tx, projectId);
    assertProjectAction(p, 'arrive', actor);
    const { startDay, country } = await hireDayOf(tx, projectId);
    if (!startDayBegun(startDay, country, now)) throw new AppError('CONFLICT', tsu.beforeStartDay(dayText(startDay, country)));
    if (await findArrival(tx, projectId)) throw new AppError('CONFLICT', tsu.alreadyMarked);
    if (p.status === 'assigned') {
      await assertMoneyAllows(tx, p, 'start');
      await moveProject(tx, p, 'start');
    }
    if (!(await insertArrival(tx, { projectId, contractorId: actor.id, markedAt: now, onStartDay: todayIn(country, now) <= startDay })))
      throw new AppError('CONFLICT', tsu.alreadyMarked);
    const name = (await findContact(tx, actor.id))?.name ?? '';
    const m = tsu.mail;
    await notify(tx, deps, {
      kind: 'projectStarted',
      to: p.clientId,
      pair: { clientId: p.clientId, contractorId: actor.id, projectId },
      subject: m.arrivedSubject,
      title: m.arrivedTitle,
      paragraphs: [m.arrived(p.title, name)],
      actions: [{ label: m.confirmAction, url: projectUrl(deps.appUrl, projectId) }],
      facts: { project: p.title, contractor: name },
    });
    await logShowUp(tx, actor, 'project-arrival', projectId, { from: p.status, onStartDay: todayIn(country, now) <= startDay });
  });
  deps.mailer.kick();
}

/**
 * The client answers: "Confirmar llegada" (arrived) or "No llegó". With a "Llegué" to answer, the
 * answer is recorded once (a "No llegó" then is the client's word against the contractor's: it
 * counts against his on-time rate and a claim is the way to the money). Without one, "No llegó"
 * is a no-show once the start day is over: the hire is cancelled, everything held goes back to the
 * client in this transaction, and the no-show is recorded.
 */
export async function answerArrival(deps: ShowUpDeps, actor: Actor, projectId: string, arrived: boolean): Promise<{ message: string; status: string }> {
  const now = nowOf(deps);
  const { value: result, events } = await withAnnouncements(deps.db, async (tx) => {
    const p = await locked(tx, projectId);
    if (actor.role !== 'client' || p.clientId !== actor.id) throw new AppError('FORBIDDEN', tp.notYours);
    const arrival = await findArrival(tx, projectId);
    if (arrival) {
      assertProjectAction(p, 'answer_arrival', actor);
      if (arrival.answer !== null) throw new AppError('CONFLICT', tsu.alreadyAnswered);
      await storeAnswer(tx, projectId, arrived ? 'confirmed' : 'denied', actor.id, now);
      await logShowUp(tx, actor, arrived ? 'project-arrival-confirmed' : 'project-arrival-denied', projectId);
      return { message: arrived ? tsu.confirmed : tsu.denied, status: p.status, refunded: 0 };
    }
    if (arrived) throw new AppError('CONFLICT', tsu.nothingToAnswer);
    assertProjectAction(p, 'report_no_show', actor);
    const { startDay, country } = await hireDayOf(tx, projectId);
    if (!startDayEnded(startDay, country, now)) throw new AppError('CONFLICT', tsu.noShowTooEarly(dayText(startDay, country)));
    if ((await heldOf(tx, projectId)) <= 0) throw new AppError('CONFLICT', tsu.noShowNotFunded);
    const moved = await moveProject(tx, p, 'report_no_show');
    const refunded = await refundHeld(tx, p, { reason: 'no_show', by: actor.id });
    await recordEvent(tx, p, 'no_show', now);
    // The contractor is told after the commit (decision 074): a notice that fails never undoes the refund.
    await recordMoneyEvent(tx, { kind: 'no-show-reported', projectId, payload: { clientId: p.clientId, contractorId: p.contractorId! } });
    await logShowUp(tx, actor, 'project-no-show', projectId, { from: p.status, to: moved, refunded });
    return { message: tsu.noShowRefunded, status: moved, refunded };
  });
  await announced(announceDeps(deps), events);
  if (result.refunded > 0) deps.money?.kickRefunds();
  return { message: result.message, status: result.status };
}

/** Whether the hire has money at stake (the end-hire route then steps back with a refund, not a reopening). */
export async function hireHasMoney(db: Db, projectId: string): Promise<boolean> {
  return (await heldOf(db, projectId)) > 0;
}

/**
 * The hired contractor steps back from a funded hire ("No podré ir"): cancelled, everything held
 * back to the client in this transaction; within LATE_CANCELLATION_HOURS of the start day (or
 * after its beginning) it is a late cancellation on his record.
 */
export async function stepBack(deps: ShowUpDeps, actor: Actor, projectId: string, reason: string): Promise<'cancelled'> {
  const now = nowOf(deps);
  const { value: refunded, events } = await withAnnouncements(deps.db, async (tx) => {
    const p = await locked(tx, projectId);
    assertProjectAction(p, 'step_back', actor);
    if ((await heldOf(tx, projectId)) <= 0) throw new AppError('CONFLICT', tsu.stepBackNotFunded);
    const { startDay, country } = await hireDayOf(tx, projectId);
    const late = lateToStepBack(startDay, country, now);
    await moveProject(tx, p, 'step_back');
    const back = await refundHeld(tx, p, { reason: 'step_back', by: actor.id });
    if (late) await recordEvent(tx, p, 'late_cancellation', now);
    // The client is told after the commit (decision 074), with his reason: a notice that fails never undoes the refund.
    await recordMoneyEvent(tx, { kind: 'hire-stepped-back', projectId, payload: { clientId: p.clientId, contractorId: actor.id, reason } });
    await logShowUp(tx, actor, 'project-step-back', projectId, { from: p.status, to: 'cancelled', refunded: back, late });
    return back;
  });
  await announced(announceDeps(deps), events);
  if (refunded > 0) deps.money?.kickRefunds();
  return 'cancelled';
}

/** What the project's client or hired contractor may do about showing up now (404 for anyone else). */
export async function showUpState(deps: ShowUpDeps, viewer: Actor, projectId: string): Promise<ShowUpState> {
  const now = nowOf(deps);
  const p = await findProject(deps.db, projectId);
  const isClient = p?.clientId === viewer.id;
  const isContractor = !!p?.contractorId && p.contractorId === viewer.id;
  if (!p || !p.contractorId || !(isClient || isContractor)) throw new AppError('NOT_FOUND', tp.notFound);
  const [{ startDay, country }, arrival, held, contractor] = await Promise.all([
    hireDayOf(deps.db, projectId),
    findArrival(deps.db, projectId),
    heldOf(deps.db, projectId),
    findContact(deps.db, p.contractorId),
  ]);
  return {
    startDay,
    contractorName: contractor?.name ?? '',
    arrival: arrival
      ? {
          markedAt: arrival.markedAt.toISOString(),
          onStartDay: arrival.onStartDay,
          answer: arrival.answer as 'confirmed' | 'denied' | null,
          answeredAt: arrival.answeredAt?.toISOString() ?? null,
        }
      : null,
    may: {
      arrive: isContractor && !arrival && projectAllows('arrive', p.status) && startDayBegun(startDay, country, now) && (p.status !== 'assigned' || held > 0),
      answer: isClient && !!arrival && arrival.answer === null && projectAllows('answer_arrival', p.status),
      reportNoShow: isClient && !arrival && projectAllows('report_no_show', p.status) && startDayEnded(startDay, country, now) && held > 0,
      stepBack: isContractor && projectAllows('step_back', p.status) && held > 0,
    },
    stepBackIsLate: lateToStepBack(startDay, country, now),
  };
}

/** The public record (decision 057): rates from RECORD_MIN_HIRES ended hires on, and the 90 days' events. */
export async function contractorRecord(deps: Pick<ShowUpDeps, 'db' | 'clock'>, contractorId: string): Promise<ShowUpRecord> {
  const [r, recent] = await Promise.all([readRecord(deps.db, contractorId), countRecentEvents(deps.db, contractorId, nowOf(deps))]);
  const enough = r.ended >= RECORD_MIN_HIRES;
  return {
    endedHires: r.ended,
    counted: r.counted,
    completionRate: enough && r.counted > 0 ? r.completed / r.counted : null,
    onTimeRate: enough && r.due > 0 ? r.on_time / r.due : null,
    lateCancellations90d: recent.late_cancellation,
    noShows90d: recent.no_show,
  };
}

export async function pausedContractors(deps: Pick<ShowUpDeps, 'db'>): Promise<PausedContractor[]> {
  const rows = await listPaused(deps.db);
  return rows.map((r) => ({
    id: r.id,
    name: r.displayName.trim() || `${r.firstName} ${r.lastName}`.trim(),
    pausedAt: r.pausedAt!.toISOString(),
    events: r.events.map((e) => ({ kind: e.kind, at: e.at.toISOString(), projectId: e.projectId, projectTitle: e.projectTitle })),
  }));
}

/** A sysadmin lifts a pause: listed again, may offer again; the events stay on the record. */
export async function liftPause(deps: Pick<ShowUpDeps, 'db'>, actor: Actor, contractorId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await unpauseContractor(tx, contractorId))) throw new AppError('CONFLICT', tsu.notPaused);
    await recordLogEntry(tx, {
      userId: actor.id,
      sessionId: actor.sessionId ?? null,
      action: 'contractor-unpaused',
      location: `/admin/personas/${contractorId}`,
      details: { contractorId },
    });
  });
}

import { projectMail as tm, projects as tp, projectsWeb, quotes as tq } from '@arreglaya/shared/i18n/projects';
import { showUp } from '@arreglaya/shared/i18n/show-up';
import { DEFAULT_HIRE_PAYMENT_HOURS, stageAmounts, stagesPayable, type QuoteStatus } from '@arreglaya/shared/lifecycles';
import { offerTerms as tt } from '@arreglaya/shared/i18n/offers-trust';
import { COUNTRIES } from '@arreglaya/shared/countries';
import { offerStartDateInPast, offerStartDateTooFar, type OFFER_SORTS, type Offer, type Quote, type QuoteInputSchema } from '@arreglaya/shared/schemas/projects';
import { formatMoney } from '@arreglaya/shared/format-money';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { deferred, flushWrites } from '../../db/deferred-writes.ts';
import { refreshContractorTrust } from '../../db/contractor-trust.ts';
import { AppError } from '../../lib/app-error.ts';
import { offerTermsLines } from './offer-terms.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { assertProjectAction, assertQuoteAction, lockForAction, moveProject, type Actor } from './project-lifecycle.ts';
import { openProjectsChanged, PROJECTS_CHANNEL } from './open-projects-cache.ts';
import { formatDeadline, notify, projectUrl } from './project-notify.ts';
import { findContact, findProject, lockProject, type ProjectRow } from './projects.repository.ts';
import { findQuoteLink, newQuoteLinks, spendQuoteLink, spendQuoteLinks } from './quote-links.ts';
import {
  findQuote,
  insertQuote,
  insertMilestones,
  listContractorQuotes,
  listOffers,
  lockExpiredQuotes,
  lockQuote,
  markExpired,
  rejectOpenQuotes,
  toQuote,
  updateQuote,
  lockForOffer,
  countReplacement,
  offerOnCommit,
  quoteOf,
  type QuoteRow,
} from './quotes.repository.ts';

export interface QuotesDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  /** HIRE_PAYMENT_HOURS (the deadline told at hiring); the default without it. */
  money?: { hireHours?: number };
}

/** HIRE_PAYMENT_HOURS as configured (the default without it). */
export const hireHoursOf = (money: QuotesDeps['money']) => money?.hireHours ?? DEFAULT_HIRE_PAYMENT_HOURS;

type QuoteData = z.output<typeof QuoteInputSchema>;
const DAY = 86_400_000;
/**
 * A contractor replacing their offer on a project tells the client (chat notice and mail) once in
 * this window at most (issue 30: 50 replacements in a second sent 50 mails); the offer itself is
 * replaced every time, and the project page always shows the newest.
 */
export const REPLACEMENT_NOTICE_WINDOW_MS = 60_000;

async function log(tx: Tx, actor: Actor | null, action: string, quote: QuoteRow, details: Record<string, unknown> = {}) {
  await recordLogEntry(tx, {
    userId: actor?.id ?? null,
    sessionId: actor?.sessionId ?? null,
    action,
    location: `/proyectos/${quote.projectId}`,
    details: { projectId: quote.projectId, quoteId: quote.id, ...details },
  });
}

const pairOf = (p: ProjectRow, contractorId: string) => ({ clientId: p.clientId, contractorId, projectId: p.id });

// ---- The contractor's side ----

/**
 * Make Offer on an open project. One open quote per contractor and project: an earlier open one
 * is closed (withdrawn) and the new one takes its place. The client is told, with single-use
 * links to accept or reject.
 */
export async function makeQuote(deps: QuotesDeps, actor: Actor, projectId: string, input: QuoteData): Promise<{ quote: Quote; replaced: boolean }> {
  // Four round trips (decision 020): BEGIN; the project's lock with what the offer needs of both
  // people (one named statement); the rules, checked here; every write in one statement (the
  // previous open offer withdrawn with its links spent, the quote with its links, the
  // conversation, the notice, the mail, the log line); COMMIT. Then the NOTIFYs (the chat's
  // notice, the project's change) go after the commit (db/notifier.ts).
  const result = await deps.db.transaction(async (tx) => {
    const locked = await lockForOffer(tx, projectId, actor.id);
    if (!locked) throw new AppError('NOT_FOUND', tp.notFound);
    const { project, contractor, client } = locked;
    assertProjectAction(project, 'quote', actor);
    // Offers are shown with the contractor's card: one the directory does not list has none.
    if (locked.paused) throw new AppError('FORBIDDEN', showUp.paused);
    if (!locked.listed) throw new AppError('FORBIDDEN', tq.profileIncomplete);
    // The start date is checked in the project's country's calendar (the schema cannot know the project).
    if (offerStartDateInPast(input.startDate, project.country)) throw new AppError('VALIDATION', tt.startDateInPast, { startDate: tt.startDateInPast });
    if (offerStartDateTooFar(input.startDate, project.country)) throw new AppError('VALIDATION', tt.startDateTooFar, { startDate: tt.startDateTooFar });
    // In the project's currency (its country's), or the comparison of offers would sort US$1,000 below RD$20,000 (issue 48).
    const currency = COUNTRIES[project.country].currency;
    if (input.currency !== undefined && input.currency !== currency) {
      const message = tq.currencyNotProject(currency);
      throw new AppError('VALIDATION', message, { currency: message });
    }
    // A fifth round trip, only to count replacements: a first offer is always told, a replacement once a minute.
    const replacements = await countReplacement(tx, projectId, actor.id, REPLACEMENT_NOTICE_WINDOW_MS);
    const later = deferred(tx);
    if (!later) throw new Error('makeQuote needs a transaction that defers writes');
    const now = new Date();
    const links = newQuoteLinks(deps.appUrl);
    const quoteId = randomUUID();
    const written = offerOnCommit(
      later,
      {
        id: quoteId,
        projectId,
        contractorId: actor.id,
        priceMinor: input.priceMinor,
        currency,
        description: input.description,
        expiresAt: new Date(now.getTime() + input.validityDays * DAY),
        stages: input.stages ?? null,
        terms: {
          startDate: input.startDate,
          durationDays: input.durationDays,
          warrantyDays: input.warrantyDays,
          holdbackPercent: input.holdbackPercent,
          materialsIncluded: input.materialsIncluded,
        },
        now,
      },
      { clientId: project.clientId, rows: links.rows, maxExpiresAt: links.maxExpiresAt },
    );
    const m = tm.newQuote;
    if (replacements <= 1)
      await notify(tx, deps, {
        kind: 'newQuote',
        to: project.clientId,
        pair: pairOf(project, actor.id),
        quoteId,
        subject: m.subject,
        title: m.title,
        // The spec's e-mail container: the offer, the project, and who sent it.
        paragraphs: [
          m.intro(contractor.name, project.title),
          `${tm.price(formatMoney(input.priceMinor, currency))}\n${tm.offerDescription(input.description)}`,
          offerTermsLines({ ...input, currency, priceMinor: input.priceMinor }),
          `${tm.project(project.title)}\n${tm.projectDescription(project.description)}\n${tm.startDate(project.startDate)}`,
          // Contact details follow the money (issue 29): the offer names the contractor; they talk in the chat.
          tm.contractorName(contractor.name),
        ],
        actions: [
          { label: m.accept, url: links.urls.accept },
          { label: m.reject, url: links.urls.reject },
          { label: m.seeAll, url: projectUrl(deps.appUrl, projectId) },
        ],
        known: { firstName: client.firstName, email: client.email, immediate: client.wantsMail },
        // Push and SMS name the offer (the mail's first lines); WhatsApp's newOffer template takes contractor, project, link.
        outside: {
          body: [m.intro(contractor.name, project.title), tm.price(formatMoney(input.priceMinor, currency)), tm.project(project.title)].join('\n'),
          templateParams: [contractor.name, project.title, projectUrl(deps.appUrl, projectId)],
        },
        facts: { project: project.title },
      });
    await recordLogEntry(tx, {
      userId: actor.id,
      sessionId: actor.sessionId ?? null,
      action: 'quote-sent',
      location: `/proyectos/${projectId}`,
      details: { projectId, quoteId, priceMinor: input.priceMinor, ...(replacements > 1 ? { clientTold: false } : {}) },
      // The offer it replaced, as the write statement finds it.
      moreDetails: sql`jsonb_build_object('replaced', (SELECT id FROM ${written.withdrawn} LIMIT 1))`,
    });
    // What migration 0017's triggers would NOTIFY, sent once this has committed (lockForOffer told them).
    later.notify(PROJECTS_CHANNEL, projectId);
    const [row] = await flushWrites(tx, sql`SELECT q.*, (SELECT count(*) FROM ${written.withdrawn})::int AS x_replaced FROM ${written.quote} AS q`);
    return { quote: toQuote(quoteOf(row!)), replaced: (row!.x_replaced as number) > 0 };
  });
  openProjectsChanged(deps.db, [projectId]);
  deps.mailer.kick();
  return result;
}

/** Loads a quote for its contractor (404 for anyone else: nobody learns of others' offers). */
async function contractorsQuote(tx: Tx, actor: Actor, quoteId: string): Promise<{ quote: QuoteRow; project: ProjectRow }> {
  const found = await findQuote(tx, quoteId);
  if (!found || found.contractorId !== actor.id) throw new AppError('NOT_FOUND', tq.notFound);
  const project = (await lockProject(tx, found.projectId))!;
  return { quote: (await lockQuote(tx, quoteId))!, project };
}

export async function withdrawQuote(deps: QuotesDeps, actor: Actor, quoteId: string): Promise<Quote> {
  const withdrawn = await deps.db.transaction(async (tx) => {
    const { quote } = await contractorsQuote(tx, actor, quoteId);
    assertQuoteAction(quote, 'withdraw');
    const updated = await updateQuote(tx, quoteId, { status: 'withdrawn', closedAt: new Date() });
    await spendQuoteLinks(tx, quoteId);
    await log(tx, actor, 'quote-withdrawn', quote);
    return toQuote(updated);
  });
  openProjectsChanged(deps.db, [withdrawn.projectId]);
  return withdrawn;
}

/** The contractor accepts (the counter price becomes the agreed price) or declines a counter-offer. */
export async function answerCounter(deps: QuotesDeps, actor: Actor, quoteId: string, accept: boolean): Promise<Quote> {
  const result = await deps.db.transaction(async (tx) => {
    const { quote, project } = await contractorsQuote(tx, actor, quoteId);
    assertQuoteAction(quote, 'answer_counter');
    if (quote.counterStatus !== 'pending' || quote.counterPriceMinor === null) throw new AppError('CONFLICT', tq.refused.noCounter);
    // counter_answered_at times the answer (a response-time sample, decision 043).
    const answeredAt = new Date();
    const updated = await updateQuote(
      tx,
      quoteId,
      accept
        ? { counterStatus: 'accepted', agreedPriceMinor: quote.counterPriceMinor, counterAnsweredAt: answeredAt }
        : { counterStatus: 'declined', counterAnsweredAt: answeredAt },
    );
    const name = (await findContact(tx, actor.id))?.name ?? '';
    const m = tm.counterAnswered;
    await notify(tx, deps, {
      kind: 'counterAnswered',
      to: project.clientId,
      pair: pairOf(project, actor.id),
      quoteId,
      subject: m.subject,
      title: m.title,
      paragraphs: [accept ? m.accepted(name, formatMoney(quote.counterPriceMinor, quote.currency), project.title) : m.declined(name, project.title)],
      actions: [{ label: tm.open, url: projectUrl(deps.appUrl, project.id) }],
      facts: { project: project.title },
    });
    await log(tx, actor, accept ? 'counter-accepted' : 'counter-declined', quote);
    return toQuote(updated);
  });
  deps.mailer.kick();
  return result;
}

export async function listMyQuotes(deps: QuotesDeps, contractorId: string, status: QuoteStatus | undefined) {
  return listContractorQuotes(deps.db, contractorId, status);
}

// ---- The client's side ----

/** Loads a quote for the client of its project and locks both (project first, always). */
async function clientsQuote(tx: Tx, actor: Actor, quoteId: string): Promise<{ quote: QuoteRow; project: ProjectRow }> {
  const found = await findQuote(tx, quoteId);
  if (!found) throw new AppError('NOT_FOUND', tq.notFound);
  const project = await lockProject(tx, found.projectId);
  if (!project || project.clientId !== actor.id || actor.role !== 'client') throw new AppError('NOT_FOUND', tq.notFound);
  return { quote: (await lockQuote(tx, quoteId))!, project };
}

export async function counterOffer(deps: QuotesDeps, actor: Actor, quoteId: string, input: { priceMinor: number; comment?: string }): Promise<Quote> {
  const result = await deps.db.transaction(async (tx) => {
    const { quote, project } = await clientsQuote(tx, actor, quoteId);
    assertQuoteAction(quote, 'counter');
    // One counter-offer at a time: a second one would silently replace what the contractor is answering.
    if (quote.counterStatus === 'pending') throw new AppError('CONFLICT', tq.refused.counterPending);
    // A staged plan is paid stage by stage: at the countered price every stage must still come to something.
    if (
      quote.stages &&
      !stagesPayable(
        input.priceMinor,
        quote.stages.map((x) => x.percent),
      )
    )
      throw new AppError('VALIDATION', tq.counterStagesTooSmall, { priceMinor: tq.counterStagesTooSmall });
    const updated = await updateQuote(tx, quoteId, {
      counterPriceMinor: input.priceMinor,
      counterComment: input.comment ?? null,
      counterStatus: 'pending',
      counteredAt: new Date(),
    });
    const m = tm.quoteCountered;
    await notify(tx, deps, {
      kind: 'quoteCountered',
      to: quote.contractorId,
      pair: pairOf(project, quote.contractorId),
      quoteId,
      subject: m.subject,
      title: m.title,
      paragraphs: [m.intro(project.title, formatMoney(input.priceMinor, quote.currency)), ...(input.comment ? [tm.quoteRejected.comment(input.comment)] : [])],
      actions: [{ label: tm.open, url: projectUrl(deps.appUrl, project.id) }],
      facts: { project: project.title },
    });
    await log(tx, actor, 'quote-countered', quote, { counterPriceMinor: input.priceMinor });
    return toQuote(updated);
  });
  deps.mailer.kick();
  return result;
}

/**
 * The client hires a contractor. Under the project's row lock: the project must still be open
 * (two accepts at once: the second finds it assigned and gets a 409), the quote open and not
 * past its date. The quote becomes accepted at the agreed price (the counter price if the
 * contractor accepted it), the project assigned to its contractor, every other open quote
 * rejected, the staged plan becomes milestones; both sides are told and get each other's
 * contact data.
 */
export async function acceptQuoteIn(tx: Tx, deps: QuotesDeps, actor: Actor, quoteId: string): Promise<Quote> {
  const { quote: q0, project: p0 } = await clientsQuote(tx, actor, quoteId);
  const project = await lockForAction(tx, p0.id, 'assign', actor);
  const quote = q0;
  assertQuoteAction(quote, 'accept');
  const now = new Date();
  const agreed = quote.counterStatus === 'accepted' && quote.counterPriceMinor !== null ? quote.counterPriceMinor : quote.priceMinor;
  const updated = await updateQuote(tx, quoteId, { status: 'accepted', agreedPriceMinor: agreed, clientConfirmation: true, confirmationDate: now, closedAt: now });
  await moveProject(tx, project, 'assign', { contractorId: quote.contractorId, acceptedQuoteId: quote.id });
  const amounts =
    quote.stages && quote.stages.length > 0
      ? stageAmounts(
          agreed,
          quote.stages.map((s) => s.percent),
        )
      : null;
  if (quote.stages && amounts) {
    await insertMilestones(
      tx,
      quote.stages.map((s, i) => ({ projectId: project.id, quoteId: quote.id, position: i, title: s.title, amountMinor: amounts[i]!, currency: quote.currency })),
    );
  }
  await spendQuoteLinks(tx, quoteId);
  const others = await rejectOpenQuotes(tx, project.id, quoteId);
  for (const other of others) await tellRejected(tx, deps, project, other, tm.quoteRejected.otherChosen(project.title));

  // No contact details yet (issue 29): they are sent to both once the money to begin is held.
  const contractor = await findContact(tx, quote.contractorId);
  const pair = pairOf(project, quote.contractorId);
  const price = formatMoney(agreed, quote.currency);
  const toBegin = formatMoney(amounts ? amounts[0]! : agreed, quote.currency);
  const payBy = formatDeadline(new Date(now.getTime() + hireHoursOf(deps.money) * 3_600_000), project.country);
  const a = tm.quoteAccepted;
  await notify(tx, deps, {
    kind: 'quoteAccepted',
    to: quote.contractorId,
    pair,
    quoteId,
    subject: a.subject,
    title: a.title,
    paragraphs: [a.intro(project.title), tm.price(price), a.waitForPayment(toBegin, payBy)],
    actions: [{ label: tm.open, url: projectUrl(deps.appUrl, project.id) }],
    // Not the client's name: contact details follow the money (issue 29).
    facts: { project: project.title, client: projectsWeb.page.clientContact },
  });
  const s = tm.projectAssigned;
  await notify(tx, deps, {
    kind: 'projectAssigned',
    to: project.clientId,
    pair,
    quoteId,
    subject: s.subject,
    title: s.title,
    paragraphs: [s.intro(project.title, contractor?.name ?? ''), tm.price(price), s.payNow(toBegin, payBy)],
    actions: [{ label: tm.open, url: projectUrl(deps.appUrl, project.id) }],
  });
  await log(tx, actor, 'quote-accepted', quote, { agreedPriceMinor: agreed, rejected: others.map((o) => o.id) });
  // A hire changes the contractor's hires and price guide (decision 043), seen on their card at commit.
  await refreshContractorTrust(tx, [quote.contractorId]);
  return toQuote(updated);
}

/**
 * An invited técnico accepts the price his client named (decision 064): his quote at that price,
 * accepted on the client's behalf (the client agreed it when inviting him) through the usual
 * acceptance: the project assigned, other open quotes rejected, both told, money due before work.
 */
export async function acceptAgreedPriceIn(
  tx: Tx,
  deps: QuotesDeps,
  client: Actor,
  offer: { projectId: string; contractorId: string; priceMinor: number; currency: Quote['currency']; description: string },
): Promise<Quote> {
  const quote = await insertQuote(tx, { ...offer, expiresAt: null });
  await log(tx, { id: offer.contractorId, role: 'contractor' }, 'quote-sent', quote, { priceMinor: offer.priceMinor, invitation: true });
  return acceptQuoteIn(tx, deps, client, quote.id);
}

export async function acceptQuote(deps: QuotesDeps, actor: Actor, quoteId: string): Promise<Quote> {
  const quote = await deps.db.transaction((tx) => acceptQuoteIn(tx, deps, actor, quoteId));
  openProjectsChanged(deps.db, [quote.projectId]);
  deps.mailer.kick();
  return quote;
}

async function tellRejected(tx: Tx, deps: QuotesDeps, project: ProjectRow, quote: QuoteRow, why: string, comment?: string) {
  await spendQuoteLinks(tx, quote.id);
  const m = tm.quoteRejected;
  await notify(tx, deps, {
    kind: 'quoteRejected',
    to: quote.contractorId,
    pair: pairOf(project, quote.contractorId),
    quoteId: quote.id,
    subject: m.subject,
    title: m.title,
    paragraphs: [why, ...(comment ? [m.comment(comment)] : [])],
  });
}

export async function rejectQuoteIn(tx: Tx, deps: QuotesDeps, actor: Actor, quoteId: string, comment: string | undefined): Promise<Quote> {
  const { quote, project } = await clientsQuote(tx, actor, quoteId);
  assertQuoteAction(quote, 'reject');
  const updated = await updateQuote(tx, quoteId, { status: 'rejected', clientComments: comment ?? null, closedAt: new Date() });
  await tellRejected(tx, deps, project, quote, tm.quoteRejected.intro(project.title), comment);
  await log(tx, actor, 'quote-rejected', quote);
  return toQuote(updated);
}

export async function rejectQuote(deps: QuotesDeps, actor: Actor, quoteId: string, comment: string | undefined): Promise<Quote> {
  const quote = await deps.db.transaction((tx) => rejectQuoteIn(tx, deps, actor, quoteId, comment));
  openProjectsChanged(deps.db, [quote.projectId]);
  deps.mailer.kick();
  return quote;
}

/** A cancelled project's open quotes are closed as rejected, and their contractors told. */
export async function rejectOpenQuotesOf(tx: Tx, deps: QuotesDeps, project: ProjectRow): Promise<void> {
  const closed = await rejectOpenQuotes(tx, project.id);
  for (const q of closed) await tellRejected(tx, deps, project, q, tm.quoteRejected.intro(project.title));
}

type OfferSort = (typeof OFFER_SORTS)[number];
const effectivePrice = (o: Offer) => (o.counterStatus === 'accepted' && o.counterPriceMinor !== null ? o.counterPriceMinor : o.priceMinor);
const SORTS: Record<OfferSort, (a: Offer, b: Offer) => number> = {
  price_asc: (a, b) => effectivePrice(a) - effectivePrice(b),
  price_desc: (a, b) => effectivePrice(b) - effectivePrice(a),
  rating: (a, b) => b.contractor.ratingAvg - a.contractor.ratingAvg || b.contractor.ratingCount - a.contractor.ratingCount,
};

/**
 * The offers on a project: every one for its client (to compare, sorted by price or rating),
 * only their own for a contractor; anyone else is told there is no such project.
 */
export async function listProjectOffers(deps: QuotesDeps, actor: Actor, projectId: string, sort: OfferSort): Promise<Offer[]> {
  const project = await findProject(deps.db, projectId);
  if (!project) throw new AppError('NOT_FOUND', tp.notFound);
  if (actor.role === 'client' && project.clientId === actor.id) return (await listOffers(deps.db, projectId)).sort(SORTS[sort]);
  if (actor.role === 'contractor') return listOffers(deps.db, projectId, actor.id);
  throw new AppError('NOT_FOUND', tp.notFound);
}

// ---- Expiry ----

/** Advisory-lock key of the expiry sweep ('quote-expiry' as a number), so one instance sweeps at a time. */
const EXPIRY_LOCK = 0x71756f74;

/**
 * Marks open quotes past their date as expired and tells their contractors. Each quote is taken
 * under a row lock (SKIP LOCKED) and only while still open, so a quote is expired and told once,
 * however many instances sweep. Returns how many expired.
 */
export async function expireQuotes(deps: QuotesDeps, now = new Date(), batch = 200): Promise<number> {
  const expired = await deps.db.transaction(async (tx) => {
    const locked = await tx.execute<{ ok: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${EXPIRY_LOCK}) AS ok`);
    if (!locked.rows[0]?.ok) return [];
    const due = await lockExpiredQuotes(tx, now, batch);
    await markExpired(
      tx,
      due.map((q) => q.id),
      now,
    );
    for (const q of due) {
      const project = (await findProject(tx, q.projectId))!;
      const m = tm.quoteExpired;
      await spendQuoteLinks(tx, q.id);
      await notify(tx, deps, {
        kind: 'quoteExpired',
        to: q.contractorId,
        pair: pairOf(project, q.contractorId),
        quoteId: q.id,
        subject: m.subject,
        title: m.title,
        paragraphs: [m.intro(project.title)],
        actions: [{ label: tm.open, url: projectUrl(deps.appUrl, project.id) }],
      });
      await log(tx, null, 'quote-expired', q, { by: 'system' });
    }
    return due.map((q) => q.projectId);
  });
  if (expired.length === 0) return 0;
  openProjectsChanged(deps.db, [...new Set(expired)]);
  deps.mailer.kick();
  return expired.length;
}

// ---- Mail links ----

/** What a mail link would do, to show before confirming; it changes nothing. */
export async function readQuoteLink(deps: QuotesDeps, token: string) {
  const link = await findQuoteLink(deps.db, token);
  const quote = await findQuote(deps.db, link.quoteId);
  const project = quote && (await findProject(deps.db, quote.projectId));
  // A link of an offer no longer open is spent, whatever its row says.
  if (!quote || !project || quote.status !== 'created') throw new AppError('NOT_FOUND', tq.linkInvalid);
  const [offer] = await listOffers(deps.db, project.id, quote.contractorId).then((all) => all.filter((o) => o.id === quote.id));
  if (!offer) throw new AppError('NOT_FOUND', tq.linkInvalid);
  return {
    action: link.action,
    question: link.action === 'accept' ? tq.linkConfirmAccept : tq.linkConfirmReject,
    projectId: project.id,
    projectTitle: project.title,
    offer,
  };
}

/** Confirms a mail link: spends it and does its action as the client it was sent to. */
export async function useQuoteLink(deps: QuotesDeps, token: string, comment: string | undefined): Promise<{ action: 'accept' | 'reject'; quote: Quote }> {
  const result = await deps.db.transaction(async (tx) => {
    const link = await spendQuoteLink(tx, token);
    const actor: Actor = { id: link.userId, role: 'client' };
    const quote = link.action === 'accept' ? await acceptQuoteIn(tx, deps, actor, link.quoteId) : await rejectQuoteIn(tx, deps, actor, link.quoteId, comment);
    return { action: link.action, quote };
  });
  openProjectsChanged(deps.db, [result.quote.projectId]);
  deps.mailer.kick();
  return result;
}

import { projectMail as tm, projects as tp, projectsWeb, quotes as tq } from '@arreglaya/shared/i18n/projects';
import { stageAmounts, stagesPayable } from '@arreglaya/shared/lifecycles';
import { type OFFER_SORTS, type Offer, type Quote } from '@arreglaya/shared/schemas/quotes';
import { formatMoney } from '@arreglaya/shared/format-money';
import type { Tx } from '../../db/client.ts';
import { refreshContractorTrust } from '../../db/contractor-trust.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertQuoteAction, lockForAction, moveProject, type Actor } from './project-lifecycle.ts';
import { openProjectsChanged } from './open-projects-cache.ts';
import { formatDeadline, notify, projectUrl } from './project-notify.ts';
import { findContact, findProject, lockProject, type ProjectRow } from './projects.repository.ts';
import { findQuoteLink, spendQuoteLink, spendQuoteLinks } from './quote-links.ts';
import { findQuote, insertQuote, insertMilestones, listOffers, lockQuote, rejectOpenQuotes, toQuote, updateQuote, type QuoteRow } from './quotes.repository.ts';

import { hireHoursOf, logQuoteAction, pairOf, type QuotesDeps } from './quotes.service.ts';

// The client's side of an offer: counter-offer, accept, reject (also from the new-offer mail's links), the project's offers.

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
    await logQuoteAction(tx, actor, 'quote-countered', quote, { counterPriceMinor: input.priceMinor });
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
  await logQuoteAction(tx, actor, 'quote-accepted', quote, { agreedPriceMinor: agreed, rejected: others.map((o) => o.id) });
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
  await logQuoteAction(tx, { id: offer.contractorId, role: 'contractor' }, 'quote-sent', quote, { priceMinor: offer.priceMinor, invitation: true });
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
  await logQuoteAction(tx, actor, 'quote-rejected', quote);
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

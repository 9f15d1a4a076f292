import { projectMail as tm, projects as tp, quotes as tq } from '@arreglaya/shared/i18n/projects';
import { showUp } from '@arreglaya/shared/i18n/show-up';
import { DEFAULT_HIRE_PAYMENT_HOURS, type QuoteStatus } from '@arreglaya/shared/lifecycles';
import { offerTerms as tt } from '@arreglaya/shared/i18n/offers-trust';
import { COUNTRIES } from '@arreglaya/shared/countries';
import { offerStartDateInPast, offerStartDateTooFar, type Quote, type QuoteInputSchema } from '@arreglaya/shared/schemas/quotes';
import { formatMoney } from '@arreglaya/shared/format-money';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { deferred, flushWrites } from '../../db/deferred-writes.ts';
import { AppError } from '../../lib/app-error.ts';
import { offerTermsLines } from './offer-terms.ts';
import { recordLogEntry } from '../log-trail/log-trail.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { assertProjectAction, assertQuoteAction, type Actor } from './project-lifecycle.ts';
import { openProjectsChanged, PROJECTS_CHANNEL } from './open-projects-cache.ts';
import { notify, projectUrl } from './project-notify.ts';
import { findContact, lockProject, type ProjectRow } from './projects.repository.ts';
import { newQuoteLinks, spendQuoteLinks } from './quote-links.ts';
import { findQuote, listContractorQuotes, lockQuote, toQuote, updateQuote, lockForOffer, countReplacement, offerOnCommit, quoteOf, type QuoteRow } from './quotes.repository.ts';

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

/** The log trail's line for a move on a quote. */
export async function logQuoteAction(tx: Tx, actor: Actor | null, action: string, quote: QuoteRow, details: Record<string, unknown> = {}) {
  await recordLogEntry(tx, {
    userId: actor?.id ?? null,
    sessionId: actor?.sessionId ?? null,
    action,
    location: `/proyectos/${quote.projectId}`,
    details: { projectId: quote.projectId, quoteId: quote.id, ...details },
  });
}

export const pairOf = (p: ProjectRow, contractorId: string) => ({ clientId: p.clientId, contractorId, projectId: p.id });

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
    await logQuoteAction(tx, actor, 'quote-withdrawn', quote);
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
    await logQuoteAction(tx, actor, accept ? 'counter-accepted' : 'counter-declined', quote);
    return toQuote(updated);
  });
  deps.mailer.kick();
  return result;
}

export async function listMyQuotes(deps: QuotesDeps, contractorId: string, status: QuoteStatus | undefined) {
  return listContractorQuotes(deps.db, contractorId, status);
}

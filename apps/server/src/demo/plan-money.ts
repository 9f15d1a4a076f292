import { stageAmounts, platformFeeMinor } from '@arreglaya/shared/lifecycles';
import type { milestones, paymentMethods, payments, quotes, sandboxCharges, sandboxTokens, sandboxVerifications } from '../db/schema/index.ts';
import type { ActivityPlan } from './plan-projects.ts';
import type { Rng } from './random.ts';

// The demo's money (decision 021, issue 29): every hire past `assigned` has what its status needs
// held or released, recorded as the real flows record it, so `npm run ledger:check` passes on a
// fresh demo. Each funding is a succeeded charge at the sandbox processor (its key `pay_<payment>`),
// a `payments` row with the processor's reference and the client's saved card, and a `fund:<payment>`
// ledger transaction (the client's processor clearing to the project's escrow); an approval
// releases the whole price (`release:<project>:<currency>:approval`, the fee to the platform), a
// staged plan's milestone is released on its own (`release:…:milestone:<id>`). Pure and seeded, as
// the rest of the plan; seed-demo.ts writes it.

type MilestoneRow = typeof milestones.$inferInsert & { id: string };
type PaymentRow = typeof payments.$inferInsert & { id: string };
type TokenRow = typeof sandboxTokens.$inferInsert;
type ChargeRow = typeof sandboxCharges.$inferInsert;
type VerificationRow = typeof sandboxVerifications.$inferInsert;
type MethodRow = typeof paymentMethods.$inferInsert & { id: string };
type QuoteRow = typeof quotes.$inferInsert;

/** One ledger transaction as the seed writes it: accounts named by their key, found or made when written. */
export interface DemoPosting {
  id: string;
  kind: 'fund' | 'release';
  idempotencyKey: string;
  projectId: string;
  milestoneId?: string | null;
  paymentId?: string | null;
  createdBy: string;
  metadata?: Record<string, unknown>;
  createdAt: Date;
  entries: { kind: 'processor_clearing' | 'escrow' | 'contractor_payable' | 'platform_revenue'; userId?: string; projectId?: string; amountMinor: number }[];
}

export interface MoneyPlan {
  tokens: TokenRow[];
  /** The zero-amount verification each saved card passed when saved (`verify_<method>`). */
  verifications: VerificationRow[];
  methods: MethodRow[];
  charges: ChargeRow[];
  payments: PaymentRow[];
  milestones: MilestoneRow[];
  /** In the order they happened for each project (a funding before the release it pays). */
  postings: DemoPosting[];
}

const HOUR = 3_600_000;
/** Cards the sandbox charges successfully (Stripe's test numbers): brand and last 4. */
const DEMO_CARDS = [
  { brand: 'visa', last4: '4242' },
  { brand: 'mastercard', last4: '4444' },
  { brand: 'amex', last4: '0005' },
] as const;

const between = (rng: Rng, from: Date, to: Date) => new Date(from.getTime() + rng.next() * Math.max(0, to.getTime() - from.getTime()));
const hexId = (rng: Rng, prefix: string) => `${prefix}_${rng.uuid().replace(/-/g, '').slice(0, 24)}`;

/**
 * The money of every hire: funded as its status needs (the whole price, or a staged plan's
 * milestones up to the one the work is on), released in full at completado. Hires in
 * `awaitingPayment` (assigned, within the time to pay) have nothing funded; cancelled requests
 * never had a hire. `feePercent` is PLATFORM_FEE_PERCENT.
 */
export function planMoney(rng: Rng, now: Date, activity: ActivityPlan, opts: { feePercent: number }): MoneyPlan {
  const plan: MoneyPlan = { tokens: [], verifications: [], methods: [], charges: [], payments: [], milestones: [], postings: [] };
  const awaiting = new Set(activity.awaitingPayment);
  const acceptedOf = new Map<string, QuoteRow>(activity.quotes.filter((q) => q.status === 'accepted').map((q) => [q.projectId, q]));
  const cardOf = new Map<string, MethodRow>();
  const latest = new Date(now.getTime() - HOUR);

  /** The client's saved card (made at their first payment), as the card form saves it: a sandbox token verified by the processor, brand, last 4. */
  const card = (clientId: string, at: Date): MethodRow => {
    const known = cardOf.get(clientId);
    if (known) return known;
    const { brand, last4 } = rng.pick(DEMO_CARDS);
    const expYear = now.getUTCFullYear() + rng.int(1, 4);
    const expMonth = rng.int(1, 12);
    const token: TokenRow = { id: hexId(rng, 'tok'), brand, last4, expMonth, expYear, behaviour: 'success', createdAt: at };
    plan.tokens.push(token);
    const method: MethodRow = {
      id: rng.uuid(),
      userId: clientId,
      processor: 'sandbox',
      processorToken: token.id,
      brand,
      last4,
      expMonth,
      expYear,
      isDefault: true,
      status: 'active',
      createdAt: at,
    };
    plan.methods.push(method);
    plan.verifications.push({
      id: hexId(rng, 'seti'),
      tokenId: token.id,
      idempotencyKey: `verify_${method.id}`,
      status: 'succeeded',
      returnUrl: `/perfil/formas-pago?verificacion=${method.id}`,
      createdAt: at,
      updatedAt: at,
    });
    cardOf.set(clientId, method);
    return method;
  };

  /** A succeeded charge of `amount` and its funding in the ledger. */
  const fund = (project: { id: string; clientId: string }, amount: number, currency: string, at: Date, milestoneId: string | null = null) => {
    const method = card(project.clientId, at);
    const paymentId = rng.uuid();
    const chargeId = hexId(rng, 'ch');
    plan.charges.push({
      id: chargeId,
      tokenId: method.processorToken,
      amountMinor: amount,
      currency,
      idempotencyKey: `pay_${paymentId}`,
      status: 'succeeded',
      returnUrl: `/proyectos/${project.id}?pago=${paymentId}`,
      createdAt: at,
      updatedAt: at,
    });
    plan.payments.push({
      id: paymentId,
      projectId: project.id,
      milestoneId,
      payerId: project.clientId,
      paymentMethodId: method.id,
      amountMinor: amount,
      currency: currency as PaymentRow['currency'],
      status: 'succeeded',
      processorRef: chargeId,
      // The real key is the person's and their request's Idempotency-Key (a UUID per attempt in the web page).
      idempotencyKey: `${project.clientId}:${rng.uuid()}`,
      createdAt: at,
      updatedAt: at,
    });
    plan.postings.push({
      id: rng.uuid(),
      kind: 'fund',
      idempotencyKey: `fund:${paymentId}`,
      projectId: project.id,
      milestoneId,
      paymentId,
      createdBy: project.clientId,
      createdAt: at,
      entries: [
        { kind: 'processor_clearing', userId: project.clientId, amountMinor: -amount },
        { kind: 'escrow', projectId: project.id, amountMinor: amount },
      ],
    });
  };

  /** A release to the contractor less the platform fee: the whole price at approval, or one milestone. */
  const release = (project: { id: string; clientId: string; contractorId: string }, amount: number, currency: string, at: Date, milestoneId: string | null = null) => {
    const fee = platformFeeMinor(amount, opts.feePercent);
    plan.postings.push({
      id: rng.uuid(),
      kind: 'release',
      idempotencyKey: milestoneId ? `release:${project.id}:${currency}:milestone:${milestoneId}` : `release:${project.id}:${currency}:approval`,
      projectId: project.id,
      milestoneId,
      createdBy: project.clientId,
      metadata: { feePercent: opts.feePercent, feeMinor: fee },
      createdAt: at,
      entries: [
        { kind: 'escrow', projectId: project.id, amountMinor: -amount },
        { kind: 'contractor_payable', userId: project.contractorId, amountMinor: amount - fee },
        { kind: 'platform_revenue', amountMinor: fee },
      ],
    });
  };

  for (const p of activity.projects) {
    if (!p.contractorId || awaiting.has(p.id) || p.status === 'created' || p.status === 'cancelled') continue;
    const quote = acceptedOf.get(p.id);
    if (!quote) throw new Error(`demo: hired project ${p.id} has no accepted quote`);
    const price = quote.agreedPriceMinor ?? quote.priceMinor;
    const currency = quote.currency ?? 'DOP';
    const who = { id: p.id, clientId: p.clientId, contractorId: p.contractorId };
    const assignedAt = p.assignedAt as Date;
    // Paid soon after hiring, before the work started (or before now, for a hire waiting to start).
    const startedAt = (p.startedAt as Date | null) ?? latest;
    const paidAt = between(rng, new Date(assignedAt.getTime() + 0.1 * HOUR), new Date(Math.min(assignedAt.getTime() + 12 * HOUR, startedAt.getTime() - 0.1 * HOUR)));

    if (quote.stages && quote.stages.length > 0) {
      // A staged plan, in progress: the first milestone paid at hire and released while the work went on,
      // the second paid after it and held, the rest pending.
      const amounts = stageAmounts(
        price,
        quote.stages.map((s) => s.percent),
      );
      const rows: MilestoneRow[] = quote.stages.map((s, i) => ({
        id: rng.uuid(),
        projectId: p.id,
        quoteId: quote.id as string,
        position: i,
        title: s.title,
        amountMinor: amounts[i]!,
        currency: currency as MilestoneRow['currency'],
        status: 'pending',
        createdAt: assignedAt,
        updatedAt: assignedAt,
      }));
      plan.milestones.push(...rows);
      const [first, second] = rows as [MilestoneRow, MilestoneRow];
      fund(who, first.amountMinor, currency, paidAt, first.id);
      Object.assign(first, { status: 'funded', fundedAt: paidAt, updatedAt: paidAt });
      if (p.status === 'in_progress' && rows.length > 2) {
        const releasedAt = between(rng, new Date(startedAt.getTime() + HOUR), new Date(latest.getTime() - 2 * HOUR));
        release(who, first.amountMinor, currency, releasedAt, first.id);
        Object.assign(first, { status: 'released', releasedAt, updatedAt: releasedAt });
        const secondAt = between(rng, new Date(releasedAt.getTime() + 0.1 * HOUR), latest);
        fund(who, second.amountMinor, currency, secondAt, second.id);
        Object.assign(second, { status: 'funded', fundedAt: secondAt, updatedAt: secondAt });
      } else if (p.status !== 'in_progress' && p.status !== 'assigned') {
        throw new Error(`demo: a staged plan is planned only for work in progress or waiting to start (${p.status})`);
      }
      continue;
    }
    fund(who, price, currency, paidAt);
    if (p.status === 'completado') release(who, price, currency, p.completedAt as Date);
  }
  return plan;
}

// Lifecycles as explicit transition tables (DOMAIN.md). The server enforces them;
// the UI reads them to decide which actions to show.

export const PROJECT_STATUSES = ['created', 'assigned', 'in_progress', 'delivered', 'completado', 'disputed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  created: 'Abierto',
  assigned: 'Asignado',
  in_progress: 'En progreso',
  delivered: 'Entregado',
  completado: 'Completado',
  disputed: 'En reclamación',
  cancelled: 'Cancelado',
};

export const PROJECT_TRANSITIONS: Record<ProjectStatus, readonly ProjectStatus[]> = {
  // The client accepts a quote (assigned) or withdraws the request (cancelled).
  created: ['assigned', 'cancelled'],
  // The contractor starts (once the money to begin is held); or both agree to cancel with a full
  // refund of what is held; or, before anything is funded, the hire ends (the client calls it off,
  // the contractor steps back, or the time to pay passes) and the project reopens to offers.
  assigned: ['in_progress', 'cancelled', 'created'],
  // The contractor says the work is done.
  in_progress: ['delivered', 'disputed'],
  // The client approves (or 7 days pass), or opens a claim within 7 days.
  delivered: ['completado', 'disputed'],
  // Final: reviews open.
  completado: [],
  // A sysadmin decides: release (completado) or refund (cancelled).
  disputed: ['completado', 'cancelled'],
  cancelled: [],
};

export const QUOTE_STATUSES = ['created', 'accepted', 'rejected', 'withdrawn', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  created: 'Enviada',
  accepted: 'Aceptada',
  rejected: 'Rechazada',
  withdrawn: 'Retirada',
  expired: 'Vencida',
};

export const QUOTE_TRANSITIONS: Record<QuoteStatus, readonly QuoteStatus[]> = {
  // The client accepts or rejects; the contractor withdraws; the expiry passes.
  created: ['accepted', 'rejected', 'withdrawn', 'expired'],
  // The hire ended before anything was funded (cancel_hire, withdraw_hire, lapse_hire).
  accepted: ['withdrawn'],
  rejected: [],
  withdrawn: [],
  expired: [],
};

export function canTransition<S extends string>(table: Record<S, readonly S[]>, from: S, to: S): boolean {
  return table[from].includes(to);
}

/** Days a client has to approve or claim after delivery before automatic approval. */
export const DELIVERY_REVIEW_DAYS = 7;

/**
 * What each person may do to a project, from which statuses, and where it leads: the one rule
 * the projects service enforces (every other request is a 409) and the UI reads to decide which
 * buttons to show. `to: null` acts on a project without moving it. Every move is one of
 * PROJECT_TRANSITIONS (a test checks it). Money follows the moves (decision 021): completado
 * releases what is held, cancelled after funding refunds it.
 */
export const PROJECT_ACTIONS = {
  // The client changes the request while it is open (and no quote is accepted, which would have assigned it).
  edit: { by: 'client', from: ['created'], to: null },
  // A contractor makes, replaces or withdraws an offer.
  quote: { by: 'contractor', from: ['created'], to: null },
  // The client accepts one quote: the quote's contractor is hired.
  assign: { by: 'client', from: ['created'], to: 'assigned' },
  // The client withdraws the request before hiring (deleted outright while it has no offers).
  cancel: { by: 'client', from: ['created'], to: 'cancelled' },
  // The hired contractor starts the work.
  start: { by: 'contractor', from: ['assigned'], to: 'in_progress' },
  // The hired contractor adds photos of the work before saying it is done.
  add_delivery_photo: { by: 'contractor', from: ['in_progress'], to: null },
  // The hired contractor says the work is done (optional note).
  deliver: { by: 'contractor', from: ['in_progress'], to: 'delivered' },
  // The client approves the work: completado (money released by the payment issue).
  approve: { by: 'client', from: ['delivered'], to: 'completado' },
  // The client opens a claim; a sysadmin decides it.
  claim: { by: 'client', from: ['in_progress', 'delivered'], to: 'disputed' },
  // Neither approval nor claim within DELIVERY_REVIEW_DAYS of delivery: approved automatically.
  auto_approve: { by: 'system', from: ['delivered'], to: 'completado' },
  // A sysadmin decides a claim: the money held is released to the contractor (all, or a share with the rest refunded)…
  decide_release: { by: 'sysadmin', from: ['disputed'], to: 'completado' },
  // …or refunded to the client in full.
  decide_refund: { by: 'sysadmin', from: ['disputed'], to: 'cancelled' },
  // A hired project both sides agree to call off (through the team): cancelled, what is held refunded in full.
  cancel_hired: { by: 'sysadmin', from: ['assigned'], to: 'cancelled' },
  // Before anything is funded (UNFUNDED_ONLY): the client calls the hire off, the hired contractor
  // steps back, or HIRE_PAYMENT_HOURS pass unpaid (the lapse sweep). The project reopens to offers:
  // the accepted offer is withdrawn, the others stay rejected. None of them costs anyone money.
  cancel_hire: { by: 'client', from: ['assigned'], to: 'created' },
  withdraw_hire: { by: 'contractor', from: ['assigned'], to: 'created' },
  lapse_hire: { by: 'system', from: ['assigned'], to: 'created' },
  // A record of who shows up (decision 057). "Llegué": the hired contractor marks arrival from the
  // hire's start day on; on an assigned project it is also the start move (its money gate). Once.
  arrive: { by: 'contractor', from: ['assigned', 'in_progress'], to: null },
  // The client answers "Llegué": "Sí, llegó" or "No llegó" (the latter recorded, not a refund: a claim is the way).
  answer_arrival: { by: 'client', from: ['in_progress', 'delivered', 'disputed', 'completado'], to: null },
  // The hired contractor steps back from a FUNDED hire (the unfunded one is withdraw_hire): cancelled,
  // everything held refunded in the same transaction; within 24 h of the start day it is a late cancellation.
  step_back: { by: 'contractor', from: ['assigned'], to: 'cancelled' },
  // After the start day ended with no "Llegué", the client reports "No llegó": cancelled, everything held refunded, a no-show.
  report_no_show: { by: 'client', from: ['assigned'], to: 'cancelled' },
} as const satisfies Record<string, { by: 'client' | 'contractor' | 'system' | 'sysadmin'; from: readonly ProjectStatus[]; to: ProjectStatus | null }>;
export type ProjectAction = keyof typeof PROJECT_ACTIONS;

export function projectAllows(action: ProjectAction, status: ProjectStatus): boolean {
  return (PROJECT_ACTIONS[action].from as readonly ProjectStatus[]).includes(status);
}

/** The statuses a person sets with POST /api/projects/:id/status, and the action each one is. */
export const STATUS_MOVES = { in_progress: 'start', delivered: 'deliver', completado: 'approve', disputed: 'claim' } as const satisfies Partial<
  Record<ProjectStatus, ProjectAction>
>;
export type StatusMove = keyof typeof STATUS_MOVES;

/** What a quote's people may do to it. Only an open quote ('created') can be acted on. */
export const QUOTE_ACTIONS = {
  // The contractor takes the offer back.
  withdraw: { by: 'contractor', from: ['created'], to: 'withdrawn' },
  // The client proposes another price; the quote stays open.
  counter: { by: 'client', from: ['created'], to: null },
  // The contractor accepts (agreed price) or declines the counter-offer; the quote stays open.
  answer_counter: { by: 'contractor', from: ['created'], to: null },
  // The client hires this contractor (the project becomes assigned).
  accept: { by: 'client', from: ['created'], to: 'accepted' },
  // The client says no (optional comment), or accepted another quote.
  reject: { by: 'client', from: ['created'], to: 'rejected' },
  // Its validity passed (the expiry sweep).
  expire: { by: 'system', from: ['created'], to: 'expired' },
  // The hire it made ended before anything was funded: the project reopened without it.
  unhire: { by: 'system', from: ['accepted'], to: 'withdrawn' },
} as const satisfies Record<string, { by: 'client' | 'contractor' | 'system'; from: readonly QuoteStatus[]; to: QuoteStatus | null }>;
export type QuoteAction = keyof typeof QUOTE_ACTIONS;

export function quoteAllows(action: QuoteAction, status: QuoteStatus): boolean {
  return (QUOTE_ACTIONS[action].from as readonly QuoteStatus[]).includes(status);
}

/** The next thing a client does with a project (Mis Proyectos), or null when it is someone else's turn. */
export const CLIENT_NEXT_ACTIONS = ['see_offers', 'fund', 'approve', 'review'] as const;
export type ClientNextAction = (typeof CLIENT_NEXT_ACTIONS)[number];

export function clientNextAction(status: ProjectStatus, openOffers: number): ClientNextAction | null {
  if (status === 'created') return openOffers > 0 ? 'see_offers' : null;
  if (status === 'assigned') return 'fund';
  if (status === 'delivered') return 'approve';
  if (status === 'completado') return 'review';
  return null;
}

// ---- Payment protection: the money each move needs (issue 29, decision 021) ----

/** Hours a client has to fund a hire before it lapses (HIRE_PAYMENT_HOURS). */
export const DEFAULT_HIRE_PAYMENT_HOURS = 72;

/**
 * The money a move needs held (or already released): 'to_begin' is the whole price of a
 * single-price offer or the first stage of a staged plan; 'all' is the whole agreed price (every
 * stage funded, so an approval always releases what was agreed). The one table the server
 * enforces under the project's lock (project-lifecycle.ts) and the pages read to explain a
 * disabled control. Moves not listed need no money.
 */
export const MONEY_GATES = {
  start: 'to_begin',
  add_delivery_photo: 'to_begin',
  deliver: 'all',
  approve: 'all',
  auto_approve: 'all',
} as const satisfies Partial<Record<ProjectAction, 'to_begin' | 'all'>>;

/** Moves allowed only while nothing is funded: undoing a hire never costs or refunds money. */
export const UNFUNDED_ONLY = ['cancel_hire', 'withdraw_hire', 'lapse_hire'] as const satisfies readonly ProjectAction[];

/** What the money gates read of a hired project (ProjectMoney carries all of it). */
export interface MoneyCover {
  priceMinor: number;
  fundedMinor: number;
  refundedMinor: number;
  /** The staged plan's amounts in order (empty: a single price). */
  milestones: readonly { amountMinor: number }[];
}

/** The amount that must have been funded (and not refunded) to begin: the first stage, or the price. */
export function amountToBegin(m: MoneyCover): number {
  return m.milestones.length > 0 ? m.milestones[0]!.amountMinor : m.priceMinor;
}

/** Funded and not refunded: what is held plus what was released. */
export const coveredMinor = (m: MoneyCover) => m.fundedMinor - m.refundedMinor;

/** Whether the money to begin is held (or already released): the work may start, and contact details are shared. */
export function moneyToBeginHeld(m: MoneyCover | null | undefined): boolean {
  return !!m && m.priceMinor > 0 && coveredMinor(m) >= amountToBegin(m);
}

/**
 * What the action still needs funded, or 0 when the money allows it (actions without a gate: 0).
 * For 'to_begin' on a staged plan that is the first stage's shortfall; for 'all', the rest of the price.
 */
export function moneyShortfall(action: ProjectAction, m: MoneyCover): number {
  const gate = (MONEY_GATES as Partial<Record<ProjectAction, 'to_begin' | 'all'>>)[action];
  if (!gate) return 0;
  const needed = gate === 'all' ? m.priceMinor : amountToBegin(m);
  return Math.max(0, needed - coveredMinor(m));
}

/**
 * The amount of each stage of a plan at an agreed price: each stage its percent rounded, the last
 * the rest, so they always add up to the price. A plan whose amounts are not all above zero
 * cannot be paid (refused when offered and when countered).
 */
export function stageAmounts(priceMinor: number, percents: readonly number[]): number[] {
  let left = priceMinor;
  return percents.map((percent, i) => {
    const amount = i === percents.length - 1 ? left : Math.round((priceMinor * percent) / 100);
    left -= amount;
    return amount;
  });
}

/** The platform's fee on a release to a contractor (PLATFORM_FEE_PERCENT), in minor units: one rounding for the ledger and the pages. */
export const platformFeeMinor = (amountMinor: number, feePercent: number) => Math.round((amountMinor * feePercent) / 100);

/** What the contractor receives of a release: the amount less platformFeeMinor (the ledger's contractor_payable entry). */
export const contractorReceivesMinor = (amountMinor: number, feePercent: number) => amountMinor - platformFeeMinor(amountMinor, feePercent);

/**
 * What a contractor receives of an offer at a price, shown under the offer form's price: with a
 * staged plan, each stage released with its own fee (a stage's release and the final approval
 * post one fee each), so it can be a centavo per stage below the whole price's.
 */
export function offerReceivesMinor(priceMinor: number, feePercent: number, stagePercents: readonly number[] = []): number {
  const releases = stagePercents.length > 0 ? stageAmounts(priceMinor, stagePercents) : [priceMinor];
  return releases.reduce((sum, amount) => sum + contractorReceivesMinor(amount, feePercent), 0);
}

/**
 * What a claim's decision gives each side of what is held (one rounding for the ledger and the
 * console's preview): release all, refund all, or the contractor's percent released (less the
 * platform's fee) and the rest refunded.
 */
export function claimShares(heldMinor: number, outcome: 'release' | 'refund' | 'split', contractorPercent: number | undefined, feePercent: number) {
  const released = outcome === 'release' ? heldMinor : outcome === 'refund' ? 0 : Math.round((heldMinor * (contractorPercent ?? 0)) / 100);
  const feeMinor = platformFeeMinor(released, feePercent);
  return { releasedMinor: released, feeMinor, toContractorMinor: contractorReceivesMinor(released, feePercent), toClientMinor: heldMinor - released };
}

export const stagesPayable = (priceMinor: number, percents: readonly number[]) => stageAmounts(priceMinor, percents).every((a) => a > 0);

/** Days an offer stays valid unless the contractor says otherwise. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 7;

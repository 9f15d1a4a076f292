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
  // The contractor starts; or both agree to cancel with a full refund of what is held.
  assigned: ['in_progress', 'cancelled'],
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
  accepted: [],
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

/** Days an offer stays valid unless the contractor says otherwise. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 7;

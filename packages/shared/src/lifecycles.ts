// Lifecycles as explicit transition tables (DOMAIN.md). The server enforces them;
// the UI reads them to decide which actions to show.

export const PROJECT_STATUSES = [
  'created',
  'assigned',
  'in_progress',
  'delivered',
  'completado',
  'disputed',
  'cancelled',
] as const;
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

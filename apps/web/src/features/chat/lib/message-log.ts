import type { ChatMessage } from '@arreglaya/shared/schemas/chat';

/** Oldest first; ties on the time by id, as the server orders them. */
function compare(a: ChatMessage, b: ChatMessage): number {
  const t = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  return t !== 0 ? t : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);

/**
 * Adds `incoming` to `existing` by id, so a message that arrives twice (the REST answer and the
 * socket's copy, or a reconnect's `?after=` and a frame) is shown once. A copy never undoes an
 * acknowledgement the other had (delivered, read) nor a service request's answer.
 */
export function mergeMessages(existing: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return existing as ChatMessage[];
  const byId = new Map(existing.map((m) => [m.id, m]));
  for (const m of incoming) {
    const had = byId.get(m.id);
    byId.set(
      m.id,
      had
        ? {
            ...m,
            deliveredAt: later(had.deliveredAt, m.deliveredAt),
            readAt: later(had.readAt, m.readAt),
            serviceRequest: had.serviceRequest !== 'pending' && had.serviceRequest !== null ? had.serviceRequest : m.serviceRequest,
          }
        : m,
    );
  }
  return [...byId.values()].sort(compare);
}

/** The server's `delivered` frame: these messages reached the other person. */
export function applyDelivered(messages: readonly ChatMessage[], ids: readonly string[], at: string): ChatMessage[] {
  const set = new Set(ids);
  return messages.map((m) => (set.has(m.id) && m.deliveredAt === null ? { ...m, deliveredAt: at } : m));
}

/**
 * The server's `read` frame. The other person read: my messages become read. I read (in another
 * tab): theirs and the platform's notifications do.
 */
export function applyRead(messages: readonly ChatMessage[], byMe: boolean, at: string): ChatMessage[] {
  return messages.map((m) => (m.readAt === null && m.mine !== byMe ? { ...m, readAt: at, deliveredAt: m.deliveredAt ?? at } : m));
}

/** The newest message's id: where a reconnect asks `?after=`. */
export function lastMessageId(messages: readonly ChatMessage[]): string | null {
  return messages.at(-1)?.id ?? null;
}

/** What a message of mine shows: read, delivered or only sent (the server's acknowledgements). */
export function deliveryState(m: Pick<ChatMessage, 'deliveredAt' | 'readAt'>): 'sent' | 'delivered' | 'read' {
  return m.readAt !== null ? 'read' : m.deliveredAt !== null ? 'delivered' : 'sent';
}

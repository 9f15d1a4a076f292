import { randomFillSync } from 'node:crypto';
import { chat as tc } from '@arreglaya/shared/i18n/chat';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type MessageRow } from './chat.repository.ts';
import { insertTextMessages, type TextMessageInput } from './chat-group-commit.repository.ts';

/**
 * How much may wait for the database before new messages are refused at once (decision 024):
 * at most this many messages queued, none of them waiting longer than `maxWaitMs`. Past either,
 * the instance is overloaded and a sender hears so now (socket `rate_limited`, REST 503) instead
 * of seconds later.
 */
export const SEND_QUEUE_LIMITS = { maxQueued: 2_000, maxWaitMs: 1_000, maxBatch: 500 } as const;

interface Pending {
  input: Omit<TextMessageInput, 'id'> & { id?: string };
  at: number;
  resolve(row: MessageRow): void;
  reject(err: unknown): void;
}

let lastMs = 0;
let seq = 0;

/**
 * A UUID (version 7 layout) that sorts after every earlier one of this process: the time in
 * milliseconds, then a counter within the millisecond, then random bits. Messages of one
 * millisecond are ordered by id (the history's tie-break) in the order they were sent.
 */
export function timeOrderedUuid(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    seq = 0;
  } else {
    seq += 1;
    if (seq > 0xfff) {
      // 4096 in one millisecond: borrow the next one.
      lastMs += 1;
      seq = 0;
    }
  }
  const b = randomFillSync(Buffer.alloc(16));
  b.writeUIntBE(lastMs, 0, 6);
  b[6] = 0x70 | (seq >> 8);
  b[7] = seq & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * Group commit for text messages: the messages sent while the previous statement runs (or in
 * the same turn of the event loop) are stored with ONE multi-row statement and one commit
 * (`insertTextMessages`), which also carries their live events (NOTIFY, delivered at commit).
 * Each sender's promise settles after that commit: nothing is acknowledged that is not stored.
 * One statement at a time per instance, so the order of sending is the order of storing.
 */
export class SendQueue {
  private queue: Pending[] = [];
  private scheduled = false;
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly location: string,
    /** The fan-out's PostgreSQL channel: the statement NOTIFYs on it itself (else undefined). */
    private readonly notifyChannel: string | undefined,
    private readonly limits: { maxQueued: number; maxWaitMs: number; maxBatch: number } = SEND_QUEUE_LIMITS,
  ) {}

  /** True when the statement itself NOTIFYs the live events (the PostgreSQL fan-out). */
  get notifies(): boolean {
    return this.notifyChannel !== undefined;
  }

  /** Messages waiting for the database (tests, metrics). */
  get size(): number {
    return this.queue.length;
  }

  /** True when a new message would be refused (the bound above). */
  overloaded(now = Date.now()): boolean {
    const oldest = this.queue[0];
    return this.queue.length >= this.limits.maxQueued || (oldest !== undefined && now - oldest.at > this.limits.maxWaitMs);
  }

  /** Stores the message with the others of this turn; refused at once (503 UNAVAILABLE) when overloaded. */
  add(input: Pending['input']): Promise<MessageRow> {
    const now = Date.now();
    if (this.overloaded(now)) return Promise.reject(new AppError('UNAVAILABLE', tc.busy));
    return new Promise<MessageRow>((resolve, reject) => {
      this.queue.push({ input, at: now, resolve, reject });
      if (!this.scheduled && !this.running) {
        this.scheduled = true;
        setImmediate(() => void this.run());
      }
    });
  }

  private async run(): Promise<void> {
    this.scheduled = false;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.limits.maxBatch);
        try {
          const rows = await insertTextMessages(
            this.db,
            batch.map((p) => ({ ...p.input, id: p.input.id ?? timeOrderedUuid() })),
            this.location,
            this.notifyChannel,
          );
          for (const [i, p] of batch.entries()) p.resolve(rows[i]!);
        } catch (err) {
          // One bad row fails the statement: each message of the batch is tried on its own, so
          // only the bad one is refused (rare: the conversation was deleted meanwhile).
          if (batch.length === 1) batch[0]!.reject(err);
          else for (const p of batch) await this.single(p);
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async single(p: Pending): Promise<void> {
    try {
      const [row] = await insertTextMessages(this.db, [{ ...p.input, id: p.input.id ?? timeOrderedUuid() }], this.location, this.notifyChannel);
      p.resolve(row!);
    } catch (err) {
      p.reject(err);
    }
  }
}

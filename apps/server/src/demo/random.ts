// Deterministic randomness for the demo seed: the same seed gives the same demo.

/** Fixed seed of the demo data. */
export const DEMO_SEED = 0x41_72_72_65; // "Arre"

/** mulberry32: a tiny, fast 32-bit PRNG with good enough statistics for demo data. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Helpers over one random source, so every draw goes through it in a fixed order. */
export class Rng {
  constructor(readonly next: () => number) {}

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    const last = items[items.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** `n` distinct items (fewer if the list is shorter). */
  sample<T>(items: readonly T[], n: number): T[] {
    return this.shuffle(items).slice(0, n);
  }

  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }

  /** A version-4 UUID drawn from this source, so ids are the same on every run. */
  uuid(): string {
    const b: number[] = [];
    for (let i = 0; i < 16; i++) b.push(this.int(0, 255));
    b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
    b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
    const h = b.map((x) => x.toString(16).padStart(2, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
}

const DAY_MS = 86_400_000;

export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

export function daysAfter(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** YYYY-MM-DD in the Dominican Republic's time zone (UTC−4, no daylight saving). */
export function isoDateDR(at: Date): string {
  return new Date(at.getTime() - 4 * 3_600_000).toISOString().slice(0, 10);
}

export const HOUR = 3_600_000;

/** A moment drawn between `from` and `to` (`from` when `to` is earlier). */
export function between(rng: Rng, from: Date, to: Date): Date {
  return new Date(from.getTime() + rng.next() * Math.max(0, to.getTime() - from.getTime()));
}

export function minDate(a: Date, b: Date): Date {
  return a < b ? a : b;
}

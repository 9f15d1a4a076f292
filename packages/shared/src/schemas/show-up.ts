import { z } from 'zod';
import { validation } from '../i18n/common.ts';
import type { CountryCode } from '../countries.ts';
import { todayIn } from './projects.ts';

// A record of who shows up (issue 49 part 4, docs/decisions/057-a-record-of-who-shows-up.md).
// The day rules are here once: the server enforces them with its clock, the page reads the
// server's answer (GET /api/projects/:id/show-up) to show the controls.

/** Ended hires before the public record shows rates. */
export const RECORD_MIN_HIRES = 5;
/** The record's rates are over this many most recent ended hires. */
export const RECORD_LAST_HIRES = 20;
/** Late cancellations and no-shows within this many days… */
export const RELIABILITY_WINDOW_DAYS = 90;
/** …this many of them pause the contractor. */
export const PAUSE_AFTER_EVENTS = 3;
/** Stepping back from a funded hire this close to the start day's beginning (or later) is late. */
export const LATE_CANCELLATION_HOURS = 24;

export const RELIABILITY_KINDS = ['late_cancellation', 'no_show'] as const;
export type ReliabilityKind = (typeof RELIABILITY_KINDS)[number];

/** Whether the hire's start day (YYYY-MM-DD, in the project's country) has begun at `now`. */
export const startDayBegun = (startDay: string, country: CountryCode, now: Date) => todayIn(country, now) >= startDay;
/** Whether the start day is over at `now` (the client may then say "No llegó" without a "Llegué"). */
export const startDayEnded = (startDay: string, country: CountryCode, now: Date) => todayIn(country, now) > startDay;
/**
 * Whether stepping back at `now` is a late cancellation: within LATE_CANCELLATION_HOURS before the
 * start day's first minute, or after it. Read as "the day 24 h from now is the start day or later",
 * which needs no time-zone offset (the marketplace's countries keep no daylight saving).
 */
export const lateToStepBack = (startDay: string, country: CountryCode, now: Date) => todayIn(country, new Date(now.getTime() + LATE_CANCELLATION_HOURS * 3_600_000)) >= startDay;

/** POST /api/projects/:id/arrival/answer: the client's "Confirmar llegada" (true) or "No llegó" (false). */
export const ArrivalAnswerSchema = z.object({ arrived: z.boolean({ error: validation.invalidValue }) });
export type ArrivalAnswer = z.infer<typeof ArrivalAnswerSchema>;

export const ArrivalSchema = z.object({
  markedAt: z.string(),
  /** Marked on the start day (it cannot be marked before). */
  onStartDay: z.boolean(),
  answer: z.enum(['confirmed', 'denied']).nullable(),
  answeredAt: z.string().nullable(),
});
export type Arrival = z.infer<typeof ArrivalSchema>;

/** GET /api/projects/:id/show-up: what the project's client or hired contractor may do now, by the server's clock. */
export const ShowUpStateSchema = z.object({
  startDay: z.string(),
  arrival: ArrivalSchema.nullable(),
  contractorName: z.string(),
  may: z.object({
    arrive: z.boolean(),
    answer: z.boolean(),
    reportNoShow: z.boolean(),
    stepBack: z.boolean(),
  }),
  /** Stepping back now counts as a late cancellation. */
  stepBackIsLate: z.boolean(),
});
export type ShowUpState = z.infer<typeof ShowUpStateSchema>;

/** GET /api/contractors/:id/record: the public record (null rates below RECORD_MIN_HIRES ended hires). */
export const ShowUpRecordSchema = z.object({
  endedHires: z.number().int(),
  /** The hires the rates are over (at most RECORD_LAST_HIRES). */
  counted: z.number().int(),
  completionRate: z.number().nullable(),
  onTimeRate: z.number().nullable(),
  lateCancellations90d: z.number().int(),
  noShows90d: z.number().int(),
});
export type ShowUpRecord = z.infer<typeof ShowUpRecordSchema>;

/** The console: a paused contractor with the events that paused them. */
export const PausedContractorSchema = z.object({
  id: z.string(),
  name: z.string(),
  pausedAt: z.string(),
  events: z.array(z.object({ kind: z.enum(RELIABILITY_KINDS), at: z.string(), projectId: z.string(), projectTitle: z.string() })),
});
export const PausedContractorsSchema = z.object({ items: z.array(PausedContractorSchema) });
export type PausedContractor = z.infer<typeof PausedContractorSchema>;

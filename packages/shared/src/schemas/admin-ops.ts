import { z } from 'zod';
import { ClaimViewSchema } from './claims.ts';
import { CONTACT_KINDS, CURRENCIES, INBOX_STATUSES, JOB_QUEUES, REPORT_REASONS, REPORT_STATUSES, REPORT_TARGETS } from '../domain.ts';
import { validation } from '../i18n/common.ts';
import { adminLog } from '../i18n/admin-ops.ts';
import { choice, optionalText, requiredText } from './common.ts';

// ---- Claims ----

export const AdminClaimSchema = z.object({
  projectId: z.uuid(),
  title: z.string(),
  clientName: z.string(),
  contractorName: z.string(),
  currency: z.enum(CURRENCIES),
  heldMinor: z.number().int(),
  claimReason: z.string().nullable(),
  disputedAt: z.iso.datetime().nullable(),
  /** The claim's record with its deadlines (decision 054); null for none stored. */
  claim: ClaimViewSchema.nullable(),
});
export type AdminClaim = z.infer<typeof AdminClaimSchema>;
export const AdminClaimListSchema = z.object({ items: z.array(AdminClaimSchema) });

export const ClaimMessageSchema = z.object({
  id: z.uuid(),
  /** 'client', 'contractor' or 'system' (a notification). */
  from: z.enum(['client', 'contractor', 'system']),
  /** Whom a notification was for (decision 024: each notice has one recipient); null for chat messages and old notices. */
  to: z.enum(['client', 'contractor']).nullable(),
  type: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  hidden: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type ClaimMessage = z.infer<typeof ClaimMessageSchema>;
export const ClaimConversationSchema = z.object({ projectId: z.uuid(), clientName: z.string(), contractorName: z.string(), messages: z.array(ClaimMessageSchema) });
export type ClaimConversation = z.infer<typeof ClaimConversationSchema>;
export const ProjectIdParamsSchema = z.object({ projectId: z.uuid({ error: validation.invalidValue }) });

// ---- Inboxes ----

export const INBOX_KINDS = [...CONTACT_KINDS, 'referral'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const InboxQuerySchema = z.object({
  status: choice(INBOX_STATUSES).optional(),
  page: z.coerce.number({ error: validation.invalidValue }).int(validation.invalidValue).min(1, validation.invalidValue).max(10_000, validation.invalidValue).default(1),
});
export const InboxKindParamsSchema = z.object({ kind: choice(INBOX_KINDS) });

export const InboxItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(INBOX_KINDS),
  status: z.enum(INBOX_STATUSES),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  messageType: z.string().nullable(),
  message: z.string().nullable(),
  serviceTypes: z.array(z.string()),
  address: z.string().nullable(),
  /** Store applications: decrypted for the sysadmin view only (decision 010). */
  cedula: z.string().nullable(),
  bank: z.string().nullable(),
  bankAccount: z.string().nullable(),
  referredBy: z.string().nullable(),
  replyText: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type InboxItem = z.infer<typeof InboxItemSchema>;
export const InboxPageSchema = z.object({ items: z.array(InboxItemSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export type InboxPage = z.infer<typeof InboxPageSchema>;

export const InboxReplySchema = z.object({ reply: requiredText(5000, { multiline: true }) });
export type InboxReply = z.infer<typeof InboxReplySchema>;

export const SubscriberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  status: z.enum(['active', 'unsubscribed']),
  createdAt: z.iso.datetime(),
  unsubscribedAt: z.iso.datetime().nullable(),
});
export const SubscriberPageSchema = z.object({ items: z.array(SubscriberSchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export type SubscriberPage = z.infer<typeof SubscriberPageSchema>;
export const PageQuerySchema = z.object({
  page: z.coerce.number({ error: validation.invalidValue }).int(validation.invalidValue).min(1, validation.invalidValue).max(10_000, validation.invalidValue).default(1),
});

// ---- Reports and moderation ----

export const ReportFormSchema = z
  .object({
    targetKind: choice(REPORT_TARGETS),
    /** A message of a conversation the reporter is in. */
    messageId: z.uuid({ error: validation.invalidValue }).optional(),
    /** A contractor's profile (their user id). */
    contractorId: z.uuid({ error: validation.invalidValue }).optional(),
    reason: choice(REPORT_REASONS),
    details: optionalText(1000, { multiline: true }),
  })
  .refine((v) => (v.targetKind === 'message' ? v.messageId !== undefined : v.contractorId !== undefined), {
    error: validation.required,
    path: ['targetKind'],
  });
export type ReportForm = z.input<typeof ReportFormSchema>;

export const ReportSchema = z.object({
  id: z.uuid(),
  targetKind: z.enum(REPORT_TARGETS),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  reporterName: z.string().nullable(),
  subjectId: z.uuid().nullable(),
  subjectName: z.string().nullable(),
  messageId: z.uuid().nullable(),
  messageBody: z.string().nullable(),
  messageHidden: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Report = z.infer<typeof ReportSchema>;
export const ReportListSchema = z.object({ items: z.array(ReportSchema) });
export const ReportDecisionSchema = z.object({ action: choice(['dismiss', 'act'] as const) });

export const FlaggedTextSchema = z.object({
  source: z.enum(['description', 'caption']),
  text: z.string(),
  matches: z.array(z.object({ kind: z.enum(['url', 'email', 'phone']), start: z.number().int(), end: z.number().int(), text: z.string() })),
});
export const FlaggedProfileSchema = z.object({ contractorId: z.uuid(), name: z.string(), texts: z.array(FlaggedTextSchema) });
export type FlaggedProfile = z.infer<typeof FlaggedProfileSchema>;
export const FlaggedProfileListSchema = z.object({ items: z.array(FlaggedProfileSchema) });

// ---- Log trail ----

const dateOnly = z.iso.date({ error: validation.invalidValue });
export const LogTrailQuerySchema = z
  .object({
    who: optionalText(254),
    what: optionalText(60),
    where: optionalText(200),
    from: dateOnly.optional().or(z.literal('').transform(() => undefined)),
    to: dateOnly.optional().or(z.literal('').transform(() => undefined)),
    page: z.coerce.number({ error: validation.invalidValue }).int(validation.invalidValue).min(1, validation.invalidValue).max(10_000, validation.invalidValue).default(1),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { error: adminLog.badRange, path: ['to'] });
export type LogTrailQuery = z.infer<typeof LogTrailQuerySchema>;
export type LogTrailFilterForm = z.input<typeof LogTrailQuerySchema>;

export const LogEntrySchema = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  action: z.string(),
  location: z.string(),
  sessionId: z.string().nullable(),
  details: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type LogEntryView = z.infer<typeof LogEntrySchema>;
export const LogTrailPageSchema = z.object({ items: z.array(LogEntrySchema), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export type LogTrailPage = z.infer<typeof LogTrailPageSchema>;

// ---- Job queue (decision 035) ----

export const JobQueueSchema = z.object({
  name: z.enum(JOB_QUEUES),
  /** Jobs created or waiting for a retry (a retry's back-off included). */
  waiting: z.number().int(),
  active: z.number().int(),
  /** Jobs that failed their last retry and wait for a sysadmin (their copies are in `dead-letters`). */
  failed: z.number().int(),
  /** When the queue's last job completed; null when none has. */
  lastRunAt: z.iso.datetime().nullable(),
});
export type JobQueue = z.infer<typeof JobQueueSchema>;
export const FailedJobSchema = z.object({
  id: z.uuid(),
  queue: z.enum(JOB_QUEUES),
  failedAt: z.iso.datetime(),
  /** Runs so far (the first and its retries). */
  attempts: z.number().int(),
  /** The error's message (never the job's data). */
  error: z.string().nullable(),
});
export type FailedJob = z.infer<typeof FailedJobSchema>;
export const JobQueuesSchema = z.object({ queues: z.array(JobQueueSchema), failed: z.array(FailedJobSchema) });
export type JobQueues = z.infer<typeof JobQueuesSchema>;
export const FailedJobParamsSchema = z.object({ queue: choice(JOB_QUEUES), id: z.uuid({ error: validation.invalidValue }) });

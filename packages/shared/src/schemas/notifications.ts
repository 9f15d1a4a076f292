import { z } from 'zod';
import { validation } from '../i18n/common.ts';
import { notices } from '../i18n/notices.ts';

// The spec's four notification flags (§3 client profile: ImmediateNotification, newsletter,
// matchesNotification, specialOffersNotification), at /perfil/notificaciones and /profile/notificaciones.

export const NOTIFICATION_KINDS = ['immediate', 'newsletter', 'matches', 'specialOffers'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const flag = z.boolean({ error: validation.invalidValue });

/** PUT /api/me/notifications: all four flags. */
export const NotificationPreferencesSchema = z.object({ immediate: flag, newsletter: flag, matches: flag, specialOffers: flag }).meta({ id: 'NotificationPreferences' });
export type NotificationPreferencesInput = z.infer<typeof NotificationPreferencesSchema>;

export const NotificationPreferencesSavedSchema = z.object({ message: z.string(), preferences: NotificationPreferencesSchema });

// ---- The notification centre (issue 31): the person's notices, newest first ----

/**
 * What a notice is about: the catalogue entry it was written from (projectMail's keys, the reviews'
 * and the refund receipt's). Stored in `messages.notice_kind`; null for notices older than it.
 */
export const NOTICE_KINDS = [
  'newQuote',
  'quoteCountered',
  'counterAnswered',
  'quoteAccepted',
  'quoteRejected',
  'quoteExpired',
  'offerWithdrawn',
  'projectAssigned',
  'projectFunded',
  'contactShared',
  'hireEnded',
  'projectClosed',
  'projectStarted',
  'projectDelivered',
  'projectApproved',
  'projectDisputed',
  'claimDecided',
  'projectCancelled',
  'refundSent',
  'paymentInstructions',
  'paymentPartial',
  'paymentExpired',
  'reviewApproved',
  'reviewRejected',
  'reviewPublished',
  /** A photo or voice note sent on WhatsApp that could not be received (decision 063): to its sender, in the conversation. */
  'whatsappMediaLost',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** One page of the centre. */
export const NOTICES_PAGE_SIZE = 20;

/** GET /api/me/notices: `before` is the last notice of the previous page (its id). */
export const NoticesQuerySchema = z.object({
  before: z.uuid({ error: notices.notFound }).optional(),
  limit: z.coerce
    .number({ error: validation.invalidValue })
    .int({ error: validation.invalidValue })
    .min(1, { error: validation.invalidValue })
    .max(50, { error: validation.invalidValue })
    .default(NOTICES_PAGE_SIZE),
});
/**
 * GET /api/projects/:id?notices=read: the page also marks the viewer's notices about the project
 * read. The web asks it only while the session counts unread notices, so the page costs no
 * statement more otherwise (decision 031).
 */
export const NoticesOnOpenQuerySchema = z.object({ notices: z.enum(['read'], { error: validation.invalidValue }).optional() });
export const NoticeParamsSchema = z.object({ id: z.uuid({ error: notices.notFound }) });

export const NoticeSchema = z
  .object({
    id: z.uuid(),
    /** Null for a notice stored before kinds were. */
    kind: z.enum(NOTICE_KINDS).nullable(),
    title: z.string(),
    /** The notice's first paragraph, at most NOTICE_TEXT_MAX characters. */
    text: z.string(),
    createdAt: z.iso.datetime(),
    read: z.boolean(),
    /** The page where the person acts on it (an app path: /proyectos/:id, /perfil/reviews). */
    url: z.string(),
  })
  .meta({ id: 'Notice' });
export type Notice = z.infer<typeof NoticeSchema>;
export const NOTICE_TEXT_MAX = 200;

/** The unread counts the web keeps in the session: the centre's and the chat's (notices count in both). */
export const UnreadNoticesSchema = z.object({ notices: z.number().int(), messages: z.number().int() });
export type UnreadNotices = z.infer<typeof UnreadNoticesSchema>;

export const NoticesPageSchema = z.object({
  items: z.array(NoticeSchema),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.uuid().nullable(),
  unread: UnreadNoticesSchema,
});
export type NoticesPage = z.infer<typeof NoticesPageSchema>;

/** POST /api/me/notices/:id/read and /api/me/notices/read: how many changed, and the counts after. */
export const NoticesReadSchema = z.object({ read: z.number().int(), unread: UnreadNoticesSchema });
export type NoticesRead = z.infer<typeof NoticesReadSchema>;

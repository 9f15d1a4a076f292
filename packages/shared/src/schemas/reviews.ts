import { z } from 'zod';
import { validation } from '../i18n/common.ts';
import { reviews as tr } from '../i18n/reviews.ts';
import { requiredText } from './common.ts';

// Reviews both ways after a completed project (spec §3, §4, §5; DOMAIN.md "Review";
// docs/decisions/026-reviews.md). The form and the API use the same schemas.

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_COMMENTS_MAX = 2000;
export const REVIEW_REPLY_MAX = 2000;
export const REVIEW_REJECTION_MAX = 500;
export const REVIEWS_PAGE_SIZE = 10;
export const ADMIN_REVIEWS_PAGE_SIZE = 20;

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_DIRECTIONS = ['client_to_contractor', 'contractor_to_client'] as const;
export type ReviewDirection = (typeof REVIEW_DIRECTIONS)[number];

/** A rating 1–5; a form sends it as a string from radio buttons, the API as a number. */
export const ratingField = z.coerce
  .number({ error: validation.invalidOption })
  .int({ error: validation.invalidOption })
  .min(1, { error: validation.invalidOption })
  .max(5, { error: validation.invalidOption });

/** The Add Comment form (spec §5: rating 'Elige una opción válida.', comments 'Campo obligatorio.'). */
export const ReviewFormSchema = z.object({
  rating: ratingField,
  title: requiredText(REVIEW_TITLE_MAX),
  comments: requiredText(REVIEW_COMMENTS_MAX, { multiline: true }),
});
export type ReviewForm = z.input<typeof ReviewFormSchema>;
export type ReviewData = z.output<typeof ReviewFormSchema>;

export const ReviewReplySchema = z.object({ reply: requiredText(REVIEW_REPLY_MAX, { multiline: true }) });
export type ReviewReply = z.output<typeof ReviewReplySchema>;

export const ReviewRejectSchema = z.object({
  reason: z
    .string({ error: tr.admin.reasonRequired })
    .trim()
    .min(1, { error: tr.admin.reasonRequired })
    .max(REVIEW_REJECTION_MAX, { error: validation.tooLong(REVIEW_REJECTION_MAX) }),
});
export type ReviewReject = z.output<typeof ReviewRejectSchema>;

export const ReviewIdParamsSchema = z.object({ id: z.uuid({ error: tr.notFound }) });
export const ProjectIdParamsSchema = z.object({ projectId: z.uuid({ error: tr.projectNotFound }) });

/** A review as its author, the reviewed person or a sysadmin sees it. */
export const ReviewSchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    projectTitle: z.string(),
    direction: z.enum(REVIEW_DIRECTIONS),
    status: z.enum(REVIEW_STATUSES),
    rating: z.number().int().min(1).max(5),
    title: z.string(),
    comments: z.string(),
    reply: z.string().nullable(),
    /** Shown to the author only (the reason a sysadmin gave). */
    rejectionReason: z.string().nullable(),
    authorId: z.uuid(),
    authorName: z.string(),
    subjectId: z.uuid(),
    subjectName: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof ReviewSchema>;

/** What the project page needs: may I review, and my review when I wrote one. */
export const ProjectReviewStateSchema = z.object({
  canReview: z.boolean(),
  mine: ReviewSchema.nullable(),
});
export type ProjectReviewState = z.infer<typeof ProjectReviewStateSchema>;

export const REVIEW_TABS = ['about', 'by'] as const;
export type ReviewTab = (typeof REVIEW_TABS)[number];
export const REVIEW_SORTS = ['newest', 'oldest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const MyReviewsQuerySchema = z.object({
  tab: z.enum(REVIEW_TABS, { error: validation.invalidOption }).default('about'),
  sort: z.enum(REVIEW_SORTS, { error: validation.invalidOption }).default('newest'),
  page: z.coerce.number({ error: validation.invalidValue }).int().min(1).max(10_000).default(1),
});
export type MyReviewsQuery = z.input<typeof MyReviewsQuerySchema>;

export const MyReviewsPageSchema = z.object({
  items: z.array(ReviewSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
  /** Each tab's count: approved reviews about me; every review I wrote. */
  counts: z.object({ about: z.number().int(), by: z.number().int() }),
  /** My rating from approved reviews about me (0 without any). */
  rating: z.object({ average: z.number(), count: z.number().int() }),
});
export type MyReviewsPage = z.infer<typeof MyReviewsPageSchema>;

export const AdminReviewsQuerySchema = z.object({ page: z.coerce.number({ error: validation.invalidValue }).int().min(1).max(10_000).default(1) });
export const AdminReviewsPageSchema = z.object({ items: z.array(ReviewSchema), page: z.number().int(), pageCount: z.number().int(), total: z.number().int() });
export type AdminReviewsPage = z.infer<typeof AdminReviewsPageSchema>;

export const ReviewResultSchema = z.object({ message: z.string(), review: ReviewSchema });
export type ReviewResult = z.infer<typeof ReviewResultSchema>;

// "Me gusta" / "No me gusta" on approved public reviews (issue 55; decision 058). The buttons and
// the API share the vote's schema; the viewer is the session, never a field.

export const REVIEW_VOTE_VALUES = [1, -1] as const;
export type ReviewVoteValue = (typeof REVIEW_VOTE_VALUES)[number];
/** How many reviews one GET /api/review-votes answers for (a contractor's page shows 20). */
export const REVIEW_VOTES_MAX_IDS = 50;

export const ReviewVoteSchema = z.object({
  value: z.union([z.literal(1), z.literal(-1)], { error: validation.invalidOption }),
});
export type ReviewVoteInput = z.infer<typeof ReviewVoteSchema>;

/** One review's counts and the viewer's own vote; `own`: the viewer wrote it or it is about them (no buttons). */
export const ReviewVotesSchema = z
  .object({
    reviewId: z.uuid(),
    likes: z.number().int().min(0),
    dislikes: z.number().int().min(0),
    mine: z.union([z.literal(1), z.literal(-1)]).nullable(),
    own: z.boolean(),
  })
  .meta({ id: 'ReviewVotes' });
export type ReviewVotes = z.infer<typeof ReviewVotesSchema>;

export const ReviewVotesListSchema = z.object({ items: z.array(ReviewVotesSchema) });
export type ReviewVotesList = z.infer<typeof ReviewVotesListSchema>;

/** `?ids=a,b,c`: the reviews a page shows; only approved public ones are answered. */
export const ReviewVotesQuerySchema = z.object({
  ids: z
    .string({ error: validation.invalidValue })
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((x) => x.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.uuid({ error: validation.invalidValue })).max(REVIEW_VOTES_MAX_IDS, { error: validation.invalidValue })),
});

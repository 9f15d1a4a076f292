import type { ServiceType } from '@arreglaya/shared/domain';
import type { projects, reviews } from '../db/schema/index.ts';
import { CLIENT_REVIEWS, CLOSING_PRAISE, CONTRACTOR_REPLIES_BAD, CONTRACTOR_REPLIES_GOOD, MIXED_COMMENTS, POOR_COMMENTS, REVIEW_TITLES, TRADE_PRAISE } from './data-reviews.ts';
import type { DemoClient, DemoContractor } from './plan-people.ts';
import { between, daysAfter, daysBefore, HOUR, minDate, type Rng } from './random.ts';

// The demo's reviews of finished work (plan-projects.ts plans the work).

export type ReviewRow = typeof reviews.$inferInsert;
/** What a review needs of its finished project. */
type FinishedProject = Pick<typeof projects.$inferInsert, 'clientId' | 'serviceTypes' | 'completedAt'> & { id: string };

function review(
  rng: Rng,
  now: Date,
  out: ReviewRow[],
  project: FinishedProject,
  author: DemoClient | DemoContractor,
  subject: DemoClient | DemoContractor,
  rating: number,
  title: string,
  comments: string,
  forceApproved: boolean,
  reply: string | null,
): void {
  const completedAt = project.completedAt as Date;
  const createdAt = minDate(between(rng, completedAt, daysAfter(completedAt, 5)), new Date(now.getTime() - 2 * HOUR));
  const moderatedAt = daysAfter(createdAt, rng.float(0.1, 2));
  const pending = !forceApproved && (moderatedAt > now || (createdAt > daysBefore(now, 30) && rng.chance(0.5)));
  const repliedAt = reply && !pending ? daysAfter(moderatedAt, rng.float(0.1, 3)) : null;
  const replyShown = repliedAt !== null && repliedAt < now;
  out.push({
    id: rng.uuid(),
    projectId: project.id,
    authorId: author.id,
    subjectId: subject.id,
    direction: 'primary' in author ? 'contractor_to_client' : 'client_to_contractor',
    rating,
    title,
    comments,
    status: pending ? 'pending' : 'approved',
    moderatedAt: pending ? null : moderatedAt,
    reply: replyShown ? reply : null,
    repliedAt: replyShown ? repliedAt : null,
    createdAt,
    updatedAt: replyShown ? (repliedAt as Date) : pending ? createdAt : moderatedAt,
  });
}

/**
 * Reviews of a finished job, both ways: the client's of the contractor (always when `guaranteed`,
 * else most of the time) and now and then the contractor's of the client.
 */
export function reviewWriter(rng: Rng, now: Date, clients: DemoClient[], out: ReviewRow[]) {
  return (project: FinishedProject, hired: DemoContractor, guaranteed: boolean): void => {
    const client = clients.find((c) => c.id === project.clientId) as DemoClient;
    const service = (project.serviceTypes as ServiceType[])[0] as ServiceType;
    if (guaranteed || rng.chance(0.82)) {
      const rating = guaranteed
        ? rng.weighted([
            [5, 55],
            [4, 35],
            [3, 10],
          ] as const)
        : rng.weighted([
            [5, 48],
            [4, 30],
            [3, 10],
            [2, 7],
            [1, 5],
          ] as const);
      const title = rng.chance(0.8) || rating < 4 ? rng.pick(REVIEW_TITLES[rating]) : rng.pick(REVIEW_TITLES[5]);
      const comments = rating >= 4 ? `${rng.pick(TRADE_PRAISE[service])} ${rng.pick(CLOSING_PRAISE)}`.trim() : rating >= 2 ? rng.pick(MIXED_COMMENTS) : rng.pick(POOR_COMMENTS);
      const replyChance = rating <= 3 ? 0.6 : 0.25;
      const reply = rng.chance(replyChance) ? rng.pick(rating <= 3 ? CONTRACTOR_REPLIES_BAD : CONTRACTOR_REPLIES_GOOD).replace('{first}', client.first) : null;
      review(rng, now, out, project, client, hired, rating, title, comments, guaranteed, reply);
    }
    if (rng.chance(0.4)) {
      const [rating, title, comments] = rng.pick(CLIENT_REVIEWS);
      review(rng, now, out, project, hired, client, rating, title, comments, false, null);
    }
  };
}

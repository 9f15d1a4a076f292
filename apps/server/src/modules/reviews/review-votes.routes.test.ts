import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, reviews, reviewVotes } from '../../db/schema/index.ts';
import { person, type Person } from '../../../test/support/project-factories.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

// Me gusta / No me gusta on public reviews (issue 55; docs/decisions/058-review-votes.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (method: 'GET' | 'PUT' | 'DELETE', who: Person | null, url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const vote = (who: Person | null, reviewId: string, value: unknown) => send('PUT', who, `/api/reviews/${reviewId}/vote`, { value });
const unvote = (who: Person | null, reviewId: string) => send('DELETE', who, `/api/reviews/${reviewId}/vote`);
const counts = async (who: Person | null, ...ids: string[]) => (await send('GET', who, `/api/review-votes?ids=${ids.join(',')}`)).json().items;

/** A review the client wrote about the contractor on a completed project, in the given state. */
async function reviewOf(
  author: Person,
  contractor: Person,
  status: 'approved' | 'pending' | 'rejected' = 'approved',
  direction: 'client_to_contractor' | 'contractor_to_client' = 'client_to_contractor',
) {
  const [p] = await t.db
    .insert(projects)
    .values({
      clientId: author.id,
      contractorId: contractor.id,
      title: 'Cambiar grifo',
      description: 'Arreglo',
      propertyType: 'casa',
      serviceTypes: ['plomeria'],
      startDate: '2026-01-10',
      status: 'completado',
    })
    .returning({ id: projects.id });
  const [r] = await t.db
    .insert(reviews)
    .values({
      projectId: p!.id,
      authorId: direction === 'client_to_contractor' ? author.id : contractor.id,
      subjectId: direction === 'client_to_contractor' ? contractor.id : author.id,
      direction,
      rating: 5,
      title: 'Excelente',
      comments: 'Muy limpio.',
      status,
    })
    .returning({ id: reviews.id });
  return r!.id;
}

describe('PUT and DELETE /api/reviews/:id/vote', () => {
  it('counts one vote per person, changeable and removable, and tells each person their own', async () => {
    const [client, contractor, ana, beto] = [await person(t, 'client'), await person(t, 'contractor'), await person(t, 'client', 'Ana'), await person(t, 'contractor', 'Beto')];
    const id = await reviewOf(client, contractor);

    expect((await vote(ana, id, 1)).json()).toEqual({ reviewId: id, likes: 1, dislikes: 0, mine: 1, own: false });
    expect((await vote(beto, id, 1)).json()).toMatchObject({ likes: 2, dislikes: 0, mine: 1 });
    // Ana changes her mind: still one vote of hers.
    expect((await vote(ana, id, -1)).json()).toMatchObject({ likes: 1, dislikes: 1, mine: -1 });
    expect(await counts(null, id)).toEqual([{ reviewId: id, likes: 1, dislikes: 1, mine: null, own: false }]);
    expect(await counts(beto, id)).toEqual([{ reviewId: id, likes: 1, dislikes: 1, mine: 1, own: false }]);
    // Removing it twice is no error and counts nothing twice.
    expect((await unvote(ana, id)).json()).toMatchObject({ likes: 1, dislikes: 0, mine: null });
    expect((await unvote(ana, id)).json()).toMatchObject({ likes: 1, dislikes: 0, mine: null });
    expect(await counts(ana, id)).toEqual([{ reviewId: id, likes: 1, dislikes: 0, mine: null, own: false }]);
  });

  it('stores one vote when one person sends fifty at once', async () => {
    const [client, contractor, ana] = [await person(t, 'client'), await person(t, 'contractor'), await person(t, 'client', 'Ana')];
    const id = await reviewOf(client, contractor);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => vote(ana, id, i % 2 === 0 ? 1 : -1)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const rows = await t.db.select().from(reviewVotes).where(eq(reviewVotes.reviewId, id));
    expect(rows).toHaveLength(1);
    const [c] = await counts(ana, id);
    expect(c.likes + c.dislikes).toBe(1);
  });

  it("never changes another person's vote: each one's PUT and DELETE reach only their own", async () => {
    const [client, contractor, ana, beto] = [await person(t, 'client'), await person(t, 'contractor'), await person(t, 'client', 'Ana'), await person(t, 'client', 'Beto')];
    const id = await reviewOf(client, contractor);
    await vote(beto, id, 1);
    await vote(ana, id, -1);
    await unvote(ana, id);
    expect(await counts(beto, id)).toEqual([{ reviewId: id, likes: 1, dislikes: 0, mine: 1, own: false }]);
    // A voter named in the body is not a field: the session decides.
    expect((await send('PUT', ana, `/api/reviews/${id}/vote`, { value: -1, voterId: beto.id })).statusCode).toBe(200);
    const rows = await t.db.select().from(reviewVotes).where(eq(reviewVotes.reviewId, id));
    expect(rows.map((r) => [r.voterId, r.value]).sort()).toEqual(
      [
        [ana.id, -1],
        [beto.id, 1],
      ].sort(),
    );
  });

  it("refuses the review's author and the contractor it is about (403), and a visitor (401)", async () => {
    const [client, contractor] = [await person(t, 'client'), await person(t, 'contractor')];
    const id = await reviewOf(client, contractor);
    for (const who of [client, contractor]) {
      const res = await vote(who, id, 1);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('No puedes votar tu propia reseña ni una reseña sobre ti.');
      expect((await unvote(who, id)).statusCode).toBe(403);
    }
    expect((await vote(null, id, 1)).statusCode).toBe(401);
    expect(await counts(client, id)).toEqual([{ reviewId: id, likes: 0, dislikes: 0, mine: null, own: true }]);
    expect(await counts(contractor, id)).toEqual([{ reviewId: id, likes: 0, dislikes: 0, mine: null, own: true }]);
  });

  it('answers 404 for a review not public (pending, rejected, or about a client) and leaves it out of the counts', async () => {
    const [client, contractor, ana] = [await person(t, 'client'), await person(t, 'contractor'), await person(t, 'client', 'Ana')];
    const hidden = [
      await reviewOf(client, contractor, 'pending'),
      await reviewOf(client, contractor, 'rejected'),
      await reviewOf(client, contractor, 'approved', 'contractor_to_client'),
    ];
    for (const id of hidden) {
      const res = await vote(ana, id, 1);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('No encontramos esta reseña.');
    }
    expect(await counts(ana, ...hidden)).toEqual([]);
    expect(await t.db.select().from(reviewVotes).where(eq(reviewVotes.voterId, ana.id))).toEqual([]);
  });

  it('refuses a value other than 1 or -1 in Spanish, storing nothing', async () => {
    const [client, contractor, ana] = [await person(t, 'client'), await person(t, 'contractor'), await person(t, 'client', 'Ana')];
    const id = await reviewOf(client, contractor);
    for (const value of [0, 2, '1', null]) {
      const res = await vote(ana, id, value);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ value: 'Elige una opción válida.' });
    }
    expect(await counts(ana, id)).toEqual([{ reviewId: id, likes: 0, dislikes: 0, mine: null, own: false }]);
    expect((await send('GET', null, '/api/review-votes?ids=no-es-un-id')).statusCode).toBe(400);
  });

  it("deleting an account removes the votes it gave and keeps others' votes on its reviews", async () => {
    const [client, contractor, ana] = [await person(t, 'client'), await person(t, 'contractor'), await person(t, 'client', 'Ana')];
    const mine = await reviewOf(client, contractor);
    const other = await reviewOf(ana, contractor);
    await vote(ana, mine, 1);
    await vote(client, other, -1);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/account', headers: ana.headers, payload: { password: ana.password } });
    expect(res.statusCode).toBe(200);
    expect(await counts(null, mine, other)).toEqual(
      expect.arrayContaining([
        { reviewId: mine, likes: 0, dislikes: 0, mine: null, own: false },
        { reviewId: other, likes: 0, dislikes: 1, mine: null, own: false },
      ]),
    );
  });
});

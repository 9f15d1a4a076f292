// "Me gusta" / "No me gusta" on a public review's tile (spec §3's counts, issue 55, decision 058),
// apart from the rest of the reviews catalogue so a contractor's page loads only these (decision 070).

export const reviewVotes = {
  groupLabel: 'Valoración de la reseña',
  like: 'Me gusta',
  dislike: 'No me gusta',
  /** The button's accessible name: what it does and how many did it. */
  likeNamed: (formatted: string) => `Me gusta (${formatted})`,
  dislikeNamed: (formatted: string) => `No me gusta (${formatted})`,
  /** Read-only counts on one's own review or one about oneself. */
  summary: (likes: string, dislikes: string) => `Me gusta: ${likes} · No me gusta: ${dislikes}`,
  failed: 'No pudimos guardar tu voto. Inténtalo de nuevo.',
};

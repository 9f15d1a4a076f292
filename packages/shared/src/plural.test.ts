import { describe, expect, it } from 'vitest';
import { plural } from './plural.ts';

describe('plural', () => {
  it('uses the singular for one only, as Spanish does', () => {
    expect(plural(1, 'reseña', 'reseñas')).toBe('reseña');
    expect([0, 2, 1.5, 1_000_000].map((n) => plural(n, 'reseña', 'reseñas'))).toEqual(['reseñas', 'reseñas', 'reseñas', 'reseñas']);
  });
});

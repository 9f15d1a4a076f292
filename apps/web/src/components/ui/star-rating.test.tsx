// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StarRating, STAR_SIZES_PX } from './star-rating.tsx';

afterEach(cleanup);

const sizesOf = (container: HTMLElement) => [...container.querySelectorAll('svg')].map((svg) => [svg.getAttribute('width'), svg.getAttribute('height')]);

describe('StarRating sizes (spec §9: 25, 20 and 17 px by place)', () => {
  it('has the spec sizes', () => {
    expect(STAR_SIZES_PX).toEqual({ lg: 25, md: 20, sm: 17 });
  });

  it.each([
    ['lg', '25'],
    ['md', '20'],
    ['sm', '17'],
  ] as const)('draws each of the five %s stars %s px square', (size, px) => {
    const { container } = render(<StarRating value={3.5} size={size} />);
    expect(sizesOf(container)).toEqual(Array.from({ length: 5 }, () => [px, px]));
  });

  it('is 20 px (a card or a list) unless told', () => {
    const { container } = render(<StarRating value={4} />);
    expect(sizesOf(container)[0]).toEqual(['20', '20']);
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { socialLinks as t } from '@arreglaya/shared/i18n/profile';
import { SocialLinksList } from './social-links.tsx';

// A person's Facebook, Instagram and LinkedIn (issue 55, decision 058): links that open a new tab,
// pass no referrer and no ranking, named with the network and the person.

afterEach(cleanup);

describe('SocialLinksList', () => {
  it('draws each given link with its name, a new tab and rel="noopener noreferrer nofollow ugc"', () => {
    render(<SocialLinksList links={{ facebook: null, instagram: 'https://instagram.com/plomeria.baez', linkedin: 'https://linkedin.com/in/ramon' }} name="Ramón Báez" />);
    const instagram = screen.getByRole('link', { name: t.linkName('Instagram', 'Ramón Báez') });
    expect(instagram.getAttribute('href')).toBe('https://instagram.com/plomeria.baez');
    expect(instagram.getAttribute('target')).toBe('_blank');
    expect(instagram.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(screen.getByRole('link', { name: t.linkName('LinkedIn', 'Ramón Báez') })).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  it('draws nothing for a link that is not the network’s own site', () => {
    render(<SocialLinksList links={{ facebook: 'javascript:alert(1)', instagram: 'https://evil.example/instagram.com', linkedin: null }} name="Ramón Báez" />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});

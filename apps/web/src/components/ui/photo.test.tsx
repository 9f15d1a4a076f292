// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { photos as t } from '@arreglaya/shared/i18n/photos';
import { formatKilobytes } from '@/lib/format.ts';
import { renderWithProviders } from '@/test/render-with-providers.tsx';
import { Avatar } from './avatar.tsx';
import { Photo } from './photo.tsx';

// Decision 073: every stored photo offers its WebP widths through srcset, with the JPEG as the
// fallback; with Save-Data on, a portfolio or gallery photo waits for a tap, avatars do not.

const ID = '3f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** What navigator.connection says on this phone (undefined: the browser does not say). */
function line(saveData: boolean | undefined) {
  Object.defineProperty(navigator, 'connection', { configurable: true, value: saveData === undefined ? undefined : { effectiveType: '3g', saveData } });
}

/** The network: a HEAD of a width answers its weight; anything else fails the test. */
function network(bytes = 23_456) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
    if (init?.method !== 'HEAD') throw new Error('only HEAD expected');
    return new Response(null, { status: 200, headers: { 'content-length': String(bytes) } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function gallery() {
  return renderWithProviders(
    <div>
      <Photo photoId={ID} alt="Baño remodelado, foto 1" sizes="(min-width: 640px) 384px, 100vw" width={640} height={480} waitsOnSaveData />
      <Avatar src={`/api/photos/${ID}/sm`} alt="Ramón Báez" size="md" />
    </div>,
  );
}

const webpSource = (img: HTMLElement) => img.parentElement!.querySelector('source[type="image/webp"]');

describe('Photo', () => {
  it('without Save-Data: the photo at once, its WebP widths in srcset, the JPEG as fallback, sized and lazy', () => {
    line(false);
    const fetch = network();
    gallery();
    const img = screen.getByRole('img', { name: 'Baño remodelado, foto 1' });
    expect(img.getAttribute('src')).toBe(`/api/photos/${ID}/md`);
    expect(img.getAttribute('width')).toBe('640');
    expect(img.getAttribute('height')).toBe('480');
    expect(img.getAttribute('loading')).toBe('lazy');
    const source = webpSource(img)!;
    expect(source.getAttribute('srcset')).toBe(`/api/photos/${ID}?w=160 160w, /api/photos/${ID}?w=320 320w, /api/photos/${ID}?w=640 640w, /api/photos/${ID}?w=1280 1280w`);
    expect(source.getAttribute('sizes')).toBe('(min-width: 640px) 384px, 100vw');
    expect(screen.queryByRole('button')).toBeNull();
    // The avatar offers its widths too, for its 40 px.
    const avatar = screen.getByRole('img', { name: 'Ramón Báez' });
    expect(webpSource(avatar)?.getAttribute('sizes')).toBe('40px');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('where the browser does not say (Safari, Firefox): the photo at once', () => {
    line(undefined);
    network();
    gallery();
    expect(screen.getByRole('img', { name: 'Baño remodelado, foto 1' })).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('with Save-Data: a button with the weight in its place until tapped; the avatar still loads', async () => {
    line(true);
    const fetch = network(23_456);
    gallery();
    expect(screen.queryByRole('img', { name: 'Baño remodelado, foto 1' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Ramón Báez' }).getAttribute('src')).toBe(`/api/photos/${ID}/sm`);
    // The box is 640 px wide here (jsdom lays nothing out: the width given), so the 640 file.
    const weight = formatKilobytes(23_456);
    expect(weight).toMatch(/^24\s?kB$/);
    const button = await screen.findByRole('button', { name: `${t.show(weight)} ${t.savingData}` });
    expect(fetch).toHaveBeenCalledWith(`/api/photos/${ID}?w=640`, expect.objectContaining({ method: 'HEAD' }));

    await userEvent.click(button);
    const img = await screen.findByRole('img', { name: 'Baño remodelado, foto 1' });
    // Exactly the file whose weight was shown.
    expect(img.getAttribute('src')).toBe(`/api/photos/${ID}?w=640`);
    expect(img.getAttribute('width')).toBe('640');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('with Save-Data and the weight unknown (the HEAD failed): the button without it', async () => {
    line(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 404 })),
    );
    gallery();
    await waitFor(() => expect(screen.getByRole('button', { name: new RegExp(`^${t.showUnknown}`) })).toBeTruthy());
    expect(screen.getByRole('button').textContent).not.toMatch(/kB/);
  });
});

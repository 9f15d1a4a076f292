import { SERVICE_TYPES } from '@arreglaya/shared/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Issue 48, item 10: a contractor's services are a mask kept in a Uint16Array (directory-facets.ts);
// a 17th service would lose its bit in every mask without a word. The start refuses such a catalogue.

afterEach(() => {
  vi.doUnmock('@arreglaya/shared/domain');
  vi.resetModules();
});

describe('the services mask', () => {
  it('has a bit for every service of the catalogue', async () => {
    const { SERVICE_MASK_BITS, serviceMaskFits } = await import('./directory-facets.ts');
    expect(SERVICE_TYPES.length).toBeLessThanOrEqual(SERVICE_MASK_BITS);
    expect(() => serviceMaskFits(SERVICE_TYPES.length)).not.toThrow();
    expect(() => serviceMaskFits(SERVICE_MASK_BITS)).not.toThrow();
  });

  it('refuses a catalogue wider than the mask with a message that says what to do', async () => {
    const { SERVICE_MASK_BITS, serviceMaskFits } = await import('./directory-facets.ts');
    expect(() => serviceMaskFits(SERVICE_MASK_BITS + 1)).toThrow(/17 services .* 16 bits/);
  });

  it('stops the start (loading the directory) when the catalogue has a 17th service', async () => {
    vi.resetModules();
    vi.doMock('@arreglaya/shared/domain', async (original) => {
      const real = await original<typeof import('@arreglaya/shared/domain')>();
      const wide = [...real.SERVICE_TYPES, 'techado', 'piscinas', 'vidrieria'];
      return { ...real, SERVICE_TYPES: wide };
    });
    await expect(import('./directory-facets.ts')).rejects.toThrow(/17 services .* 16 bits/);
  });
});

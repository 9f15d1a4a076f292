// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePhotoUpload } from './use-photo-upload.ts';

// Several photos picked at once (portfolio, delivery; issue 46) go one after another; a failure
// stops the rest, keeps the failed one for Reintentar, and a retry carries on with the others.

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

describe('usePhotoUpload', () => {
  it('sends the picked photos in order, stops at a failure, and a retry carries on with the rest', async () => {
    const sent: string[] = [];
    const failOnce = new Set(['b.jpg']);
    const answered: string[] = [];
    const { result } = renderHook(() =>
      usePhotoUpload(
        async (file) => {
          sent.push(file.name);
          if (failOnce.delete(file.name)) throw new Error('red');
          return file.name;
        },
        (name) => answered.push(name),
      ),
    );
    act(() => result.current.start([photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]));
    await waitFor(() => expect(result.current.state?.error).toBeTruthy());
    expect(result.current.state?.file.name).toBe('b.jpg');
    expect(sent).toEqual(['a.jpg', 'b.jpg']);
    expect(answered).toEqual(['a.jpg']);

    act(() => void result.current.retry());
    await waitFor(() => expect(result.current.state).toBeNull());
    expect(sent).toEqual(['a.jpg', 'b.jpg', 'b.jpg', 'c.jpg']);
    expect(answered).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
  });

  it('dropping a failed photo drops the ones after it', async () => {
    const sent: string[] = [];
    const { result } = renderHook(() =>
      usePhotoUpload(async (file) => {
        sent.push(file.name);
        if (file.name === 'a.jpg') throw new Error('red');
        return file.name;
      }),
    );
    act(() => result.current.start([photo('a.jpg'), photo('b.jpg')]));
    await waitFor(() => expect(result.current.state?.error).toBeTruthy());
    act(() => result.current.dismiss());
    expect(result.current.state).toBeNull();
    expect(sent).toEqual(['a.jpg']);
  });
});

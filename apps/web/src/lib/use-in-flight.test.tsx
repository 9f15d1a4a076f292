// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useInFlight } from './use-in-flight.tsx';

describe('useInFlight', () => {
  it('runs one request at a time: a second run while the first is in flight does nothing, and busy follows it', async () => {
    const { result } = renderHook(() => useInFlight());
    let answer!: () => void;
    const work = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    let first!: Promise<void>;
    act(() => {
      first = result.current.run(work);
      // The second tap, in the same task: before React has re-rendered anything.
      void result.current.run(work);
    });
    expect(work).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(true);
    await act(async () => {
      answer();
      await first;
    });
    expect(result.current.busy).toBe(false);
    await act(() => result.current.run(async () => undefined));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('ends a mutation sent through it only when its success handling (the page refresh) has ended, and keeps its failure in the mutation', async () => {
    const { result } = renderHook(() => useInFlight());
    let refreshed!: () => void;
    const refreshing = new Promise<void>((resolve) => (refreshed = resolve));
    const mutation = { mutateAsync: vi.fn(async (n: number) => (n > 0 ? refreshing : Promise.reject(new Error('409')))) };
    let sent!: Promise<void>;
    act(() => {
      sent = result.current.send(mutation, 1);
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      refreshed();
      await sent;
    });
    expect(result.current.busy).toBe(false);
    // A refused mutation does not throw out of send (its error is shown from the mutation's state).
    await act(() => result.current.send(mutation, 0));
    expect(result.current.busy).toBe(false);
    expect(mutation.mutateAsync).toHaveBeenCalledTimes(2);
  });
});

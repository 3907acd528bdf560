import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow } from './useNow';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('useNow', () => {
  it('moves each second while active', () => {
    const { result } = renderHook(() => useNow(true));
    const start = result.current;
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current - start).toBe(3000);
  });

  it('stands still while not active', () => {
    const { result } = renderHook(() => useNow(false));
    const start = result.current;
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(start);
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useClinicNow } from './use-clinic-now';

afterEach(() => {
  vi.useRealTimers();
});

describe('useClinicNow', () => {
  it('moves on at the start of every minute', () => {
    vi.useFakeTimers({ now: new Date('2026-03-10T02:15:30Z'), toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const { result } = renderHook(() => useClinicNow());
    expect(result.current.toISOString()).toBe('2026-03-10T02:15:30.000Z');

    act(() => vi.advanceTimersByTime(29_000));
    expect(result.current.toISOString()).toBe('2026-03-10T02:15:30.000Z');

    act(() => vi.advanceTimersByTime(1_100));
    expect(result.current.getUTCMinutes()).toBe(16);

    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.getUTCMinutes()).toBe(17);
  });
});

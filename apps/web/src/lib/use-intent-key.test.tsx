import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { mockFetch } from '@/testing/render-app';
import { createPublicAppointment } from '@/features/appointments/api/create-public-appointment';
import { useSubmission } from './use-intent-key';

const booking = {
  consentHealthData: true as const,
  fullName: 'Nguyễn Thị Lan',
  phone: '0912345678',
  email: null,
  appointmentDate: '2026-03-12',
  appointmentTime: '09:00',
  department: 'GYNECOLOGY',
  reason: null,
};
const keyOf = (init: RequestInit | undefined) => (init?.headers as Record<string, string>)['Idempotency-Key'];

describe('useSubmission (issue 35)', () => {
  it("sends a double tap on 'Đặt lịch' with one key, and the next booking of the form with another", async () => {
    const fetchMock = mockFetch(() => ({ status: 201, body: { appointmentId: 1 } }));
    const { result } = renderHook(() => useSubmission(createPublicAppointment));
    await Promise.all([result.current(booking), result.current(booking)]);
    await result.current(booking);
    const [first, second, next] = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(next).not.toBe(first);
  });

  it('sends her booking again with the same key after no answer, so the server books it once', async () => {
    let calls = 0;
    const fetchMock = mockFetch(() => {
      if (++calls === 1) throw new TypeError('Failed to fetch');
      return { status: 201, body: { appointmentId: 2 } };
    });
    const { result } = renderHook(() => useSubmission(createPublicAppointment));
    await expect(result.current(booking)).rejects.toMatchObject({ status: 0 });
    await result.current(booking);
    const [lost, again] = fetchMock.mock.calls.map(([, init]) => keyOf(init));
    expect(again).toBe(lost);
  });
});

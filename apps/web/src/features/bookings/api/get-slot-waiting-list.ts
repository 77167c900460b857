import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SlotWaitingList } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { bookingKeys } from './query-keys';

/** One slot: its day (YYYY-MM-DD), its time (HH:MM) and its department's code. */
export type WaitingListSlot = { date: string; time: string; department: string };

export const WAITING_LIST_LOAD_FAILED = 'Không thể tải danh sách chờ';

/** GET /api/appointments/waiting-list (ADMIN, STAFF): the slot's entries, open ones first in line order, then the closed ones. */
export function getSlotWaitingList(slot: WaitingListSlot, signal?: AbortSignal): Promise<SlotWaitingList> {
  return api.get<SlotWaitingList>('/appointments/waiting-list', {
    params: { date: slot.date, time: slot.time, department: slot.department },
    fallbackMessage: WAITING_LIST_LOAD_FAILED,
    signal,
  });
}

/** `null` asks nothing (no slot, or a role that may not read the list). */
export function useSlotWaitingList(slot: WaitingListSlot | null) {
  const key = slot ?? { date: '', time: '', department: '' };
  return useQuery({
    ...queryOptions({
      queryKey: bookingKeys.waitingList(key),
      queryFn: ({ signal }) => getSlotWaitingList(key, signal),
      staleTime: 0,
    }),
    enabled: slot !== null,
  });
}

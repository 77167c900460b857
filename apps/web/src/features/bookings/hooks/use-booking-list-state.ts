import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { APPOINTMENT_SORTS, APPOINTMENT_STATUSES, type AppointmentSort, type AppointmentStatus } from '@clinic/shared';
import type { AppointmentListParams } from '../api/get-appointments';

/** Newest bookings first: the requests the front desk has to answer. */
export const DEFAULT_BOOKING_LIST: AppointmentListParams = { page: 1, q: '', status: '', today: false, sort: 'createdAt:desc' };

export function readBookingListParams(search: URLSearchParams): AppointmentListParams {
  const page = Number(search.get('page'));
  const status = search.get('status');
  const sort = search.get('sort');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    q: (search.get('q') ?? '').trim(),
    status: status && (APPOINTMENT_STATUSES as readonly string[]).includes(status) ? (status as AppointmentStatus) : '',
    today: search.get('today') === '1',
    sort: sort && (APPOINTMENT_SORTS as readonly string[]).includes(sort) ? (sort as AppointmentSort) : DEFAULT_BOOKING_LIST.sort,
  };
}

/**
 * The search, filters, sort and page live in the address, so a reload or a shared link shows the
 * same view. Any change but a page change goes back to page 1.
 */
export function useBookingListState() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readBookingListParams(search), [search]);
  const update = useCallback(
    (patch: Partial<AppointmentListParams>) => {
      setSearch(
        (previous) => {
          const next: AppointmentListParams = { ...readBookingListParams(previous), page: 1, ...patch };
          const out = new URLSearchParams(previous);
          for (const key of Object.keys(DEFAULT_BOOKING_LIST) as Array<keyof AppointmentListParams>) {
            if (next[key] === DEFAULT_BOOKING_LIST[key]) out.delete(key);
            else out.set(key, key === 'today' ? '1' : String(next[key]));
          }
          return out;
        },
        { replace: true },
      );
    },
    [setSearch],
  );
  return { params, update };
}

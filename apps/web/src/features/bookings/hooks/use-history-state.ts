import { useMemo } from 'react';
import {
  APPOINTMENT_SORTS,
  HISTORY_PERIODS,
  HISTORY_STATUSES,
  isDateString,
  type AppointmentSort,
  type HistoryPeriod,
} from '@clinic/shared';
import { readChoice, readPage, SEARCH_HIDDEN, useAddressState } from '@/hooks/use-address-state';

export type HistoryStatus = (typeof HISTORY_STATUSES)[number] | '';
export type HistoryViewParams = {
  period: HistoryPeriod;
  from: string;
  to: string;
  status: HistoryStatus;
  q: string;
  page: number;
  sort: AppointmentSort;
};

export const DEFAULT_HISTORY_VIEW: HistoryViewParams = {
  period: 'all',
  from: '',
  to: '',
  status: '',
  q: '',
  page: 1,
  sort: 'appointmentDate:desc',
};

function read(search: URLSearchParams): HistoryViewParams {
  const date = (key: string) => {
    const value = search.get(key) ?? '';
    return isDateString(value) ? value : '';
  };
  return {
    period: readChoice(search, 'period', HISTORY_PERIODS, 'all'),
    from: date('from'),
    to: date('to'),
    status: readChoice<HistoryStatus>(search, 'status', HISTORY_STATUSES, ''),
    q: (search.get('q') ?? '').trim(),
    page: readPage(search),
    sort: readChoice(search, 'sort', APPOINTMENT_SORTS, DEFAULT_HISTORY_VIEW.sort),
  };
}

/** The custom dates mean something only with the custom period. */
const omitDates = (key: keyof HistoryViewParams, next: HistoryViewParams) =>
  (key === 'from' || key === 'to') && next.period !== 'custom';

/** Booking History's filter in the address, like the bookings list: a change but the page's goes back to page 1. */
export function useHistoryState() {
  const { params, update } = useAddressState(DEFAULT_HISTORY_VIEW, read, omitDates, SEARCH_HIDDEN);
  /** What the server is asked: the custom dates only with the custom period. */
  const filter = useMemo(
    () => ({
      period: params.period,
      ...(params.period === 'custom' ? { from: params.from || undefined, to: params.to || undefined } : {}),
      status: params.status || undefined,
      q: params.q || undefined,
    }),
    [params],
  );
  return { params, filter, update };
}

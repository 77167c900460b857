import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { APPOINTMENT_SORTS, HISTORY_PERIODS, isDateString, type AppointmentSort, type HistoryPeriod } from '@clinic/shared';

export type HistoryStatus = 'COMPLETED' | 'CANCELLED' | 'NO_SHOW' | '';
export type HistoryViewParams = { period: HistoryPeriod; from: string; to: string; status: HistoryStatus; q: string; page: number; sort: AppointmentSort };

export const DEFAULT_HISTORY_VIEW: HistoryViewParams = { period: 'all', from: '', to: '', status: '', q: '', page: 1, sort: 'appointmentDate:desc' };

function read(search: URLSearchParams): HistoryViewParams {
  const period = search.get('period');
  const status = search.get('status');
  const sort = search.get('sort');
  const page = Number(search.get('page'));
  const date = (key: string) => {
    const value = search.get(key) ?? '';
    return isDateString(value) ? value : '';
  };
  return {
    period: period && (HISTORY_PERIODS as readonly string[]).includes(period) ? (period as HistoryPeriod) : 'all',
    from: date('from'),
    to: date('to'),
    status: status === 'COMPLETED' || status === 'CANCELLED' || status === 'NO_SHOW' ? status : '',
    q: (search.get('q') ?? '').trim(),
    page: Number.isInteger(page) && page > 0 ? page : 1,
    sort: sort && (APPOINTMENT_SORTS as readonly string[]).includes(sort) ? (sort as AppointmentSort) : DEFAULT_HISTORY_VIEW.sort,
  };
}

/** Booking History's filter in the address, like the bookings list: a change but the page's goes back to page 1. */
export function useHistoryState() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => read(search), [search]);
  const update = useCallback(
    (patch: Partial<HistoryViewParams>) =>
      setSearch(
        (previous) => {
          const next: HistoryViewParams = { ...read(previous), page: 1, ...patch };
          const out = new URLSearchParams(previous);
          for (const key of Object.keys(DEFAULT_HISTORY_VIEW) as Array<keyof HistoryViewParams>) {
            if (next[key] === DEFAULT_HISTORY_VIEW[key] || ((key === 'from' || key === 'to') && next.period !== 'custom')) out.delete(key);
            else out.set(key, String(next[key]));
          }
          return out;
        },
        { replace: true },
      ),
    [setSearch],
  );
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

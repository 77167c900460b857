import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeedStatus } from '@clinic/shared';
import { api } from '@/lib/api-client';

export const CALENDAR_FEED_LOAD_FAILED = 'Không thể tải trạng thái liên kết lịch';

/** GET /appointments/calendar-feed: whether the signed-in doctor has a calendar link, and since when (never its address). */
export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedStatus> {
  return api.get<CalendarFeedStatus>('/appointments/calendar-feed', {
    fallbackMessage: CALENDAR_FEED_LOAD_FAILED,
    signal,
  });
}

/** Keyed by the token: another sign-in never sees the previous doctor's link state. */
export function getCalendarFeedQueryKey(token: string) {
  return ['calendar-feed', token] as const;
}

export function getCalendarFeedQueryOptions(token: string) {
  return queryOptions({ queryKey: getCalendarFeedQueryKey(token), queryFn: ({ signal }) => getCalendarFeed(signal) });
}

export function useCalendarFeed(token: string | null) {
  return useQuery({ ...getCalendarFeedQueryOptions(token ?? ''), enabled: !!token });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedCreated, CalendarFeedStatus } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';
import { getToken } from '@/lib/auth-storage';
import { getCalendarFeedQueryKey } from './get-calendar-feed';

export const CALENDAR_FEED_CREATE_FAILED = 'Không thể tạo liên kết lịch';

/** POST /appointments/calendar-feed: a new link, its address given this once; any previous link stops working. */
export function createCalendarFeed(idempotencyKey?: string): Promise<CalendarFeedCreated> {
  return api.post<CalendarFeedCreated>('/appointments/calendar-feed', undefined, {
    fallbackMessage: CALENDAR_FEED_CREATE_FAILED,
    idempotencyKey,
  });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  // A double tap makes one link, not a second that ends the first.
  const submit = useSubmission((_: void, key: string) => createCalendarFeed(key));
  return useMutation({
    mutationFn: submit,
    onSuccess: (result) => {
      // The answer says all the status would: no need to ask again.
      const token = getToken();
      if (token)
        queryClient.setQueryData<CalendarFeedStatus>(getCalendarFeedQueryKey(token), {
          active: true,
          createdAt: result.createdAt,
        });
    },
  });
}

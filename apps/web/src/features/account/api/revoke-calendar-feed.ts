import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedRevoked, CalendarFeedStatus } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { getToken } from '@/lib/auth-storage';
import { getCalendarFeedQueryKey } from './get-calendar-feed';

export const CALENDAR_FEED_REVOKE_FAILED = 'Không thể thu hồi liên kết lịch';

/** DELETE /appointments/calendar-feed: the doctor's link stops working; answers {message}. */
export function revokeCalendarFeed(): Promise<CalendarFeedRevoked> {
  return api.delete<CalendarFeedRevoked>('/appointments/calendar-feed', {
    fallbackMessage: CALENDAR_FEED_REVOKE_FAILED,
  });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => {
      const token = getToken();
      if (token)
        queryClient.setQueryData<CalendarFeedStatus>(getCalendarFeedQueryKey(token), {
          active: false,
          createdAt: null,
        });
    },
  });
}

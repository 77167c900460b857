import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { callBackListSchema } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { carePlanKeys } from './query-keys';

export type CallBackList = z.infer<typeof callBackListSchema>;

/** GET /api/care-plans/call-back: milestones due within 14 days with no visit booked, or missed. */
export function getCallBackList(signal?: AbortSignal): Promise<CallBackList> {
  return api.get<CallBackList>('/care-plans/call-back', {
    fallbackMessage: 'Không tải được danh sách cần gọi lại',
    signal,
  });
}

export function useCallBackList(enabled = true) {
  return useQuery({
    ...queryOptions({ queryKey: carePlanKeys.callBack(), queryFn: ({ signal }) => getCallBackList(signal) }),
    enabled,
  });
}

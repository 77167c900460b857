import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageList } from '@clinic/shared';
import { api } from '@/lib/api-client';

export type MessageFilter = { channel: '' | 'zalo' | 'sms'; appointmentId?: number };

export function getMessages(f: MessageFilter): Promise<MessageList> {
  return api.get<MessageList>('/messages', {
    params: { channel: f.channel || undefined, appointmentId: f.appointmentId },
  });
}

export function getMessagesQueryOptions(f: MessageFilter) {
  return queryOptions({ queryKey: ['messages', f], queryFn: () => getMessages(f) });
}

export function useMessages(f: MessageFilter) {
  return useQuery(getMessagesQueryOptions(f));
}

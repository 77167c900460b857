import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@clinic/shared';
import { api } from '@/lib/api-client';

export function resendMessage(id: number): Promise<{ message: string; sent: MessageView }> {
  return api.post<{ message: string; sent: MessageView }>(`/messages/${id}/resend`);
}

export function useResendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendMessage,
    onSuccess: () => client.invalidateQueries({ queryKey: ['messages'] }),
  });
}

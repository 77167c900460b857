import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageView } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';

export function resendMessage(id: number, idempotencyKey?: string): Promise<{ message: string; sent: MessageView }> {
  return api.post<{ message: string; sent: MessageView }>(`/messages/${id}/resend`, undefined, { idempotencyKey });
}

export function useResendMessage() {
  const client = useQueryClient();
  // A double tap on 'Gửi lại' sends the message once.
  const submit = useSubmission(resendMessage);
  return useMutation({
    mutationFn: submit,
    onSuccess: () => client.invalidateQueries({ queryKey: ['messages'] }),
  });
}

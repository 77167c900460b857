import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataRequestAnswer, DataRequestAnswered } from '@clinic/shared';
import { api } from '@/lib/api-client';

export function answerDataRequest(id: number, body: DataRequestAnswer): Promise<DataRequestAnswered> {
  return api.post<DataRequestAnswered>(`/privacy/requests/${id}/answer`, body);
}

export function useAnswerDataRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: DataRequestAnswer }) => answerDataRequest(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['privacy', 'requests'] }),
  });
}

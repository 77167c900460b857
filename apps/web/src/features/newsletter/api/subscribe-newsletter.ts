import { useMutation } from '@tanstack/react-query';
import type { NewsletterRequest } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { useSubmission } from '@/lib/use-intent-key';

export type NewsletterResponse = { success: boolean; message: string };

export function subscribeNewsletter(body: NewsletterRequest, idempotencyKey?: string): Promise<NewsletterResponse> {
  return api.post<NewsletterResponse>('/newsletter', body, {
    auth: false,
    fallbackMessage: 'Failed to subscribe',
    idempotencyKey,
  });
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: useSubmission(subscribeNewsletter) });
}

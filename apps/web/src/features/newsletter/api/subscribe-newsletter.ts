import { useMutation } from '@tanstack/react-query';
import type { NewsletterRequest } from '@clinic/shared';
import { api } from '@/lib/api-client';

export type NewsletterResponse = { success: boolean; message: string };

export function subscribeNewsletter(body: NewsletterRequest): Promise<NewsletterResponse> {
  return api.post<NewsletterResponse>('/newsletter', body, { auth: false, fallbackMessage: 'Failed to subscribe' });
}

export function useSubscribeNewsletter() {
  return useMutation({ mutationFn: subscribeNewsletter });
}

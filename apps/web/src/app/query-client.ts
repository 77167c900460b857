import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

const FIVE_MINUTES = 5 * 60 * 1000;

/** A 4xx will answer the same way again; a network error or a 5xx may not. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

/** 1 s, 2 s, 4 s, ... never more than 30 s (specification section 9). */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

import { ApiError } from '@/lib/api-client';

/**
 * The sentence the server wrote, if it wrote one. Public booking reads `error` first
 * (specification section 7); both fields carry the same text (PRODUCT.md section 1).
 */
export function serverErrorText(error: unknown, prefer: 'error' | 'message' = 'error'): string | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const body = error.body as { error?: unknown; message?: unknown };
  const order = prefer === 'error' ? [body.error, body.message] : [body.message, body.error];
  const text = order.find((value): value is string => typeof value === 'string' && value.trim() !== '');
  return text ?? null;
}

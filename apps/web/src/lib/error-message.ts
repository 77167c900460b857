import { ApiError } from './api-client';

/** The error's own message (the server's, through the api client), else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * A screen's own text when the server said nothing: the call's English fallback ('Failed to ...')
 * is replaced by the screen's Vietnamese one; a message from the server is kept.
 */
export function serverMessageOr(error: unknown, apiFallback: string, screenFallback: string): string {
  const message = errorMessage(error, screenFallback);
  return message === apiFallback ? screenFallback : message;
}

/**
 * The sentence the server wrote, if it wrote one. Public booking reads `error` first
 * (specification section 7); both fields carry the same text (docs/PRODUCT.md §1).
 */
export function serverErrorText(error: unknown, prefer: 'error' | 'message' = 'error'): string | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const body = error.body as { error?: unknown; message?: unknown };
  const order = prefer === 'error' ? [body.error, body.message] : [body.message, body.error];
  const text = order.find((value): value is string => typeof value === 'string' && value.trim() !== '');
  return text ?? null;
}

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

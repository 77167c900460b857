/**
 * Whether the server answers (issue 25, defect 5): one place that knows the connection was lost,
 * so the screen says it once and clears it itself when the next request gets an answer.
 */
export type ConnectionState = 'online' | 'offline';

const listeners = new Set<() => void>();
let state: ConnectionState = 'online';

export function getConnectionState(): ConnectionState {
  return state;
}

/** Called by the api client: no answer at all (network error, time-out) or any answer. */
export function reportConnection(next: ConnectionState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getServerConnectionState(): ConnectionState {
  return 'online';
}

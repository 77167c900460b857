import { VISITOR_ID_HEADER, VISITOR_ID_PATTERN, VISITOR_ID_STORAGE_KEY } from '@clinic/shared';

let memoryId: string | null = null;

function randomId(): string {
  // getRandomValues works on plain http too, where crypto.randomUUID does not exist.
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The random id that stands for this browser's visitor in reactions (docs/PRODUCT.md §8):
 * made once and kept in localStorage; kept in memory only when storage is blocked.
 */
export function getVisitorId(): string {
  try {
    const stored = localStorage.getItem(VISITOR_ID_STORAGE_KEY);
    if (stored && VISITOR_ID_PATTERN.test(stored)) return stored;
    const id = memoryId ?? randomId();
    localStorage.setItem(VISITOR_ID_STORAGE_KEY, id);
    memoryId = id;
    return id;
  } catch {
    memoryId ??= randomId();
    return memoryId;
  }
}

/** Whether this browser has a visitor id yet (it gets one with its first reaction or comment list read). */
export function hasVisitorId(): boolean {
  try {
    return VISITOR_ID_PATTERN.test(localStorage.getItem(VISITOR_ID_STORAGE_KEY) ?? '');
  } catch {
    return memoryId !== null;
  }
}

export function visitorHeaders(): Record<string, string> {
  return { [VISITOR_ID_HEADER]: getVisitorId() };
}

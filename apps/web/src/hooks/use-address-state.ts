import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';

type AddressValue = string | number | boolean;
const keepAll = () => false;

/** Where a list keeps the values it does not write into the address: this history entry's own state. */
const HELD = 'listState';
type HeldState = { [HELD]?: Record<string, string> } & Record<string, unknown>;

const heldOf = (state: unknown): Record<string, string> | undefined =>
  state && typeof state === 'object' ? (state as HeldState)[HELD] : undefined;

/**
 * A list's search, filters, sort and page kept in the address, so a reload or a shared link shows
 * the same view. `read` turns the address into values (ignoring what it does not know); a value
 * equal to its default, or one `omit` says is meaningless in the next state, is left out. Any
 * change but a page change goes back to page 1.
 *
 * `defaultsFor` gives the defaults where one value's default depends on another (a day sheet opens
 * in time order); `read` must fall back to the same.
 *
 * The `hidden` keys (a search that names a patient) are kept in this history entry instead of the
 * address: a reload and the back button still show them, but the browser's history, a copied link
 * and the server's request log never hold her name, phone or e-mail. An address that carries one
 * (an old bookmark) is still read.
 */
export function useAddressState<T extends { page: number } & Record<string, AddressValue>>(
  defaults: T,
  read: (search: URLSearchParams) => T,
  omit: (key: keyof T, next: T) => boolean = keepAll,
  hidden: readonly (keyof T & string)[] = [],
  defaultsFor?: (next: T) => T,
) {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const held = heldOf(location.state);
  const current = useMemo(() => {
    const all = new URLSearchParams(search);
    if (held) for (const [key, value] of Object.entries(held)) all.set(key, value);
    return all;
  }, [search, held]);
  const params = useMemo(() => read(current), [read, current]);
  // Updates come from events after a render: they start from what that render showed.
  const latest = useRef({ current, state: location.state as unknown });
  useEffect(() => {
    latest.current = { current, state: location.state };
  }, [current, location.state]);

  const update = useCallback(
    (patch: Partial<T>) => {
      const { current: shown, state } = latest.current;
      const next: T = { ...read(shown), page: 1, ...patch };
      const out = new URLSearchParams(search);
      const keep: Record<string, string> = {};
      const fallback = defaultsFor ? defaultsFor(next) : defaults;
      for (const key of Object.keys(defaults) as Array<keyof T & string>) {
        const value = next[key];
        out.delete(key);
        if (value === fallback[key] || omit(key, next)) continue;
        const text = typeof value === 'boolean' ? '1' : String(value);
        if (hidden.includes(key)) keep[key] = text;
        else out.set(key, text);
      }
      const base = state && typeof state === 'object' ? (state as HeldState) : {};
      setSearch(out, { replace: true, state: { ...base, [HELD]: keep } });
    },
    [defaults, read, omit, hidden, defaultsFor, search, setSearch],
  );
  return { params, update };
}

/** A back-office list's search (a patient's name, phone or e-mail): kept out of the address. */
export const SEARCH_HIDDEN = ['q'] as const;

/** A positive whole page number from the address, else 1. */
export function readPage(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** One of the allowed values from the address, else the fallback. */
export function readChoice<V extends string>(
  search: URLSearchParams,
  key: string,
  allowed: readonly V[],
  fallback: V,
): V {
  const value = search.get(key);
  return value && (allowed as readonly string[]).includes(value) ? (value as V) : fallback;
}

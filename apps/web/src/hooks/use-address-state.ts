import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

type AddressValue = string | number | boolean;
const keepAll = () => false;

/**
 * A list's search, filters, sort and page kept in the address, so a reload or a shared link shows
 * the same view. `read` turns the address into values (ignoring what it does not know); a value
 * equal to its default, or one `omit` says is meaningless in the next state, is left out. Any
 * change but a page change goes back to page 1.
 */
export function useAddressState<T extends { page: number } & Record<string, AddressValue>>(
  defaults: T,
  read: (search: URLSearchParams) => T,
  omit: (key: keyof T, next: T) => boolean = keepAll,
) {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => read(search), [read, search]);
  const update = useCallback(
    (patch: Partial<T>) =>
      setSearch(
        (previous) => {
          const next: T = { ...read(previous), page: 1, ...patch };
          const out = new URLSearchParams(previous);
          for (const key of Object.keys(defaults) as Array<keyof T & string>) {
            const value = next[key];
            if (value === defaults[key] || omit(key, next)) out.delete(key);
            else out.set(key, typeof value === 'boolean' ? '1' : String(value));
          }
          return out;
        },
        { replace: true },
      ),
    [defaults, read, omit, setSearch],
  );
  return { params, update };
}

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

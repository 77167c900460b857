import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  BLOG_CATEGORIES,
  BLOG_SORTS,
  BLOG_STATUSES,
  type BlogCategory,
  type BlogSort,
  type BlogStatus,
} from '@clinic/shared';
import type { BlogAdminListParams } from '../api/admin/get-admin-blogs';

export const DEFAULT_BLOG_LIST: BlogAdminListParams = {
  page: 1,
  q: '',
  status: '',
  category: '',
  featured: '',
  sort: 'newest',
};

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | '' {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';
}

export function readBlogListParams(search: URLSearchParams): BlogAdminListParams {
  const page = Number(search.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    q: (search.get('q') ?? '').trim(),
    status: oneOf<BlogStatus>(BLOG_STATUSES, search.get('status')),
    category: oneOf<BlogCategory>(BLOG_CATEGORIES, search.get('category')),
    featured: oneOf(['true', 'false'] as const, search.get('featured')),
    sort: oneOf<BlogSort>(BLOG_SORTS, search.get('sort')) || 'newest',
  };
}

/**
 * The table's search, filters, sort and page live in the address, so a reload or a shared link
 * shows the same view. Any change but a page change goes back to page 1.
 */
export function useBlogListState() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readBlogListParams(search), [search]);

  const update = useCallback(
    (patch: Partial<BlogAdminListParams>) => {
      setSearch(
        (previous) => {
          const next: BlogAdminListParams = { ...readBlogListParams(previous), page: 1, ...patch };
          const out = new URLSearchParams(previous);
          for (const key of Object.keys(DEFAULT_BLOG_LIST) as Array<keyof BlogAdminListParams>) {
            if (next[key] === DEFAULT_BLOG_LIST[key]) out.delete(key);
            else out.set(key, String(next[key]));
          }
          return out;
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  return { params, update };
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { BLOG_LIMITS, BLOG_MSG, toPage, type BlogCategoryKey, type BlogPage } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { nextBlogPage } from './get-published-blogs';

export type BlogSearch = { q: string; category: BlogCategoryKey };

function emptyPage(page: number): BlogPage {
  return toPage([], 0, page, BLOG_LIMITS.publicPageSize);
}

/** A failed search gives an empty list (specification section 7), never an error screen. */
export async function searchBlogs(search: BlogSearch, page: number, signal?: AbortSignal): Promise<BlogPage> {
  try {
    return await api.get<BlogPage>('/public/blogs/search', {
      auth: false,
      fallbackMessage: BLOG_MSG.searchFailed,
      signal,
      params: {
        q: search.q.trim().slice(0, BLOG_LIMITS.searchQuery),
        category: search.category === 'all' ? undefined : search.category,
        page,
        size: BLOG_LIMITS.publicPageSize,
      },
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return emptyPage(page);
  }
}

export function searchBlogsQueryOptions(search: BlogSearch) {
  return infiniteQueryOptions({
    queryKey: ['blogs', 'public', 'search', search],
    queryFn: ({ pageParam, signal }) => searchBlogs(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextBlogPage,
  });
}

export function useSearchBlogs(search: BlogSearch, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...searchBlogsQueryOptions(search), enabled: options.enabled ?? true });
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { BLOG_LIMITS, BLOG_MSG, type BlogCategoryKey, type BlogPage } from '@clinic/shared';
import { api } from '@/lib/api-client';

export type PublishedBlogsFilter = {
  /** A chip key; 'all' shows every category. */
  category: BlogCategoryKey;
  /** true: every post but those of the featured block (the grid under it). */
  afterFeatured: boolean;
};

export function getPublishedBlogs(filter: PublishedBlogsFilter, page: number, signal?: AbortSignal): Promise<BlogPage> {
  return api.get<BlogPage>('/public/blogs/published', {
    auth: false,
    fallbackMessage: BLOG_MSG.publicFetchFailed,
    signal,
    params: {
      page,
      size: BLOG_LIMITS.publicPageSize,
      category: filter.category === 'all' ? undefined : filter.category,
      afterFeatured: filter.afterFeatured ? 'true' : undefined,
    },
  });
}

/** The next page to ask for, or undefined when every post has been shown. */
export function nextBlogPage(last: BlogPage): number | undefined {
  return last.page < last.totalPages ? last.page + 1 : undefined;
}

export function getPublishedBlogsQueryOptions(filter: PublishedBlogsFilter) {
  return infiniteQueryOptions({
    queryKey: ['blogs', 'public', 'published', filter],
    queryFn: ({ pageParam, signal }) => getPublishedBlogs(filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextBlogPage,
  });
}

export function usePublishedBlogs(filter: PublishedBlogsFilter, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...getPublishedBlogsQueryOptions(filter), enabled: options.enabled ?? true });
}

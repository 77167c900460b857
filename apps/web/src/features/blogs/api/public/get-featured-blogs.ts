import { queryOptions, useQuery } from '@tanstack/react-query';
import { BLOG_LIMITS, BLOG_MSG, type BlogSummary } from '@clinic/shared';
import { api } from '@/lib/api-client';

export function getFeaturedBlogs(signal?: AbortSignal): Promise<BlogSummary[]> {
  return api.get<BlogSummary[]>('/public/blogs/featured', {
    auth: false,
    fallbackMessage: BLOG_MSG.publicFetchFailed,
    signal,
    params: { size: BLOG_LIMITS.featuredBlock },
  });
}

export function getFeaturedBlogsQueryOptions() {
  return queryOptions({ queryKey: ['blogs', 'public', 'featured'], queryFn: ({ signal }) => getFeaturedBlogs(signal) });
}

export function useFeaturedBlogs(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getFeaturedBlogsQueryOptions(), enabled: options.enabled ?? true });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { BLOG_MSG, type Blog } from '@clinic/shared';
import { api } from '@/lib/api-client';

export function getPublicBlog(id: number, signal?: AbortSignal): Promise<Blog> {
  return api.get<Blog>(`/public/blogs/${id}`, { auth: false, fallbackMessage: BLOG_MSG.publicFetchFailed, signal });
}

export function getPublicBlogQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['blogs', 'public', 'detail', id],
    queryFn: ({ signal }) => getPublicBlog(id, signal),
  });
}

/** `id` is null when the address holds no valid post id: nothing is asked of the server then. */
export function usePublicBlog(id: number | null) {
  return useQuery({ ...getPublicBlogQueryOptions(id ?? 0), enabled: id !== null });
}

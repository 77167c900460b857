import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { BookOpenText, RotateCw, SearchX } from 'lucide-react';
import { BLOG_CATEGORY_CHIPS, type BlogCategoryKey, type BlogSummary } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Alert } from '@/components/ui/alert';
import { usePageTitle } from '@/hooks/use-page-title';
import { useFeaturedBlogs } from './api/public/get-featured-blogs';
import { usePublishedBlogs } from './api/public/get-published-blogs';
import { useSearchBlogs } from './api/public/search-blogs';
import { BlogCard } from './public/blog-card';
import { BlogSearchBox } from './public/blog-search-box';
import { BlogCardSkeletons, FeaturedSkeleton } from './public/blog-skeletons';
import { CategoryChips } from './public/category-chips';
import { chipKeyFromParam } from './public/category';
import { FeaturedPosts } from './public/featured-posts';

const PAGE_DESCRIPTION =
  'Bài viết của các bác sĩ Phòng khám An Tâm về sức khỏe sinh sản, tim mạch, ung thư, tiểu đường, phòng bệnh, thể dục và sức khỏe tâm thần.';

/**
 * /blog. The address holds the filter (?category=heart&q=...), so a link or the back button shows
 * the same list. Without a filter: the featured block, then the other posts; with a category or a
 * search: every matching post. Paging happens on the server, six posts at a time.
 */
/** The blog's list; `aside` closes the page (the newsletter box, composed by the app). */
export default function BlogListPage({ aside }: { aside?: ReactNode }) {
  usePageTitle('Blog sức khỏe', PAGE_DESCRIPTION);
  const [searchParams, setSearchParams] = useSearchParams();
  const category = chipKeyFromParam(searchParams.get('category'));
  const rawQuery = searchParams.get('q') ?? '';
  const query = rawQuery.trim();
  const searching = query !== '';
  const showFeatured = !searching && category === 'all';

  const featured = useFeaturedBlogs({ enabled: showFeatured });
  const published = usePublishedBlogs({ category, afterFeatured: showFeatured }, { enabled: !searching });
  const search = useSearchBlogs({ q: query, category }, { enabled: searching });
  const list = searching ? search : published;

  const setCategory = useCallback(
    (key: BlogCategoryKey) =>
      setSearchParams((prev) => {
        const next = new URLSearchParams(prev);
        if (key === 'all') next.delete('category');
        else next.set('category', key);
        return next;
      }),
    [setSearchParams],
  );

  const setQuery = useCallback(
    (q: string) => {
      const refining = rawQuery.trim() !== '' && q.trim() !== '';
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (q.trim() === '') next.delete('q');
          else next.set('q', q);
          return next;
        },
        // Each keystroke of a search being refined must not become a step of the back button.
        { replace: refining },
      );
    },
    [rawQuery, setSearchParams],
  );

  const posts: BlogSummary[] = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const featuredPosts = showFeatured ? (featured.data ?? []) : [];
  const chipLabel = BLOG_CATEGORY_CHIPS.find((c) => c.key === category)?.label ?? '';
  const listTitle = searching ? 'Kết quả tìm kiếm' : category !== 'all' ? `Chủ đề: ${chipLabel}` : 'Bài viết mới nhất';

  return (
    <>
      <section
        aria-labelledby="blog-title"
        className="bg-gradient-to-b from-teal-50 to-slate-50 px-4 pt-12 pb-8 sm:px-6 lg:px-8 lg:pt-16"
      >
        <div className="mx-auto max-w-7xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-teal-800 shadow-sm">
            <BookOpenText aria-hidden="true" className="size-4" />
            Blog
          </p>
          <h1 id="blog-title" className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Blog sức khỏe
          </h1>
          <p className="mt-3 max-w-2xl text-lg leading-relaxed text-slate-700">
            Kiến thức đáng tin cậy từ đội ngũ bác sĩ An Tâm: hiểu cơ thể mình, phòng bệnh sớm và sống khỏe mỗi ngày.
          </p>
          <div className="mt-8 flex flex-col gap-4 lg:flex-row-reverse lg:items-center lg:justify-between">
            <div className="lg:w-96">
              <BlogSearchBox value={rawQuery} onSearch={setQuery} />
            </div>
            <CategoryChips value={category} onChange={setCategory} />
          </div>
        </div>
      </section>

      <div className="mx-auto w-full max-w-7xl space-y-12 px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
        {showFeatured && featured.isPending && <FeaturedSkeleton />}
        {featuredPosts.length > 0 && <FeaturedPosts posts={featuredPosts} />}

        <section aria-labelledby="posts-title">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="posts-title" className="text-xl font-bold text-slate-900">
              {listTitle}
            </h2>
            <p aria-live="polite" className="text-sm text-slate-600">
              {list.isSuccess && searching && `Tìm thấy ${total} bài viết cho “${query}”`}
              {list.isSuccess && !searching && total > 0 && `${total} bài viết`}
            </p>
          </div>

          <div className="mt-5">
            {list.isPending ? (
              <BlogCardSkeletons />
            ) : list.isError && posts.length === 0 ? (
              <div className="rounded-2xl border border-red-200 bg-white">
                <EmptyState
                  icon={RotateCw}
                  title="Có lỗi xảy ra khi tải bài viết"
                  description={list.error.message}
                  action={
                    <Button onClick={() => void list.refetch()} loading={list.isRefetching}>
                      Thử lại
                    </Button>
                  }
                />
              </div>
            ) : posts.length === 0 ? (
              featuredPosts.length === 0 && (
                <div className="rounded-2xl border border-slate-200 bg-white">
                  <EmptyState
                    icon={searching ? SearchX : BookOpenText}
                    title={searching ? 'Không tìm thấy bài viết phù hợp' : 'Chưa có bài viết nào'}
                    description={
                      searching
                        ? 'Hãy thử từ khóa khác hoặc chọn một chủ đề khác.'
                        : category !== 'all'
                          ? 'Chủ đề này chưa có bài viết. Mời bạn xem các chủ đề khác.'
                          : 'Các bài viết mới sẽ sớm được đăng tại đây.'
                    }
                    action={
                      searching || category !== 'all' ? (
                        <Button variant="secondary" onClick={() => setSearchParams({})}>
                          Xem tất cả bài viết
                        </Button>
                      ) : undefined
                    }
                  />
                </div>
              )
            ) : (
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {posts.map((post, index) => (
                  <li key={post.id}>
                    {/* With no featured block above, the first row is on the first screen. */}
                    <BlogCard post={post} eagerImage={!showFeatured && index < 3} />
                  </li>
                ))}
              </ul>
            )}
          </div>

          {list.isFetchNextPageError && <Alert className="mt-6">{list.error?.message}</Alert>}
          {list.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <Button
                variant="secondary"
                size="lg"
                onClick={() => void list.fetchNextPage()}
                loading={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? 'Đang tải...' : 'Xem thêm'}
              </Button>
            </div>
          )}
        </section>

        {aside}
      </div>
    </>
  );
}

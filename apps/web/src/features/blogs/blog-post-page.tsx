import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, CalendarCheck, FileQuestion, TriangleAlert } from 'lucide-react';
import { BLOG_MSG, CLINIC_TEXT, parsePathId } from '@clinic/shared';
import { PageContainer } from '@/components/page-container';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { usePublicBlog } from './api/public/get-public-blog';
import { BlogImage } from './public/blog-image';
import { BlogMeta } from './public/blog-meta';
import { BlogPostSkeleton } from './public/blog-skeletons';
import { publicCategoryLabel } from './public/category';
import { MarkdownContent } from './shared/markdown-content';

function BackToBlog() {
  return (
    <Link to={paths.blog} className={buttonClasses({ variant: 'secondary' })}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Quay lại Blog
    </Link>
  );
}

/** What went wrong, as the specification names it: a bad id, a missing post, anything else. */
function problemOf(validId: number | null, error: unknown): string {
  if (validId === null) return BLOG_MSG.invalidId;
  if (error instanceof ApiError && error.status === 404) return BLOG_MSG.notFound;
  if (error instanceof ApiError && error.status === 400) return BLOG_MSG.invalidId;
  return BLOG_MSG.loadFailed;
}

/** /blog/{id}: one published post with its comments. */
/** The post; `comments` draws what goes under it (the comments feature, composed by the app). */
export default function BlogPostPage({ comments }: { comments?: (postId: number) => ReactNode }) {
  const params = useParams();
  const postId = parsePathId(params.id);
  const query = usePublicBlog(postId);
  const post = query.data;
  usePageTitle(post?.title ?? (query.isError || postId === null ? 'Bài viết' : 'Blog sức khỏe'), post?.excerpt);

  if (postId !== null && query.isPending) {
    return (
      <PageContainer>
        <BlogPostSkeleton />
      </PageContainer>
    );
  }

  if (postId === null || query.isError || !post) {
    const problem = problemOf(postId, query.error);
    const loadFailed = problem === BLOG_MSG.loadFailed;
    return (
      <PageContainer>
        <div role="alert" className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white shadow-sm">
          <EmptyState
            icon={loadFailed ? TriangleAlert : FileQuestion}
            title={<span className="text-xl">{problem}</span>}
            description={
              loadFailed
                ? 'Vui lòng kiểm tra kết nối mạng rồi thử lại.'
                : 'Bài viết có thể đã được gỡ hoặc đường dẫn chưa đúng. Mời bạn xem các bài viết khác.'
            }
            action={
              <div className="flex flex-wrap justify-center gap-3">
                {loadFailed && (
                  <Button onClick={() => void query.refetch()} loading={query.isRefetching}>
                    Thử lại
                  </Button>
                )}
                <BackToBlog />
              </div>
            }
          />
        </div>
      </PageContainer>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <nav aria-label="Điều hướng bài viết" className="mb-6">
        <Link
          to={paths.blog}
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Quay lại Blog
        </Link>
      </nav>

      <article aria-labelledby="post-title">
        <header>
          <Link to={`${paths.blog}?category=${post.categoryKey}`} className="rounded-full">
            <Badge tone="brand" className="text-sm">
              {publicCategoryLabel(post.category)}
            </Badge>
          </Link>
          <h1
            id="post-title"
            className="mt-4 text-3xl leading-tight font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            {post.title}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-slate-700 sm:text-xl">{post.excerpt}</p>
          <BlogMeta post={post} className="mt-5" />
        </header>

        {post.imageUrl && (
          <figure className="mt-8 overflow-hidden rounded-2xl bg-slate-100 shadow-sm">
            <BlogImage
              src={post.imageUrl}
              alt={`Hình minh họa: ${post.title}`}
              eager
              sizes="(min-width: 768px) 768px, 100vw"
            />
          </figure>
        )}

        <MarkdownContent className="mt-10">{post.content}</MarkdownContent>

        <aside
          aria-label="Đặt lịch tư vấn"
          className="mt-12 flex flex-col gap-4 rounded-2xl bg-accent-50 p-6 ring-1 ring-accent-100 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <p className="font-semibold text-slate-900">Bạn cần tư vấn riêng với bác sĩ?</p>
            <p className="mt-1 text-sm text-slate-700">
              Đặt lịch trực tuyến, không cần tài khoản. {CLINIC_TEXT.arriveEarly}.
            </p>
          </div>
          <Link to={paths.appointment} className={buttonClasses({ className: 'self-start sm:self-auto' })}>
            <CalendarCheck aria-hidden="true" className="size-4" />
            Đặt lịch khám
          </Link>
        </aside>
      </article>

      {comments && <div className="mt-14 border-t border-slate-200 pt-10">{comments(post.id)}</div>}
    </div>
  );
}

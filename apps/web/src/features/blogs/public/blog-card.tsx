import { Link } from 'react-router';
import type { BlogSummary } from '@clinic/shared';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { BlogImage } from './blog-image';
import { BlogMeta } from './blog-meta';
import { publicCategoryLabel } from './category';

type BlogCardProps = {
  post: BlogSummary;
  /** The heading level inside its section (h3 under a section h2). */
  headingLevel?: 'h2' | 'h3';
  eagerImage?: boolean;
  className?: string;
};

/** A post in the grid: the whole card is one link, named by the title. */
export function BlogCard({ post, headingLevel: Heading = 'h3', eagerImage = false, className }: BlogCardProps) {
  return (
    <article
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md',
        className,
      )}
    >
      <BlogImage
        src={post.imageUrl}
        alt=""
        eager={eagerImage}
        sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
        className="transition-transform duration-300 group-hover:scale-[1.02]"
      />
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="brand">{publicCategoryLabel(post.category)}</Badge>
          {post.featured && <Badge tone="accent">Nổi bật</Badge>}
        </div>
        <Heading className="mt-3 text-lg leading-snug font-semibold text-slate-900">
          <Link
            to={paths.blogPost.href(post.id)}
            className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-800 focus-visible:outline-none"
          >
            {post.title}
          </Link>
        </Heading>
        <div className="mt-2 flex-1">
          <p className="line-clamp-3 leading-relaxed text-slate-600">{post.excerpt}</p>
        </div>
        <BlogMeta post={post} className="mt-4 border-t border-slate-100 pt-4" />
      </div>
    </article>
  );
}

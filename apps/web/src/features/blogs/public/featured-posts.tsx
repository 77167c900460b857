import { Link } from 'react-router';
import { Star } from 'lucide-react';
import type { BlogSummary } from '@clinic/shared';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { BlogImage } from './blog-image';
import { BlogMeta } from './blog-meta';
import { publicCategoryLabel } from './category';

/** The featured block: the newest featured post large, the next ones beside it. */
export function FeaturedPosts({ posts }: { posts: BlogSummary[] }) {
  const [lead, ...rest] = posts;
  if (!lead) return null;
  return (
    <section aria-labelledby="featured-title">
      <h2 id="featured-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Star aria-hidden="true" className="size-5 fill-accent-500 text-accent-500" />
        Bài viết nổi bật
      </h2>
      <ul className="mt-5 grid gap-6 lg:grid-cols-3">
        <li className={rest.length > 0 ? 'lg:col-span-2' : 'lg:col-span-3'}>
          <article className="group relative h-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
            <BlogImage
              src={lead.imageUrl}
              alt=""
              eager
              sizes="(min-width: 1280px) 820px, (min-width: 1024px) 66vw, 100vw"
            />
            <div className="p-6">
              <Badge tone="brand">{publicCategoryLabel(lead.category)}</Badge>
              <h3 className="mt-3 text-2xl leading-tight font-bold text-slate-900 sm:text-3xl">
                <Link
                  to={paths.blogPost.href(lead.id)}
                  className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-800 focus-visible:outline-none"
                >
                  {lead.title}
                </Link>
              </h3>
              <p className="mt-3 line-clamp-3 text-lg leading-relaxed text-slate-600">{lead.excerpt}</p>
              <BlogMeta post={lead} className="mt-4" />
            </div>
          </article>
        </li>
        {rest.length > 0 && (
          <li>
            <ul className="grid h-full gap-6 sm:grid-cols-2 lg:grid-cols-1">
              {rest.map((post) => (
                <li key={post.id}>
                  <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md">
                    <BlogImage
                      src={post.imageUrl}
                      alt=""
                      sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                      className="max-h-44 lg:max-h-36"
                    />
                    <div className="flex flex-1 flex-col p-5">
                      <Badge tone="brand" className="self-start">
                        {publicCategoryLabel(post.category)}
                      </Badge>
                      <h3 className="mt-2 text-lg leading-snug font-semibold text-slate-900">
                        <Link
                          to={paths.blogPost.href(post.id)}
                          className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-800 focus-visible:outline-none"
                        >
                          {post.title}
                        </Link>
                      </h3>
                      <BlogMeta post={post} className="mt-auto pt-3" />
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          </li>
        )}
      </ul>
    </section>
  );
}

import {
  BLOG_MSG,
  blogCategoryKey,
  clinicToday,
  toPage,
  type Blog,
  type BlogAdminListQuery,
  type BlogAdminPage,
  type BlogCategory,
  type BlogInput,
  type BlogPage,
  type BlogPublicListQuery,
  type BlogStatus,
  type BlogSummary,
  type BlogUpdate,
} from '@clinic/shared';
import type { BlogRow } from '../../db/schema';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../deps';
import { NotFoundError } from '../../lib/errors';
import { containsPattern, foldText } from '../../lib/text';
import {
  blogStats,
  deleteBlogs,
  findBlogById,
  findPublishedBlogById,
  findPublishedBlogMeta,
  insertBlog,
  isBlogPublished,
  listPublishedForSitemap as listPublishedRowsForSitemap,
  listBlogs,
  setBlogsStatus,
  toggleBlogFeatured,
  updateBlog as updateBlogRow,
  type BlogFilter,
  type BlogSummaryRow,
} from './blogs.repository';

export type BlogDeps = Pick<AppDeps, 'db' | 'clock' | 'timeZone'>;

const notFound = () => new NotFoundError(BLOG_MSG.notFound, 'BLOG_NOT_FOUND');

export function toBlogSummary(row: BlogSummaryRow, timeZone: string): BlogSummary {
  const category = row.category as BlogCategory;
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    category,
    categoryKey: blogCategoryKey(category),
    author: row.author,
    readTime: row.readTime,
    imageUrl: row.imageUrl,
    featured: row.featured,
    status: row.status,
    date: clinicToday(row.publishedAt ?? row.createdAt, timeZone),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toBlog(row: BlogRow, timeZone: string): Blog {
  return { ...toBlogSummary(row, timeZone), content: row.content };
}

/** The text search looks into, folded once when a post is written. */
export function searchTextOf(input: Pick<BlogInput, 'title' | 'excerpt' | 'content' | 'author' | 'category'>): string {
  return foldText([input.title, input.excerpt, input.author, input.category, input.content].join('\n'));
}

function searchPattern(q: string | undefined): string | null {
  const folded = foldText(q ?? '');
  return folded ? containsPattern(folded) : null;
}

async function page(
  deps: BlogDeps,
  filter: BlogFilter,
  order: Parameters<typeof listBlogs>[2],
  query: { page: number; size: number },
): Promise<BlogPage> {
  const { rows, total } = await listBlogs(deps.db, filter, order, {
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  return toPage(
    rows.map((r) => toBlogSummary(r, deps.timeZone)),
    total,
    query.page,
    query.size,
  );
}

/** The Blog Control table: any status, with the counts of the stats cards. */
export async function listBlogsForStaff(deps: BlogDeps, query: BlogAdminListQuery): Promise<BlogAdminPage> {
  const filter: BlogFilter = {
    status: query.status,
    category: query.category,
    featured: query.featured,
    searchPattern: searchPattern(query.q),
  };
  const [result, stats] = await Promise.all([page(deps, filter, query.sort, query), blogStats(deps.db)]);
  return { ...result, stats };
}

/** Published posts only, newest publication first: drafts and archived posts are never public. */
export async function listPublishedBlogs(deps: BlogDeps, query: BlogPublicListQuery): Promise<BlogPage> {
  const filter: BlogFilter = {
    status: 'PUBLISHED',
    category: query.category,
    // The grid under the featured block: "a grid of non-featured posts" (specification section 2).
    featured: query.afterFeatured ? false : query.featured,
    searchPattern: searchPattern(query.q),
  };
  return page(deps, filter, 'published', query);
}

export async function listFeaturedBlogs(deps: BlogDeps, size: number): Promise<BlogSummary[]> {
  const result = await page(
    deps,
    { status: 'PUBLISHED', category: null, featured: true, searchPattern: null },
    'published',
    { page: 1, size },
  );
  return result.items;
}

export async function getPublishedBlog(deps: BlogDeps, id: number): Promise<Blog> {
  const row = await findPublishedBlogById(deps.db, id);
  if (!row) throw notFound();
  return toBlog(row, deps.timeZone);
}

export async function getBlogForStaff(deps: BlogDeps, id: number): Promise<Blog> {
  const row = await findBlogById(deps.db, id);
  if (!row) throw notFound();
  return toBlog(row, deps.timeZone);
}

export async function createBlog(deps: BlogDeps, input: BlogInput, authorUserId: number): Promise<Blog> {
  const now = deps.clock.now();
  const row = await insertBlog(deps.db, {
    ...input,
    searchText: searchTextOf(input),
    createdBy: authorUserId,
    publishedAt: input.status === 'PUBLISHED' ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  return toBlog(row, deps.timeZone);
}

/** A full rewrite of the post; featured and status change only when sent. */
export async function updateBlog(deps: BlogDeps, id: number, input: BlogUpdate): Promise<Blog> {
  const row = await updateBlogRow(deps.db, id, { ...input, searchText: searchTextOf(input) }, deps.clock.now());
  if (!row) throw notFound();
  return toBlog(row, deps.timeZone);
}

export async function deleteBlog(deps: BlogDeps, id: number): Promise<{ success: true; message: string }> {
  if ((await deleteBlogs(deps.db, [id])) === 0) throw notFound();
  return { success: true, message: BLOG_MSG.deleted };
}

export async function toggleFeatured(deps: BlogDeps, id: number) {
  const row = await toggleBlogFeatured(deps.db, id, deps.clock.now());
  if (!row) throw notFound();
  return {
    success: true,
    message: row.featured ? BLOG_MSG.featuredOn : BLOG_MSG.featuredOff,
    blog: toBlog(row, deps.timeZone),
  };
}

export async function changeStatus(deps: BlogDeps, id: number, status: BlogStatus) {
  const row = await updateBlogRow(deps.db, id, { status }, deps.clock.now());
  if (!row) throw notFound();
  return { success: true, message: BLOG_MSG.statusChanged, blog: toBlog(row, deps.timeZone) };
}

/** Unknown ids are skipped; the count says how many posts changed. */
export async function bulkChangeStatus(deps: BlogDeps, ids: number[], status: BlogStatus) {
  const count = await setBlogsStatus(deps.db, [...new Set(ids)], status, deps.clock.now());
  return { success: true, message: BLOG_MSG.bulkStatusChanged(count), count };
}

export async function bulkDelete(deps: BlogDeps, ids: number[]) {
  const count = await deleteBlogs(deps.db, [...new Set(ids)]);
  return { success: true, message: BLOG_MSG.bulkDeleted(count), count };
}

/** Title, description and image of a published post, for link previews; undefined for anything not public. */
/** A published post's head tags' facts, kept until a post changes: every view of /blog/{id} reads them. */
export async function getPublicPostMeta(deps: Pick<AppDeps, 'db' | 'cache'>, id: number) {
  return (
    (await deps.cache.get(
      `post-meta:${id}`,
      ['blogs'],
      async () => (await findPublishedBlogMeta(deps.db, id)) ?? null,
    )) ?? undefined
  );
}

/** Whether a post is public: comments exist only under published posts. */
export async function isPublished(db: Db, id: number): Promise<boolean> {
  return isBlogPublished(db, id);
}

/** The published posts of the sitemap, newest change first. */
export async function listPublishedForSitemap(db: Db, limit: number) {
  return listPublishedRowsForSitemap(db, limit);
}

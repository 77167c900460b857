import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BlogCategory, BlogSort, BlogStatus } from '@clinic/shared';
import type { Db } from '../../db/client';
import { inVietnameseOrder } from '../../db/vietnamese-order';
import { blogs, type BlogRow, type NewBlogRow } from '../../db/schema';

/** Every column a list shows: no content, no search text. */
const summaryColumns = {
  id: blogs.id,
  title: blogs.title,
  excerpt: blogs.excerpt,
  category: blogs.category,
  author: blogs.author,
  readTime: blogs.readTime,
  imageUrl: blogs.imageUrl,
  featured: blogs.featured,
  status: blogs.status,
  publishedAt: blogs.publishedAt,
  createdAt: blogs.createdAt,
  updatedAt: blogs.updatedAt,
};
export type BlogSummaryRow = Omit<BlogRow, 'content' | 'searchText' | 'createdBy'>;

export type BlogFilter = {
  status: BlogStatus | null;
  category: BlogCategory | null;
  featured: boolean | null;
  /** A LIKE pattern over the folded search text. */
  searchPattern: string | null;
};

function whereOf(filter: BlogFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.status) parts.push(eq(blogs.status, filter.status));
  if (filter.category) parts.push(eq(blogs.category, filter.category));
  if (filter.featured !== null) parts.push(eq(blogs.featured, filter.featured));
  if (filter.searchPattern) parts.push(sql`${blogs.searchText} like ${filter.searchPattern}`);
  return parts.length ? and(...parts) : undefined;
}

const ORDERS: Record<BlogSort | 'published', SQL[]> = {
  newest: [desc(blogs.createdAt), desc(blogs.id)],
  oldest: [asc(blogs.createdAt), asc(blogs.id)],
  updated: [desc(blogs.updatedAt), desc(blogs.id)],
  'title-asc': [asc(inVietnameseOrder(blogs.title)), asc(blogs.id)],
  'title-desc': [desc(inVietnameseOrder(blogs.title)), desc(blogs.id)],
  // Matches the (status, published_at desc nulls last, id desc) index.
  published: [sql`${blogs.publishedAt} desc nulls last`, sql`${blogs.id} desc nulls last`],
};

export async function listBlogs(
  db: Db,
  filter: BlogFilter,
  order: BlogSort | 'published',
  page: { offset: number; limit: number },
): Promise<{ rows: BlogSummaryRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, counted] = await Promise.all([
    db
      .select(summaryColumns)
      .from(blogs)
      .where(where)
      .orderBy(...ORDERS[order])
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(blogs)
      .where(where),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

export async function blogStats(db: Db) {
  const rows = await db
    .select({
      total: sql<number>`count(*)::int`,
      published: sql<number>`(count(*) filter (where ${blogs.status} = 'PUBLISHED'))::int`,
      draft: sql<number>`(count(*) filter (where ${blogs.status} = 'DRAFT'))::int`,
      archived: sql<number>`(count(*) filter (where ${blogs.status} = 'ARCHIVED'))::int`,
      featured: sql<number>`(count(*) filter (where ${blogs.featured}))::int`,
    })
    .from(blogs);
  return rows[0] ?? { total: 0, published: 0, draft: 0, archived: 0, featured: 0 };
}

export async function findBlogById(db: Db, id: number): Promise<BlogRow | undefined> {
  const rows = await db.select().from(blogs).where(eq(blogs.id, id)).limit(1);
  return rows[0];
}

export async function findPublishedBlogById(db: Db, id: number): Promise<BlogRow | undefined> {
  const rows = await db
    .select()
    .from(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.status, 'PUBLISHED')))
    .limit(1);
  return rows[0];
}

/** What a link preview of a published post needs. */
export async function findPublishedBlogMeta(db: Db, id: number) {
  const rows = await db
    .select({
      id: blogs.id,
      title: blogs.title,
      excerpt: blogs.excerpt,
      imageUrl: blogs.imageUrl,
      publishedAt: blogs.publishedAt,
    })
    .from(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.status, 'PUBLISHED')))
    .limit(1);
  return rows[0];
}

export async function isBlogPublished(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.status, 'PUBLISHED')))
    .limit(1);
  return rows.length > 0;
}

export async function insertBlog(db: Db, row: NewBlogRow): Promise<BlogRow> {
  const rows = await db.insert(blogs).values(row).returning();
  return rows[0]!;
}

export async function insertBlogs(db: Db, rows: NewBlogRow[]): Promise<{ id: number }[]> {
  return db.insert(blogs).values(rows).returning({ id: blogs.id });
}

export async function countBlogs(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(blogs);
  return rows[0]?.n ?? 0;
}

/** A post becomes dated when it is first published; later status changes keep that date. */
function publishedAtFor(status: BlogStatus | undefined, now: Date) {
  return status === 'PUBLISHED' ? sql`coalesce(${blogs.publishedAt}, ${now.toISOString()}::timestamptz)` : undefined;
}

export async function updateBlog(
  db: Db,
  id: number,
  patch: Omit<Partial<NewBlogRow>, 'id' | 'createdAt' | 'createdBy' | 'publishedAt'>,
  now: Date,
): Promise<BlogRow | undefined> {
  const rows = await db
    .update(blogs)
    .set({ ...patch, publishedAt: publishedAtFor(patch.status, now), updatedAt: now })
    .where(eq(blogs.id, id))
    .returning();
  return rows[0];
}

export async function toggleBlogFeatured(db: Db, id: number, now: Date): Promise<BlogRow | undefined> {
  const rows = await db
    .update(blogs)
    .set({ featured: sql`not ${blogs.featured}`, updatedAt: now })
    .where(eq(blogs.id, id))
    .returning();
  return rows[0];
}

export async function setBlogsStatus(db: Db, ids: number[], status: BlogStatus, now: Date): Promise<number> {
  const rows = await db
    .update(blogs)
    .set({ status, publishedAt: publishedAtFor(status, now), updatedAt: now })
    .where(inArray(blogs.id, ids))
    .returning({ id: blogs.id });
  return rows.length;
}

export async function deleteBlogs(db: Db, ids: number[]): Promise<number> {
  const rows = await db.delete(blogs).where(inArray(blogs.id, ids)).returning({ id: blogs.id });
  return rows.length;
}

/** Published posts for the sitemap, newest first. */
export async function listPublishedForSitemap(db: Db, limit: number) {
  return db
    .select({ id: blogs.id, updatedAt: blogs.updatedAt })
    .from(blogs)
    .where(eq(blogs.status, 'PUBLISHED'))
    .orderBy(...ORDERS.published)
    .limit(limit);
}

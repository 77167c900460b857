import { z } from '../zod';
import { STATED } from '../stated';
import { idListSchema, pageNumberSchema, pageSchema, pathIdSchema } from '../common';
import {
  BLOG_STATUSES,
  BLOG_CATEGORIES,
  BLOG_CATEGORY_CHIPS,
  blogCategoryFromFilter,
  BLOG_LIMITS,
  BLOG_MSG,
  type BlogStatus,
} from './blog-texts';

const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** An image is one the server stores (/api/images/…) or an http(s) address; never javascript: or data:. */
const imageUrlSchema = z
  .string({ error: BLOG_MSG.imageUrlInvalid })
  .trim()
  .max(BLOG_LIMITS.imageUrl, BLOG_MSG.imageUrlInvalid)
  .refine(
    (v) => v === '' || /^\/(?![/\\])[^\s]*$/.test(v) || /^https?:\/\/[^\s/]+[^\s]*$/i.test(v),
    BLOG_MSG.imageUrlInvalid,
  )
  .transform((v) => (v === '' ? null : v))
  .meta({ pattern: STATED.imageUrl });

const blogFields = {
  title: requiredText(BLOG_LIMITS.title, BLOG_MSG.titleRequired, BLOG_MSG.titleTooLong),
  excerpt: requiredText(BLOG_LIMITS.excerpt, BLOG_MSG.excerptRequired, BLOG_MSG.excerptTooLong),
  content: requiredText(BLOG_LIMITS.content, BLOG_MSG.contentRequired, BLOG_MSG.contentTooLong),
  category: z.enum(BLOG_CATEGORIES, {
    error: (iss) =>
      iss.input === undefined || iss.input === '' ? BLOG_MSG.categoryRequired : BLOG_MSG.categoryInvalid,
  }),
  author: requiredText(BLOG_LIMITS.author, BLOG_MSG.authorRequired, BLOG_MSG.authorTooLong),
  /** Empty means none. */
  readTime: z
    .string({ error: BLOG_MSG.readTimeTooLong })
    .trim()
    .max(BLOG_LIMITS.readTime, BLOG_MSG.readTimeTooLong)
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  /** Empty or null removes the image. */
  imageUrl: imageUrlSchema.nullish(),
};

/** The add modal and POST /api/blogs: a draft that is not featured unless said otherwise. */
export const blogInputSchema = z.object({
  ...blogFields,
  featured: z.boolean({ error: BLOG_MSG.invalidFeatured }).optional().default(false),
  status: z.enum(BLOG_STATUSES, { error: BLOG_MSG.statusInvalid }).optional().default('DRAFT'),
});
export type BlogInput = z.output<typeof blogInputSchema>;
export type BlogForm = z.input<typeof blogInputSchema>;

/** The edit modal and PUT /api/blogs/{id}: featured and status stay as they are when not sent. */
export const blogUpdateSchema = z.object({
  ...blogFields,
  featured: z.boolean({ error: BLOG_MSG.invalidFeatured }).optional(),
  status: z.enum(BLOG_STATUSES, { error: BLOG_MSG.statusInvalid }).optional(),
});
export type BlogUpdate = z.output<typeof blogUpdateSchema>;

export const blogStatusRequestSchema = z.object({ status: z.enum(BLOG_STATUSES, { error: BLOG_MSG.statusInvalid }) });

const blogIdsSchema = idListSchema(
  { invalid: BLOG_MSG.invalidId, empty: BLOG_MSG.selectAtLeastOne, tooMany: BLOG_MSG.tooManySelected },
  BLOG_LIMITS.maxBulk,
);

export const blogBulkStatusRequestSchema = z.object({
  ids: blogIdsSchema,
  status: z.enum(BLOG_STATUSES, { error: BLOG_MSG.statusInvalid }),
});
export const blogBulkDeleteRequestSchema = z.object({ ids: blogIdsSchema });

export const blogIdParamsSchema = z.object({ id: pathIdSchema(BLOG_MSG.invalidId) });

const pageNumber = (fallback: number, max: number) => pageNumberSchema(BLOG_MSG.invalidPaging, fallback, max);

const searchText = z.string().trim().max(BLOG_LIMITS.searchQuery, BLOG_MSG.searchTooLong).optional();
const categoryFilter = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const category = blogCategoryFromFilter(v);
    if (category === undefined) {
      ctx.addIssue({ code: 'custom', message: BLOG_MSG.categoryInvalid });
      return z.NEVER;
    }
    return category;
  })
  .meta({
    type: 'string',
    enum: ['', ...new Set(BLOG_CATEGORY_CHIPS.map((c) => c.key)), ...BLOG_CATEGORIES],
  });
const booleanFilter = z
  .enum(['true', 'false', ''], { error: BLOG_MSG.invalidFeatured })
  .optional()
  .transform((v) => (v === 'true' ? true : v === 'false' ? false : null));

export const BLOG_SORTS = ['newest', 'oldest', 'updated', 'title-asc', 'title-desc'] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];

/** GET /api/blogs: the Blog Control table (paged, searched, filtered and sorted on the server). */
export const blogAdminListQuerySchema = z.object({
  page: pageNumber(1, 100_000),
  size: pageNumber(BLOG_LIMITS.adminPageSize, BLOG_LIMITS.maxPageSize),
  q: searchText,
  status: z
    .enum([...BLOG_STATUSES, 'all', ''], { error: BLOG_MSG.statusInvalid })
    .optional()
    .transform((v) => (v && v !== 'all' ? (v as BlogStatus) : null)),
  category: categoryFilter,
  featured: booleanFilter,
  sort: z.enum(BLOG_SORTS, { error: BLOG_MSG.invalidSort }).optional().default('newest'),
});
export type BlogAdminListQuery = z.output<typeof blogAdminListQuerySchema>;

/** GET /api/public/blogs/published and /search: published posts only, newest first. */
export const blogPublicListQuerySchema = z.object({
  page: pageNumber(1, 100_000),
  size: pageNumber(BLOG_LIMITS.publicPageSize, BLOG_LIMITS.maxPageSize),
  q: searchText,
  category: categoryFilter,
  featured: booleanFilter,
  /** true: the grid under the featured block, the non-featured posts (the block holds every featured one). */
  afterFeatured: booleanFilter,
});
export type BlogPublicListQuery = z.output<typeof blogPublicListQuerySchema>;

/** GET /api/public/blogs/featured: the newest featured posts. */
export const blogFeaturedQuerySchema = z.object({
  size: pageNumber(BLOG_LIMITS.publicPageSize, BLOG_LIMITS.maxPageSize),
});

/** A post in a list: everything but its content. */
export const blogSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  excerpt: z.string(),
  category: z.enum(BLOG_CATEGORIES),
  categoryKey: z.string(),
  author: z.string(),
  readTime: z.string().nullable(),
  imageUrl: z.string().nullable(),
  featured: z.boolean(),
  status: z.enum(BLOG_STATUSES),
  /** The publication date (or the creation date of a post never published), YYYY-MM-DD in the clinic's zone. */
  date: z.string(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;

/** A whole post. `content` is Markdown, returned exactly as written: the browser renders it without raw HTML. */
export const blogSchema = blogSummarySchema.extend({ content: z.string() });
export type Blog = z.infer<typeof blogSchema>;

export const blogPageSchema = pageSchema(blogSummarySchema);
export type BlogPage = z.infer<typeof blogPageSchema>;

export const blogStatsSchema = z.object({
  total: z.number().int(),
  published: z.number().int(),
  draft: z.number().int(),
  archived: z.number().int(),
  featured: z.number().int(),
});
export type BlogStats = z.infer<typeof blogStatsSchema>;

export const blogAdminPageSchema = blogPageSchema.extend({ stats: blogStatsSchema });
export type BlogAdminPage = z.infer<typeof blogAdminPageSchema>;

export const blogActionResponseSchema = z.object({ success: z.boolean(), message: z.string(), blog: blogSchema });
export const blogBulkResponseSchema = z.object({ success: z.boolean(), message: z.string(), count: z.number().int() });
export const blogDeleteResponseSchema = z.object({ success: z.boolean(), message: z.string() });

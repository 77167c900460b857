import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { BLOG_CATEGORIES, BLOG_STATUSES, COMMENT_STATUSES, IMAGE_UPLOAD, REACTION_TYPES } from '@clinic/shared';
import { inList } from './checks';
import { users } from './users';

/** Raw bytes; PGlite hands back a Uint8Array, node-postgres a Buffer: both come out as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const blogs = pgTable(
  'blogs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    /** Markdown, stored and returned as written. */
    content: text('content').notNull(),
    category: text('category').notNull(),
    author: text('author').notNull(),
    readTime: text('read_time'),
    imageUrl: text('image_url'),
    featured: boolean('featured').notNull().default(false),
    status: text('status', { enum: BLOG_STATUSES }).notNull().default('DRAFT'),
    /** Title, excerpt and content without accents, in lower case: search finds "tieu duong" in "Tiểu đường". */
    searchText: text('search_text').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('blogs_status_published_idx').on(t.status, t.publishedAt.desc(), t.id.desc()),
    index('blogs_status_category_published_idx').on(t.status, t.category, t.publishedAt.desc()),
    index('blogs_status_featured_published_idx').on(t.status, t.featured, t.publishedAt.desc()),
    index('blogs_category_idx').on(t.category),
    index('blogs_featured_idx').on(t.featured),
    index('blogs_created_at_idx').on(t.createdAt.desc()),
    index('blogs_updated_at_idx').on(t.updatedAt.desc()),
    check('blogs_status_check', inList(t.status, BLOG_STATUSES)),
    check('blogs_category_check', inList(t.category, BLOG_CATEGORIES)),
  ],
);
export type BlogRow = typeof blogs.$inferSelect;
export type NewBlogRow = typeof blogs.$inferInsert;

/** Uploaded images live in the database, so every server process can serve them. */
export const images = pgTable(
  'images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('images_sha256_key').on(t.sha256),
    check('images_content_type_check', inList(t.contentType, IMAGE_UPLOAD.contentTypes)),
    check('images_size_check', sql`${t.size} > 0 and ${t.size} <= ${sql.raw(String(IMAGE_UPLOAD.maxBytes))}`),
  ],
);
export type NewImageRow = typeof images.$inferInsert;

export const comments = pgTable(
  'comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogs.id, { onDelete: 'cascade' }),
    /** The comment answered; null for a comment on the post itself. */
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** The top-level comment of the thread, so a page of threads loads in one query. */
    rootId: integer('root_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    authorName: text('author_name').notNull(),
    /** Plain text, never HTML. */
    content: text('content').notNull(),
    status: text('status', { enum: COMMENT_STATUSES }).notNull().default('APPROVED'),
    likeCount: integer('like_count').notNull().default(0),
    dislikeCount: integer('dislike_count').notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    moderatedBy: integer('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_blog_top_idx')
      .on(t.blogId, t.status, t.createdAt.desc())
      .where(sql`${t.parentId} is null`),
    index('comments_blog_status_idx').on(t.blogId, t.status),
    index('comments_root_idx').on(t.rootId),
    index('comments_parent_idx').on(t.parentId),
    index('comments_status_created_idx').on(t.status, t.createdAt.desc()),
    check('comments_status_check', inList(t.status, COMMENT_STATUSES)),
    check('comments_counts_check', sql`${t.likeCount} >= 0 and ${t.dislikeCount} >= 0`),
  ],
);
export type CommentRow = typeof comments.$inferSelect;
export type NewCommentRow = typeof comments.$inferInsert;

/** One reaction per visitor per comment, held by the unique key (docs/PRODUCT.md §8). */
export const commentReactions = pgTable(
  'comment_reactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    /** `u:<user id>` for a signed-in user, `v:<X-Visitor-Id>` for a visitor. */
    visitorKey: text('visitor_key').notNull(),
    reactionType: text('reaction_type', { enum: REACTION_TYPES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comment_reactions_comment_visitor_key').on(t.commentId, t.visitorKey),
    check('comment_reactions_type_check', inList(t.reactionType, REACTION_TYPES)),
  ],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_subscribers_email_lower_key').on(sql`lower(${t.email})`)],
);

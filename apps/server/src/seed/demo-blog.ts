import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BlogInput } from '@clinic/shared';
import { countBlogs, insertBlogs } from '../modules/blogs/blogs.repository';
import { searchTextOf } from '../modules/blogs/blogs.service';
import { insertComments, insertReactions, recountAllReactions } from '../modules/comments/comments.repository';
import { detectImageType } from '../modules/uploads/image-type';
import { saveImage } from '../modules/uploads/uploads.repository';
import { imageUrlOf } from '../modules/uploads/uploads.service';
import type { Db } from '../db/client';
import { DEMO_COMMENTS, DEMO_POSTS, type DemoComment } from './demo-blog-posts';

const ASSETS = new URL('./assets/', import.meta.url);
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** Demo articles with their images, comments, replies and reactions, into an empty blog. */
export async function seedDemoBlog(db: Db, now: Date = new Date()): Promise<boolean> {
  if ((await countBlogs(db)) > 0) return false;

  const imageIds = new Map<string, number>();
  for (const file of new Set(DEMO_POSTS.map((p) => p.image))) {
    const bytes = readFileSync(new URL(file, ASSETS));
    const contentType = detectImageType(bytes);
    if (!contentType) throw new Error(`seed image ${file} is not an image`);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    imageIds.set(file, await saveImage(db, { contentType, size: bytes.length, sha256, data: bytes }));
  }

  const posts = await insertBlogs(
    db,
    DEMO_POSTS.map((p) => {
      const written = new Date(now.getTime() - p.daysAgo * DAY - 2 * HOUR);
      const fields: Omit<BlogInput, 'featured' | 'status'> = {
        title: p.title,
        excerpt: p.excerpt,
        content: p.content,
        category: p.category,
        author: p.author,
        readTime: p.readTime,
        imageUrl: imageUrlOf(imageIds.get(p.image)!),
      };
      return {
        ...fields,
        featured: p.featured,
        status: p.status,
        searchText: searchTextOf(fields),
        publishedAt: p.status === 'DRAFT' ? null : new Date(written.getTime() + HOUR),
        createdAt: written,
        updatedAt: new Date(written.getTime() + HOUR),
      };
    }),
  );
  const postByTitle = new Map(
    DEMO_POSTS.map((p, i) => [p.title, { id: posts[i]!.id, publishedAt: now.getTime() - p.daysAgo * DAY - HOUR }]),
  );

  // Threads first, then their replies: a reply needs its parent's id.
  type Pending = { comment: DemoComment; blogId: number; at: number; parentId: number | null; rootId: number | null };
  let level: Pending[] = DEMO_COMMENTS.flatMap(({ postTitle, comments }) => {
    const post = postByTitle.get(postTitle);
    if (!post) throw new Error(`demo comments name an unknown post: ${postTitle}`);
    return comments.map((comment) => ({
      comment,
      blogId: post.id,
      at: post.publishedAt,
      parentId: null,
      rootId: null,
    }));
  });
  const reactions: { commentId: number; visitorKey: string; reactionType: 'LIKE' | 'DISLIKE' }[] = [];
  while (level.length > 0) {
    const ids = await insertComments(
      db,
      level.map((p) => ({
        blogId: p.blogId,
        parentId: p.parentId,
        rootId: p.rootId,
        authorName: p.comment.authorName,
        content: p.comment.content,
        status: p.comment.status ?? 'APPROVED',
        createdAt: new Date(Math.min(p.at + p.comment.hoursAfter * HOUR, now.getTime())),
      })),
    );
    const next: Pending[] = [];
    level.forEach((p, i) => {
      const id = ids[i]!.id;
      const { likes = 0, dislikes = 0 } = p.comment;
      for (let v = 0; v < likes + dislikes; v++) {
        reactions.push({
          commentId: id,
          visitorKey: `v:demo-visitor-${String(v + 1).padStart(4, '0')}`,
          reactionType: v < likes ? 'LIKE' : 'DISLIKE',
        });
      }
      for (const reply of p.comment.replies ?? [])
        next.push({ comment: reply, blogId: p.blogId, at: p.at, parentId: id, rootId: p.rootId ?? id });
    });
    level = next;
  }
  await insertReactions(db, reactions);
  await recountAllReactions(db);
  return true;
}

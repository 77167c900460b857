import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CommentStatus, ReactionType, Role } from '@clinic/shared';
import type { Db } from '../../db/client';
import { blogs, commentReactions, comments, users, type CommentRow, type NewCommentRow } from '../../db/schema';

export type CommentNodeRow = Pick<
  CommentRow,
  | 'id'
  | 'blogId'
  | 'parentId'
  | 'rootId'
  | 'authorName'
  | 'content'
  | 'status'
  | 'likeCount'
  | 'dislikeCount'
  | 'createdAt'
> & { authorRole: Role | null };

const nodeColumns = {
  id: comments.id,
  blogId: comments.blogId,
  parentId: comments.parentId,
  rootId: comments.rootId,
  authorName: comments.authorName,
  // The author's account's role, read with the comment: the clinic's mark comes from it, never from the name.
  authorRole: sql<Role | null>`(select ${users.role} from ${users} where ${users.id} = ${comments.userId})`,
  content: comments.content,
  status: comments.status,
  likeCount: comments.likeCount,
  dislikeCount: comments.dislikeCount,
  createdAt: comments.createdAt,
};

export async function insertComment(db: Db, row: NewCommentRow): Promise<CommentNodeRow> {
  const rows = await db.insert(comments).values(row).returning(nodeColumns);
  return rows[0]!;
}

export async function insertComments(db: Db, rows: NewCommentRow[]): Promise<{ id: number }[]> {
  return db.insert(comments).values(rows).returning({ id: comments.id });
}

/** An approved comment under a published post: the only kind visitors may answer or react to. */
export async function findVisibleComment(db: Db, id: number): Promise<CommentNodeRow | undefined> {
  const rows = await db
    .select(nodeColumns)
    .from(comments)
    .innerJoin(blogs, eq(blogs.id, comments.blogId))
    .where(and(eq(comments.id, id), eq(comments.status, 'APPROVED'), eq(blogs.status, 'PUBLISHED')))
    .limit(1);
  return rows[0];
}

/** The comment and every comment above it, from the top-level one down. */
export async function listAncestorIds(db: Db, id: number): Promise<number[]> {
  const result = (await db.execute(sql`
    with recursive up as (
      select id, parent_id, 0 as steps from ${comments} where id = ${id}
      union all
      select c.id, c.parent_id, up.steps + 1 from ${comments} c join up on c.id = up.parent_id
    )
    select id from up order by steps desc`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

/** Top-level approved comments of a post, newest first. */
export async function listTopLevelComments(db: Db, blogId: number, page: { offset: number; limit: number }) {
  const where = and(eq(comments.blogId, blogId), isNull(comments.parentId), eq(comments.status, 'APPROVED'));
  const [rows, counted] = await Promise.all([
    db
      .select(nodeColumns)
      .from(comments)
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(where),
  ]);
  return { rows, total: counted[0]?.n ?? 0 };
}

/** Approved replies of the given threads, oldest first. */
export async function listApprovedReplies(db: Db, rootIds: number[]): Promise<CommentNodeRow[]> {
  if (rootIds.length === 0) return [];
  return db
    .select(nodeColumns)
    .from(comments)
    .where(and(inArray(comments.rootId, rootIds), eq(comments.status, 'APPROVED')))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/** Comments a visitor sees under a post: approved, and every comment they answer approved too. */
export async function countVisibleComments(db: Db, blogId: number): Promise<number> {
  const result = (await db.execute(sql`
    with recursive visible as (
      select id from ${comments} where blog_id = ${blogId} and parent_id is null and status = 'APPROVED'
      union all
      select c.id from ${comments} c join visible v on c.parent_id = v.id where c.status = 'APPROVED'
    )
    select count(*)::int as n from visible`)) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** Holds the comment's row until the transaction ends, so reactions to one comment are counted one after another. */
export async function lockVisibleComment(db: Db, id: number): Promise<{ id: number } | undefined> {
  const rows = await db
    .select({ id: comments.id })
    .from(comments)
    .innerJoin(blogs, eq(blogs.id, comments.blogId))
    .where(and(eq(comments.id, id), eq(comments.status, 'APPROVED'), eq(blogs.status, 'PUBLISHED')))
    .for('update', { of: comments })
    .limit(1);
  return rows[0];
}

export async function findReaction(db: Db, commentId: number, visitorKey: string): Promise<ReactionType | null> {
  const rows = await db
    .select({ reactionType: commentReactions.reactionType })
    .from(commentReactions)
    .where(and(eq(commentReactions.commentId, commentId), eq(commentReactions.visitorKey, visitorKey)))
    .limit(1);
  return rows[0]?.reactionType ?? null;
}

/** One visitor's reactions to the given comments, in one query: comment id → reaction. */
export async function findReactionsOf(
  db: Db,
  commentIds: number[],
  visitorKey: string,
): Promise<Map<number, ReactionType>> {
  if (commentIds.length === 0) return new Map();
  const rows = await db
    .select({ commentId: commentReactions.commentId, reactionType: commentReactions.reactionType })
    .from(commentReactions)
    .where(and(inArray(commentReactions.commentId, commentIds), eq(commentReactions.visitorKey, visitorKey)));
  return new Map(rows.map((r) => [r.commentId, r.reactionType]));
}

/** Who has reacted to any of these comments: a reader not among them has no reaction to read. */
export async function listReactorsOf(db: Db, commentIds: number[]): Promise<string[]> {
  if (commentIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ visitorKey: commentReactions.visitorKey })
    .from(commentReactions)
    .where(inArray(commentReactions.commentId, commentIds));
  return rows.map((r) => r.visitorKey);
}

/** Sets or clears one visitor's reaction; the unique (comment, visitor) key backs the one-reaction rule. */
export async function saveReaction(
  db: Db,
  commentId: number,
  visitorKey: string,
  reactionType: ReactionType | null,
  now: Date,
): Promise<void> {
  const key = and(eq(commentReactions.commentId, commentId), eq(commentReactions.visitorKey, visitorKey));
  if (reactionType === null) {
    await db.delete(commentReactions).where(key);
    return;
  }
  await db
    .insert(commentReactions)
    .values({ commentId, visitorKey, reactionType, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [commentReactions.commentId, commentReactions.visitorKey],
      set: { reactionType, updatedAt: now },
    });
}

/** Counts from the reactions themselves, so they can never drift. */
export async function recountReactions(
  db: Db,
  commentId: number,
): Promise<{ likeCount: number; dislikeCount: number }> {
  const rows = await db
    .update(comments)
    .set({
      likeCount: sql`(select count(*)::int from ${commentReactions} r where r.comment_id = ${commentId} and r.reaction_type = 'LIKE')`,
      dislikeCount: sql`(select count(*)::int from ${commentReactions} r where r.comment_id = ${commentId} and r.reaction_type = 'DISLIKE')`,
    })
    .where(eq(comments.id, commentId))
    .returning({ likeCount: comments.likeCount, dislikeCount: comments.dislikeCount });
  return rows[0] ?? { likeCount: 0, dislikeCount: 0 };
}

export async function insertReactions(
  db: Db,
  rows: { commentId: number; visitorKey: string; reactionType: ReactionType }[],
): Promise<void> {
  if (rows.length) await db.insert(commentReactions).values(rows);
}

/** After a bulk insert of reactions (the demo seed): every comment's counts from its reactions. */
export async function recountAllReactions(db: Db): Promise<void> {
  await db.update(comments).set({
    likeCount: sql`(select count(*)::int from ${commentReactions} r where r.comment_id = ${comments.id} and r.reaction_type = 'LIKE')`,
    dislikeCount: sql`(select count(*)::int from ${commentReactions} r where r.comment_id = ${comments.id} and r.reaction_type = 'DISLIKE')`,
  });
}

export async function setCommentStatus(
  db: Db,
  id: number,
  status: CommentStatus,
  moderatorId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(comments)
    .set({ status, moderatedBy: moderatorId, moderatedAt: now })
    .where(eq(comments.id, id))
    .returning({ id: comments.id });
  return rows.length > 0;
}

/** Deletes the comment and, through the foreign keys, its replies and reactions. */
export async function deleteComment(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  return rows.length > 0;
}

/** The moderation panel: any status, newest first, with the post's title. */
export async function listCommentsForModeration(
  db: Db,
  status: CommentStatus | null,
  page: { offset: number; limit: number },
) {
  const where = status ? eq(comments.status, status) : undefined;
  const [rows, counted, byStatus] = await Promise.all([
    db
      .select({ ...nodeColumns, blogTitle: blogs.title })
      .from(comments)
      .innerJoin(blogs, eq(blogs.id, comments.blogId))
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(comments)
      .where(where),
    db
      .select({ status: comments.status, n: sql<number>`count(*)::int` })
      .from(comments)
      .groupBy(comments.status),
  ]);
  const counts = { PENDING: 0, APPROVED: 0, REJECTED: 0 };
  for (const row of byStatus) counts[row.status] = row.n;
  return { rows, total: counted[0]?.n ?? 0, counts };
}

import {
  BLOG_MSG,
  COMMENT_LIMITS,
  COMMENT_MSG,
  COMMENT_STAFF_ROLES,
  nextReaction,
  pagingOf,
  type Comment,
  type CommentInput,
  type CommentListResponse,
  type CommentStaffRole,
  type CommentStatus,
  type ReactionResponse,
  type ReactionType,
  type Role,
  can,
} from '@clinic/shared';
import type { AppDeps } from '../../deps';
import { BadRequestError, NotFoundError } from '../../lib/errors';
import { isPublished as isBlogPublished } from '../blogs/blogs.service';
import { findUserById, impersonatesStaff } from '../users/users.service';
import {
  countVisibleComments,
  deleteComment,
  findReaction,
  findReactionsOf,
  listReactorsOf,
  findVisibleComment,
  insertComment,
  listAncestorIds,
  listApprovedReplies,
  listCommentsForModeration,
  listTopLevelComments,
  lockVisibleComment,
  recountReactions,
  saveReaction,
  setCommentStatus,
  type CommentNodeRow,
} from './comments.repository';

export type CommentDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'cache'>;
/** Who writes: a visitor, or a signed-in user whose name comes from the account. */
export type Commenter = { id: number; role: Role } | null;

const postNotFound = () => new NotFoundError(BLOG_MSG.notFound, 'BLOG_NOT_FOUND');
const commentNotFound = () => new NotFoundError(COMMENT_MSG.notFound, 'COMMENT_NOT_FOUND');

/** The clinic's mark of a comment: its author's role when she comments as the clinic's people do. */
function staffRoleOf(role: Role | null): CommentStaffRole | null {
  return role && can(role, 'commentAsStaff') ? (COMMENT_STAFF_ROLES.find((r) => r === role) ?? null) : null;
}

function toComment(row: CommentNodeRow, replies: Comment[] = [], myReaction: ReactionType | null = null): Comment {
  return {
    id: row.id,
    blogId: row.blogId,
    parentId: row.parentId,
    authorName: row.authorName,
    authorRole: staffRoleOf(row.authorRole),
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    likeCount: row.likeCount,
    dislikeCount: row.dislikeCount,
    status: row.status,
    myReaction,
    replies,
  };
}

/**
 * Nests approved rows under their parents, without recursion (issue 29: a chain of 1,500 replies
 * overflowed the stack). A reply whose parent is not among them (rejected or pending) is left out
 * with everything under it. Below COMMENT_LIMITS.maxReplyDepth levels a reply is shown beside its
 * parent, in the list of the reply at that depth, so no answer nests deeper whatever is stored.
 */
function buildTrees(roots: CommentNodeRow[], replies: CommentNodeRow[], mine: Map<number, ReactionType>): Comment[] {
  const children = new Map<number, CommentNodeRow[]>();
  for (const r of replies) {
    if (r.parentId === null) continue;
    const list = children.get(r.parentId) ?? [];
    list.push(r);
    children.set(r.parentId, list);
  }
  const trees = roots.map((row) => toComment(row, [], mine.get(row.id) ?? null));
  /** Each node to visit: its row, its comment, its depth, and the list it was put in. */
  type Visit = { row: CommentNodeRow; node: Comment; depth: number; list: Comment[] };
  const visits: Visit[] = roots.map((row, i) => ({ row, node: trees[i]!, depth: 0, list: trees }));
  const lengthened = new Set<Comment[]>();
  for (let i = 0; i < visits.length; i += 1) {
    const { row, node, depth, list } = visits[i]!;
    const deeper = depth < COMMENT_LIMITS.maxReplyDepth;
    for (const child of children.get(row.id) ?? []) {
      const childNode = toComment(child, [], mine.get(child.id) ?? null);
      const into = deeper ? node.replies : list;
      into.push(childNode);
      if (!deeper) lengthened.add(list);
      visits.push({ row: child, node: childNode, depth: deeper ? depth + 1 : depth, list: into });
    }
  }
  // A list that took replies from below keeps the thread's order: oldest first.
  for (const list of lengthened) list.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  return trees;
}

/** Every comment in the trees, counted without recursion. */
function countTree(nodes: Comment[]): number {
  let count = 0;
  const pending = [...nodes];
  while (pending.length > 0) {
    count += 1;
    pending.push(...pending.pop()!.replies);
  }
  return count;
}

/** The caller's reactions to every comment shown, read in one query; none for an unknown visitor. */
async function reactionsOf(
  deps: CommentDeps,
  rows: CommentNodeRow[],
  visitorKey: string | null,
): Promise<Map<number, ReactionType>> {
  if (!visitorKey) return new Map();
  return findReactionsOf(
    deps.db,
    rows.map((r) => r.id),
    visitorKey,
  );
}

export async function listCommentsOfPost(
  deps: CommentDeps,
  blogId: number,
  query: { page: number; size: number },
  visitorKey: string | null,
): Promise<CommentListResponse> {
  // The page as every reader sees it is kept until a post, comment, reaction or account changes,
  // with who has reacted on it: only a reader among them has her own reactions read.
  const { rows, total, count, replies, reactors } = await deps.cache.get(
    `comments:${blogId}:${query.page}:${query.size}`,
    ['blogs', 'comments', 'comment_reactions', 'users'],
    async () => {
      if (!(await isBlogPublished(deps.db, blogId))) throw postNotFound();
      const [{ rows, total }, count] = await Promise.all([
        listTopLevelComments(deps.db, blogId, { offset: (query.page - 1) * query.size, limit: query.size }),
        countVisibleComments(deps.db, blogId),
      ]);
      const replies = await listApprovedReplies(
        deps.db,
        rows.map((r) => r.id),
      );
      return {
        rows,
        total,
        count,
        replies,
        reactors: await listReactorsOf(
          deps.db,
          [...rows, ...replies].map((r) => r.id),
        ),
      };
    },
  );
  const mine =
    visitorKey && reactors.includes(visitorKey)
      ? await reactionsOf(deps, [...rows, ...replies], visitorKey)
      : new Map<number, ReactionType>();
  return {
    success: true,
    comments: buildTrees(rows, replies, mine),
    count,
    total,
    ...pagingOf(total, query.page, query.size),
  };
}

/** The visible replies under one comment, nested. */
export async function listReplies(
  deps: CommentDeps,
  commentId: number,
  visitorKey: string | null,
): Promise<CommentListResponse> {
  const comment = await findVisibleComment(deps.db, commentId);
  if (!comment) throw commentNotFound();
  const thread = await listApprovedReplies(deps.db, [comment.rootId ?? comment.id]);
  const mine = await reactionsOf(deps, thread, visitorKey);
  const [node] = buildTrees([comment], thread, mine);
  const replies = node?.replies ?? [];
  const count = countTree(replies);
  return {
    success: true,
    comments: replies,
    count,
    total: replies.length,
    page: 1,
    size: Math.max(replies.length, 1),
    totalPages: 1,
  };
}

async function authorNameOf(deps: CommentDeps, commenter: Commenter, typed: string): Promise<string> {
  if (!commenter) {
    // Only the clinic's own people speak as the clinic (issue 11: a visitor posted as 'BS. Nguyễn Văn An').
    if (await impersonatesStaff(deps.db, typed))
      throw new BadRequestError(COMMENT_MSG.staffNameReserved, 'STAFF_NAME_RESERVED');
    return typed;
  }
  const user = await findUserById(deps.db, commenter.id);
  return user?.fullName?.trim() || user?.username || typed;
}

function initialStatus(deps: CommentDeps, commenter: Commenter): CommentStatus {
  if (deps.config.commentModeration === 'post') return 'APPROVED';
  // Clinic staff answer under their own name and need no approval, even with pre-moderation.
  return commenter && can(commenter.role, 'commentAsStaff') ? 'APPROVED' : 'PENDING';
}

function createdMessage(status: CommentStatus, reply: boolean): string {
  if (status === 'PENDING') return COMMENT_MSG.pending;
  return reply ? COMMENT_MSG.replyPosted : COMMENT_MSG.posted;
}

export async function createComment(deps: CommentDeps, blogId: number, input: CommentInput, commenter: Commenter) {
  if (!(await isBlogPublished(deps.db, blogId))) throw postNotFound();
  const status = initialStatus(deps, commenter);
  const row = await insertComment(deps.db, {
    blogId,
    authorName: await authorNameOf(deps, commenter, input.authorName),
    content: input.content,
    status,
    userId: commenter?.id ?? null,
    createdAt: deps.clock.now(),
  });
  return { success: true, message: createdMessage(status, false), comment: toComment(row) };
}

/**
 * The comment a reply is stored under: the one answered, or, when that one is already
 * COMMENT_LIMITS.maxReplyDepth levels deep, its own parent at that depth (issue 29), so threads
 * stop growing downwards.
 */
async function replyTargetOf(deps: CommentDeps, parentId: number): Promise<number> {
  const chain = await listAncestorIds(deps.db, parentId);
  return chain.length > COMMENT_LIMITS.maxReplyDepth ? chain[COMMENT_LIMITS.maxReplyDepth - 1]! : parentId;
}

export async function createReply(deps: CommentDeps, parentId: number, input: CommentInput, commenter: Commenter) {
  const parent = await findVisibleComment(deps.db, parentId);
  if (!parent) throw commentNotFound();
  const status = initialStatus(deps, commenter);
  const row = await insertComment(deps.db, {
    blogId: parent.blogId,
    parentId: await replyTargetOf(deps, parent.id),
    rootId: parent.rootId ?? parent.id,
    authorName: await authorNameOf(deps, commenter, input.authorName),
    content: input.content,
    status,
    userId: commenter?.id ?? null,
    createdAt: deps.clock.now(),
  });
  return { success: true, message: createdMessage(status, true), comment: toComment(row) };
}

/**
 * One reaction per visitor per comment: the same again removes it, the other one moves it.
 * The comment's row is locked for the transaction, so simultaneous reactions are applied one
 * after another and the counts, recounted from the reactions, stay exact.
 */
export async function react(
  deps: CommentDeps,
  commentId: number,
  visitorKey: string | null,
  requested: ReactionType,
): Promise<ReactionResponse> {
  if (!visitorKey) throw new BadRequestError(COMMENT_MSG.visitorUnknown, 'VISITOR_ID_REQUIRED');
  return deps.db.transaction(async (tx) => {
    if (!(await lockVisibleComment(tx, commentId))) throw commentNotFound();
    const current = await findReaction(tx, commentId, visitorKey);
    const next = nextReaction(current, requested);
    await saveReaction(tx, commentId, visitorKey, next, deps.clock.now());
    const counts = await recountReactions(tx, commentId);
    return {
      success: true,
      message: next ? COMMENT_MSG.reactionAdded : COMMENT_MSG.reactionRemoved,
      reaction: { reactionType: next },
      ...counts,
    };
  });
}

export async function myReaction(deps: CommentDeps, commentId: number, visitorKey: string | null) {
  const comment = await findVisibleComment(deps.db, commentId);
  if (!comment) throw commentNotFound();
  const reactionType = visitorKey ? await findReaction(deps.db, commentId, visitorKey) : null;
  return { success: true, reaction: { reactionType } };
}

export async function moderate(
  deps: CommentDeps,
  commentId: number,
  status: 'APPROVED' | 'REJECTED',
  moderatorId: number,
) {
  if (!(await setCommentStatus(deps.db, commentId, status, moderatorId, deps.clock.now()))) throw commentNotFound();
  return { success: true, message: status === 'APPROVED' ? COMMENT_MSG.approved : COMMENT_MSG.rejected };
}

export async function removeComment(deps: CommentDeps, commentId: number) {
  if (!(await deleteComment(deps.db, commentId))) throw commentNotFound();
  return { success: true, message: COMMENT_MSG.deleted };
}

export async function listForModeration(
  deps: CommentDeps,
  query: { status: CommentStatus | null; page: number; size: number },
) {
  const { rows, total, counts } = await listCommentsForModeration(deps.db, query.status, {
    offset: (query.page - 1) * query.size,
    limit: query.size,
  });
  return {
    success: true,
    comments: rows.map((r) => ({
      id: r.id,
      blogId: r.blogId,
      blogTitle: r.blogTitle,
      parentId: r.parentId,
      authorName: r.authorName,
      authorRole: staffRoleOf(r.authorRole),
      content: r.content,
      createdAt: r.createdAt.toISOString(),
      likeCount: r.likeCount,
      dislikeCount: r.dislikeCount,
      status: r.status,
    })),
    count: total,
    ...pagingOf(total, query.page, query.size),
    counts,
  };
}

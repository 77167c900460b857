import { z } from '../zod';
import { pageNumberSchema, pagingFields, pathIdSchema } from '../common';
import {
  COMMENT_LIMITS,
  COMMENT_STAFF_ROLES,
  COMMENT_STATUSES,
  REACTION_TYPES,
  type CommentStaffRole,
  COMMENT_MSG,
  type CommentStatus,
  type ReactionType,
} from './comment-texts';
import { hasMedicalTitle } from './comment-names';

/** POST /api/comments/blog/{postId}. */
export const commentInputSchema = z.object({
  authorName: z
    .string({ error: COMMENT_MSG.nameRequired })
    .trim()
    .min(1, COMMENT_MSG.nameRequired)
    .max(COMMENT_LIMITS.authorName, COMMENT_MSG.nameTooLong),
  content: z
    .string({ error: COMMENT_MSG.contentRequired })
    .trim()
    .min(1, COMMENT_MSG.contentRequired)
    .max(COMMENT_LIMITS.content, COMMENT_MSG.contentTooLong),
});
export type CommentInput = z.infer<typeof commentInputSchema>;

/** POST /api/comments/{id}/reply: both fields are needed, with the same maxima. */
export const replyInputSchema = z.object({
  authorName: z
    .string({ error: COMMENT_MSG.replyIncomplete })
    .trim()
    .min(1, COMMENT_MSG.replyIncomplete)
    .max(COMMENT_LIMITS.authorName, COMMENT_MSG.nameTooLong),
  content: z
    .string({ error: COMMENT_MSG.replyIncomplete })
    .trim()
    .min(1, COMMENT_MSG.replyIncomplete)
    .max(COMMENT_LIMITS.content, COMMENT_MSG.contentTooLong),
});
export type ReplyInput = z.infer<typeof replyInputSchema>;

/** A visitor's name (not signed in) carries no title of the clinic's people, so the form says it before sending. */
const visitorName = <S extends z.ZodString>(name: S) =>
  name.refine((value) => !hasMedicalTitle(value), COMMENT_MSG.staffNameReserved);
export const visitorCommentInputSchema = commentInputSchema.extend({
  authorName: visitorName(commentInputSchema.shape.authorName),
});
export const visitorReplyInputSchema = replyInputSchema.extend({
  authorName: visitorName(replyInputSchema.shape.authorName),
});

export const reactionInputSchema = z.object({
  reactionType: z.enum(REACTION_TYPES, { error: COMMENT_MSG.reactionInvalid }),
});
export type ReactionInput = z.infer<typeof reactionInputSchema>;

export const commentIdParamsSchema = z.object({ id: pathIdSchema(COMMENT_MSG.invalidId) });

const pageNumber = (fallback: number, max: number) => pageNumberSchema(COMMENT_MSG.invalidPaging, fallback, max);

export const commentListQuerySchema = z.object({
  page: pageNumber(1, 100_000),
  size: pageNumber(COMMENT_LIMITS.pageSize, COMMENT_LIMITS.maxPageSize),
});

export const commentModerationQuerySchema = z.object({
  status: z
    .enum([...COMMENT_STATUSES, 'all', ''], { error: COMMENT_MSG.statusInvalid })
    .optional()
    .transform((v) => (v && v !== 'all' ? (v as CommentStatus) : null)),
  page: pageNumber(1, 100_000),
  size: pageNumber(COMMENT_LIMITS.pageSize, COMMENT_LIMITS.maxPageSize),
});

type CommentShape = {
  id: number;
  blogId: number;
  parentId: number | null;
  authorName: string;
  /** The clinic's mark: the author's back-office role, from the account; null for a visitor or a patient. */
  authorRole: CommentStaffRole | null;
  content: string;
  createdAt: string;
  likeCount: number;
  dislikeCount: number;
  status: CommentStatus;
  /** The caller's own reaction (a signed-in user's, else the X-Visitor-Id's); null when none or unknown. */
  myReaction: ReactionType | null;
  replies: CommentShape[];
};

/** What every view of a comment shows: the reader's page and the moderation panel. */
const commentFields = {
  id: z.number().int(),
  blogId: z.number().int(),
  parentId: z.number().int().nullable(),
  authorName: z.string(),
  /** The clinic's mark: the author's back-office role, from the account; null for a visitor or a patient. */
  authorRole: z.enum(COMMENT_STAFF_ROLES).nullable(),
  content: z.string(),
  createdAt: z.string(),
  likeCount: z.number().int(),
  dislikeCount: z.number().int(),
  status: z.enum(COMMENT_STATUSES),
};

/** A comment with its visible replies nested. `content` is plain text: show it as text, never as HTML. */
export const commentSchema: z.ZodType<CommentShape> = z.object({
  ...commentFields,
  myReaction: z.enum(REACTION_TYPES).nullable(),
  get replies() {
    return z.array(commentSchema);
  },
});
export type Comment = CommentShape;
// Named in the OpenAPI document: a recursive schema must be a component to be referenced.
z.globalRegistry.add(commentSchema, { id: 'Comment' });

/**
 * GET /api/comments/blog/{postId} and /api/comments/{id}/replies. `count` counts every visible comment, replies included;
 * each comment carries the caller's `myReaction`, so the page needs no call per comment.
 */
export const commentListResponseSchema = z.object({
  success: z.boolean(),
  comments: z.array(commentSchema),
  count: z.number().int(),
  total: z.number().int(),
  ...pagingFields,
});
export type CommentListResponse = z.infer<typeof commentListResponseSchema>;

export const commentCreatedResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  comment: commentSchema,
});

export const reactionStateSchema = z.object({ reactionType: z.enum(REACTION_TYPES).nullable() });
export const reactionResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  reaction: reactionStateSchema,
  likeCount: z.number().int(),
  dislikeCount: z.number().int(),
});
export type ReactionResponse = z.infer<typeof reactionResponseSchema>;
export const myReactionResponseSchema = z.object({ success: z.boolean(), reaction: reactionStateSchema });

/** A comment in the moderation panel: with its post, whatever its status. */
export const moderationCommentSchema = z.object({ ...commentFields, blogTitle: z.string() });
export type ModerationComment = z.infer<typeof moderationCommentSchema>;

export const moderationListResponseSchema = z.object({
  success: z.boolean(),
  comments: z.array(moderationCommentSchema),
  /** Comments of the requested status, on every page. */
  count: z.number().int(),
  ...pagingFields,
  counts: z.object({ PENDING: z.number().int(), APPROVED: z.number().int(), REJECTED: z.number().int() }),
});
export type ModerationListResponse = z.infer<typeof moderationListResponseSchema>;

export const commentActionResponseSchema = z.object({ success: z.boolean(), message: z.string() });

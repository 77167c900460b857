import { z } from '../zod';
import { pageNumberSchema, pagingFields, pathIdSchema } from '../common';

export const COMMENT_LIMITS = { authorName: 100, content: 1000, pageSize: 20, maxPageSize: 50 } as const;

/** Moderation states (PRODUCT.md section 8): APPROVED is visible, PENDING waits, REJECTED is hidden. */
export const COMMENT_STATUSES = ['APPROVED', 'PENDING', 'REJECTED'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
export const COMMENT_STATUS_LABELS: Record<CommentStatus, string> = {
  APPROVED: 'Đã duyệt',
  PENDING: 'Chờ duyệt',
  REJECTED: 'Đã từ chối',
};

export const REACTION_TYPES = ['LIKE', 'DISLIKE'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

/** Sent with reactions by a visitor without an account (PRODUCT.md section 8); a UUID fits. */
export const VISITOR_ID_HEADER = 'x-visitor-id';
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const VISITOR_ID_STORAGE_KEY = 'visitorId';

export const COMMENT_MSG = {
  nameRequired: 'Vui lòng nhập tên của bạn',
  nameTooLong: `Tên không được vượt quá ${COMMENT_LIMITS.authorName} ký tự`,
  contentRequired: 'Vui lòng nhập nội dung bình luận',
  contentTooLong: `Bình luận không được vượt quá ${COMMENT_LIMITS.content} ký tự`,
  replyIncomplete: 'Vui lòng nhập đầy đủ thông tin',
  reactionInvalid: 'Loại cảm xúc không hợp lệ',
  invalidId: 'ID bình luận không hợp lệ',
  notFound: 'Không tìm thấy bình luận',
  statusInvalid: 'Trạng thái bình luận không hợp lệ',
  invalidPaging: 'Tham số phân trang không hợp lệ',
  visitorUnknown: 'Không xác định được khách truy cập. Vui lòng tải lại trang.',
  staffNameReserved: 'Tên này dành cho bác sĩ và nhân viên phòng khám. Vui lòng dùng tên của bạn.',
  posted: 'Bình luận của bạn đã được đăng',
  pending: 'Bình luận của bạn đang chờ duyệt',
  replyPosted: 'Trả lời của bạn đã được đăng',
  reactionAdded: 'Đã ghi nhận cảm xúc',
  reactionRemoved: 'Đã bỏ cảm xúc',
  approved: 'Đã duyệt bình luận',
  rejected: 'Đã từ chối bình luận',
  deleted: 'Đã xóa bình luận',
  // Screen and toast texts of specification section 8.
  loadFailed: 'Không thể tải bình luận',
  loadError: 'Có lỗi xảy ra khi tải bình luận',
  addFailed: 'Có lỗi xảy ra khi thêm bình luận',
  reactFailed: 'Lỗi khi react bình luận',
  replyFailed: 'Lỗi khi tạo trả lời',
  deleteFailed: 'Lỗi khi xóa bình luận',
} as const;

/** POST /api/comments/blog/{postId}. */
export const commentInputSchema = z.object({
  authorName: z.string({ error: COMMENT_MSG.nameRequired }).trim().min(1, COMMENT_MSG.nameRequired).max(COMMENT_LIMITS.authorName, COMMENT_MSG.nameTooLong),
  content: z
    .string({ error: COMMENT_MSG.contentRequired })
    .trim()
    .min(1, COMMENT_MSG.contentRequired)
    .max(COMMENT_LIMITS.content, COMMENT_MSG.contentTooLong),
});
export type CommentInput = z.infer<typeof commentInputSchema>;

/** POST /api/comments/{id}/reply: both fields are needed, with the same maxima. */
export const replyInputSchema = z.object({
  authorName: z.string({ error: COMMENT_MSG.replyIncomplete }).trim().min(1, COMMENT_MSG.replyIncomplete).max(COMMENT_LIMITS.authorName, COMMENT_MSG.nameTooLong),
  content: z.string({ error: COMMENT_MSG.replyIncomplete }).trim().min(1, COMMENT_MSG.replyIncomplete).max(COMMENT_LIMITS.content, COMMENT_MSG.contentTooLong),
});
export type ReplyInput = z.infer<typeof replyInputSchema>;

export const reactionInputSchema = z.object({ reactionType: z.enum(REACTION_TYPES, { error: COMMENT_MSG.reactionInvalid }) });
export type ReactionInput = z.infer<typeof reactionInputSchema>;

/** The reaction a visitor ends up with after choosing `requested` (specification section 4): the same again removes it, the other one moves it. */
export function nextReaction(current: ReactionType | null, requested: ReactionType): ReactionType | null {
  return current === requested ? null : requested;
}

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

export const commentCreatedResponseSchema = z.object({ success: z.boolean(), message: z.string(), comment: commentSchema });

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

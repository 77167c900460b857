// The comments' words, statuses, reactions and limits: no zod here, so a post's page shows them
// without the schemas (issue 12). The schemas are in comment.ts.
export const COMMENT_LIMITS = {
  authorName: 100,
  content: 1000,
  pageSize: 20,
  maxPageSize: 50,
  /**
   * How many levels of replies a thread shows under its comment (issue 29): an answer to a reply
   * that deep joins that reply's own list, beside it.
   */
  maxReplyDepth: 5,
} as const;

/** Moderation states (docs/PRODUCT.md §8): APPROVED is visible, PENDING waits, REJECTED is hidden. */
export const COMMENT_STATUSES = ['APPROVED', 'PENDING', 'REJECTED'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];
export const COMMENT_STATUS_LABELS: Record<CommentStatus, string> = {
  APPROVED: 'Đã duyệt',
  PENDING: 'Chờ duyệt',
  REJECTED: 'Đã từ chối',
};

/**
 * The roles whose comments carry the clinic's mark (issue 34): read from the author's account, never from
 * the name typed, so a visitor cannot copy it.
 */
export const COMMENT_STAFF_ROLES = ['DOCTOR', 'STAFF', 'ADMIN'] as const;
export type CommentStaffRole = (typeof COMMENT_STAFF_ROLES)[number];
export const COMMENT_AUTHOR_BADGES: Record<CommentStaffRole, string> = {
  DOCTOR: 'Bác sĩ của phòng khám',
  STAFF: 'Nhân viên phòng khám',
  ADMIN: 'Nhân viên phòng khám',
};

export const REACTION_TYPES = ['LIKE', 'DISLIKE'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

/** Sent with reactions by a visitor without an account (docs/PRODUCT.md §8); a UUID fits. */
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

/** The reaction a visitor ends up with after choosing `requested` (specification section 4): the same again removes it, the other one moves it. */
export function nextReaction(current: ReactionType | null, requested: ReactionType): ReactionType | null {
  return current === requested ? null : requested;
}

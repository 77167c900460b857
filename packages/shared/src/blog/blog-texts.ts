// The blog's words, statuses, categories and limits: no zod here, so the public pages' shell
// shows them without the schemas (issue 12). The schemas are in blog.ts.
/** Blog statuses (specification section 4): only PUBLISHED posts are ever served publicly. */
export const BLOG_STATUSES = ['DRAFT', 'PUBLISHED', 'ARCHIVED'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];
export const BLOG_STATUS_LABELS: Record<BlogStatus, string> = {
  DRAFT: 'Bản nháp',
  PUBLISHED: 'Đã xuất bản',
  ARCHIVED: 'Đã lưu trữ',
};

/** The admin categories of specification section 3, as stored. */
export const BLOG_CATEGORIES = ['Tim mạch', 'Ung thư', 'Tiểu đường', 'Phòng bệnh', 'Thể dục', 'Tâm thần'] as const;
export type BlogCategory = (typeof BLOG_CATEGORIES)[number];

/** The public category chips of /blog (specification section 2), each naming the stored category it shows. */
export const BLOG_CATEGORY_CHIPS = [
  { key: 'all', label: 'Tất cả', category: null },
  { key: 'heart', label: 'Tim mạch', category: 'Tim mạch' },
  { key: 'cancer', label: 'Ung thư', category: 'Ung thư' },
  { key: 'diabetes', label: 'Tiểu đường', category: 'Tiểu đường' },
  { key: 'prevention', label: 'Phòng bệnh', category: 'Phòng bệnh' },
  { key: 'exercise', label: 'Thể dục', category: 'Thể dục' },
  { key: 'mental-health', label: 'Sức khỏe tâm thần', category: 'Tâm thần' },
] as const satisfies ReadonlyArray<{ key: string; label: string; category: BlogCategory | null }>;
export type BlogCategoryKey = (typeof BLOG_CATEGORY_CHIPS)[number]['key'];

/** The chip key of a stored category ('Tim mạch' → 'heart'). */
export function blogCategoryKey(category: BlogCategory): Exclude<BlogCategoryKey, 'all'> {
  const chip = BLOG_CATEGORY_CHIPS.find((c) => c.category === category);
  return (chip?.key ?? 'all') as Exclude<BlogCategoryKey, 'all'>;
}

/**
 * The stored category a filter value names: a chip key ('heart'), a stored category ('Tim mạch'),
 * or nothing for 'all' / empty. Undefined when the value names no category at all.
 */
export function blogCategoryFromFilter(value: string | undefined | null): BlogCategory | null | undefined {
  const v = (value ?? '').trim();
  if (v === '' || v === 'all') return null;
  const byKey = BLOG_CATEGORY_CHIPS.find((c) => c.key === v.toLowerCase());
  if (byKey) return byKey.category;
  const byName = BLOG_CATEGORIES.find((c) => c.toLocaleLowerCase('vi') === v.normalize('NFC').toLocaleLowerCase('vi'));
  return byName ?? undefined;
}

/** Limits of specification sections 5 and 9. */
export const BLOG_LIMITS = {
  title: 200,
  excerpt: 500,
  author: 100,
  readTime: 20,
  /** Not in the specification: bounds a request body (about 10 000 words). */
  content: 100_000,
  imageUrl: 500,
  searchQuery: 100,
  /** 'See more' appears above this many posts. */
  publicPageSize: 6,
  /**
   * The featured block of /blog holds every featured post (up to this many, newest first); the grid
   * under it the others, so none is lost and none shown twice (specification section 2; issue 25).
   */
  featuredBlock: 50,
  adminPageSize: 10,
  maxPageSize: 50,
  maxBulk: 100,
} as const;

export const BLOG_MSG = {
  titleRequired: 'Tiêu đề là bắt buộc',
  titleTooLong: `Tiêu đề không được vượt quá ${BLOG_LIMITS.title} ký tự`,
  excerptRequired: 'Tóm tắt là bắt buộc',
  excerptTooLong: `Tóm tắt không được vượt quá ${BLOG_LIMITS.excerpt} ký tự`,
  contentRequired: 'Nội dung là bắt buộc',
  contentTooLong: `Nội dung không được vượt quá ${BLOG_LIMITS.content} ký tự`,
  authorRequired: 'Tác giả là bắt buộc',
  authorTooLong: `Tác giả không được vượt quá ${BLOG_LIMITS.author} ký tự`,
  readTimeTooLong: `Thời gian đọc không được vượt quá ${BLOG_LIMITS.readTime} ký tự`,
  categoryRequired: 'Vui lòng chọn danh mục',
  categoryInvalid: 'Danh mục không hợp lệ',
  statusInvalid: 'Trạng thái bài viết không hợp lệ',
  imageUrlInvalid: 'Đường dẫn hình ảnh không hợp lệ',
  invalidId: 'ID bài viết không hợp lệ',
  notFound: 'Không tìm thấy bài viết',
  loadFailed: 'Có lỗi xảy ra khi tải bài viết',
  selectAtLeastOne: 'Vui lòng chọn ít nhất một bài viết',
  tooManySelected: `Chỉ có thể thao tác tối đa ${BLOG_LIMITS.maxBulk} bài viết một lần`,
  searchTooLong: `Từ khóa tìm kiếm không được vượt quá ${BLOG_LIMITS.searchQuery} ký tự`,
  invalidPaging: 'Tham số phân trang không hợp lệ',
  invalidSort: 'Kiểu sắp xếp không hợp lệ',
  invalidFeatured: 'Giá trị nổi bật không hợp lệ',
  created: 'Đã tạo bài viết',
  updated: 'Đã cập nhật bài viết',
  deleted: 'Đã xóa bài viết',
  statusChanged: 'Đã cập nhật trạng thái bài viết',
  featuredOn: 'Đã đánh dấu bài viết nổi bật',
  featuredOff: 'Đã bỏ đánh dấu nổi bật',
  bulkStatusChanged: (count: number) => `Đã cập nhật trạng thái ${count} bài viết`,
  bulkDeleted: (count: number) => `Đã xóa ${count} bài viết`,
  // Client fallbacks of specification section 8.
  fetchFailed: 'Failed to fetch blogs',
  createFailed: 'Failed to create blog',
  updateFailed: 'Failed to update blog',
  statusFailed: 'Failed to change status',
  featuredFailed: 'Failed to toggle featured',
  publicFetchFailed: 'Failed to fetch blog data',
  searchFailed: 'Search failed',
  http403: 'Không có quyền truy cập. Vui lòng đăng nhập.',
  http401: 'Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.',
} as const;

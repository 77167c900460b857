import { BLOG_STATUS_LABELS, type BlogSort, type BlogStatus } from '@clinic/shared';
import type { BadgeTone } from '@/components/ui/badge';

export const STATUS_TONES: Record<BlogStatus, BadgeTone> = {
  DRAFT: 'warning',
  PUBLISHED: 'success',
  ARCHIVED: 'neutral',
};

export { BLOG_STATUS_LABELS };

/** The sort choices of the toolbar (the server knows a few more). */
export const SORT_OPTIONS: ReadonlyArray<{ value: BlogSort; label: string }> = [
  { value: 'newest', label: 'Mới nhất' },
  { value: 'oldest', label: 'Cũ nhất' },
  { value: 'updated', label: 'Cập nhật gần đây' },
  { value: 'title-asc', label: 'Tiêu đề A → Z' },
  { value: 'title-desc', label: 'Tiêu đề Z → A' },
];

export const FEATURED_OPTIONS = [
  { value: '', label: 'Tất cả' },
  { value: 'true', label: 'Nổi bật' },
  { value: 'false', label: 'Không nổi bật' },
] as const;

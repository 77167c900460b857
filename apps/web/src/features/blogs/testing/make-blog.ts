import { blogCategoryKey, toPage, type Blog, type BlogCategory, type BlogPage, type BlogSummary } from '@clinic/shared';

export function makeBlogSummary(overrides: Partial<BlogSummary> = {}): BlogSummary {
  const category: BlogCategory = overrides.category ?? 'Tim mạch';
  return {
    id: 1,
    title: 'Sức khỏe tim mạch của phụ nữ sau mãn kinh',
    excerpt: 'Sau mãn kinh, nguy cơ bệnh tim mạch tăng rõ rệt.',
    category,
    categoryKey: blogCategoryKey(category),
    author: 'BS. Bùi Đức Minh',
    readTime: '5 phút',
    imageUrl: '/api/images/1',
    featured: false,
    status: 'PUBLISHED',
    date: '2026-11-10',
    publishedAt: '2026-11-10T02:00:00.000Z',
    createdAt: '2026-11-10T01:00:00.000Z',
    updatedAt: '2026-11-10T02:00:00.000Z',
    ...overrides,
  };
}

export function makeBlog(overrides: Partial<Blog> = {}): Blog {
  return { ...makeBlogSummary(overrides), content: overrides.content ?? '## Mở đầu\n\nNội dung bài viết.' };
}

/** `count` posts numbered from `firstId`. */
export function makePosts(count: number, firstId = 1, overrides: Partial<BlogSummary> = {}): BlogSummary[] {
  return Array.from({ length: count }, (_, i) =>
    makeBlogSummary({ id: firstId + i, title: `Bài viết số ${firstId + i}`, ...overrides }),
  );
}

export function pageOf(items: BlogSummary[], page: number, total: number, size = 6): BlogPage {
  return toPage(items, total, page, size);
}

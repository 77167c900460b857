import { describe, expect, it } from 'vitest';
import '../index';
import {
  BLOG_CATEGORIES,
  BLOG_CATEGORY_CHIPS,
  BLOG_MSG,
  blogAdminListQuerySchema,
  blogBulkStatusRequestSchema,
  blogCategoryFromFilter,
  blogCategoryKey,
  blogIdParamsSchema,
  blogInputSchema,
  blogPublicListQuerySchema,
  blogUpdateSchema,
} from '../index';

const valid = {
  title: 'Tầm soát ung thư cổ tử cung',
  excerpt: 'Những điều cần biết',
  content: '# Nội dung\n\nVăn bản',
  category: 'Ung thư',
  author: 'BS. Lê Thị Hồng Nhung',
  readTime: '5 phút',
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error!.issues[0]!.message;
}

describe('blogInputSchema', () => {
  it('accepts a complete post, defaulting to a draft that is not featured', () => {
    const parsed = blogInputSchema.parse(valid);
    expect(parsed).toMatchObject({ status: 'DRAFT', featured: false, readTime: '5 phút' });
    expect(parsed.imageUrl).toBeUndefined();
  });

  it.each([
    ['title', 200, BLOG_MSG.titleTooLong],
    ['excerpt', 500, BLOG_MSG.excerptTooLong],
    ['author', 100, BLOG_MSG.authorTooLong],
    ['readTime', 20, BLOG_MSG.readTimeTooLong],
  ] as const)('takes %s of exactly %i characters and refuses one more', (field, max, message) => {
    expect(blogInputSchema.safeParse({ ...valid, [field]: 'ắ'.repeat(max) }).success).toBe(true);
    expect(firstMessage(blogInputSchema.safeParse({ ...valid, [field]: 'ắ'.repeat(max + 1) }))).toBe(message);
  });

  it.each([
    ['title', BLOG_MSG.titleRequired],
    ['excerpt', BLOG_MSG.excerptRequired],
    ['content', BLOG_MSG.contentRequired],
    ['author', BLOG_MSG.authorRequired],
  ] as const)('requires %s, blank or missing', (field, message) => {
    expect(firstMessage(blogInputSchema.safeParse({ ...valid, [field]: '   ' }))).toBe(message);
    const { [field]: _omitted, ...rest } = valid;
    expect(firstMessage(blogInputSchema.safeParse(rest))).toBe(message);
  });

  it('requires one of the six admin categories', () => {
    expect(firstMessage(blogInputSchema.safeParse({ ...valid, category: '' }))).toBe(BLOG_MSG.categoryRequired);
    expect(firstMessage(blogInputSchema.safeParse({ ...valid, category: 'Tin tức' }))).toBe(BLOG_MSG.categoryInvalid);
    for (const category of BLOG_CATEGORIES)
      expect(blogInputSchema.safeParse({ ...valid, category }).success).toBe(true);
  });

  it('takes a stored or http(s) image, and refuses script, data and protocol-relative addresses', () => {
    expect(blogInputSchema.parse({ ...valid, imageUrl: '/api/images/3' }).imageUrl).toBe('/api/images/3');
    expect(blogInputSchema.parse({ ...valid, imageUrl: 'https://cdn.example.vn/a.png' }).imageUrl).toBe(
      'https://cdn.example.vn/a.png',
    );
    expect(blogInputSchema.parse({ ...valid, imageUrl: '' }).imageUrl).toBeNull();
    for (const bad of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
      '/\\evil.example',
      'x.png',
    ]) {
      expect(firstMessage(blogInputSchema.safeParse({ ...valid, imageUrl: bad })), bad).toBe(BLOG_MSG.imageUrlInvalid);
    }
  });

  it('leaves featured and status alone on an update that does not send them', () => {
    const parsed = blogUpdateSchema.parse(valid);
    expect(parsed.status).toBeUndefined();
    expect(parsed.featured).toBeUndefined();
    expect(blogUpdateSchema.parse({ ...valid, status: 'ARCHIVED', imageUrl: '' })).toMatchObject({
      status: 'ARCHIVED',
      imageUrl: null,
    });
  });

  it('keeps a script tag in the content as the same text', () => {
    const content = '<script>alert("x")</script> **đậm**';
    expect(blogInputSchema.parse({ ...valid, content }).content).toBe(content);
  });
});

describe('categories and chips', () => {
  it('maps every chip but "all" to one admin category', () => {
    expect(BLOG_CATEGORY_CHIPS.map((c) => c.key)).toEqual([
      'all',
      'heart',
      'cancer',
      'diabetes',
      'prevention',
      'exercise',
      'mental-health',
    ]);
    expect(BLOG_CATEGORY_CHIPS.slice(1).map((c) => c.category)).toEqual([...BLOG_CATEGORIES]);
    expect(blogCategoryKey('Tâm thần')).toBe('mental-health');
  });

  it('reads a filter as a chip key, a category name, or nothing', () => {
    expect(blogCategoryFromFilter('heart')).toBe('Tim mạch');
    expect(blogCategoryFromFilter('Tiểu đường')).toBe('Tiểu đường');
    expect(blogCategoryFromFilter('all')).toBeNull();
    expect(blogCategoryFromFilter(undefined)).toBeNull();
    expect(blogCategoryFromFilter('sports')).toBeUndefined();
  });
});

describe('list queries', () => {
  it('defaults to page 1 of 6 published posts, and refuses a bad page or category', () => {
    expect(blogPublicListQuerySchema.parse({})).toMatchObject({ page: 1, size: 6, category: null, featured: null });
    expect(blogPublicListQuerySchema.parse({ category: 'diabetes', featured: 'false' })).toMatchObject({
      category: 'Tiểu đường',
      featured: false,
    });
    expect(firstMessage(blogPublicListQuerySchema.safeParse({ page: 'abc' }))).toBe(BLOG_MSG.invalidPaging);
    expect(firstMessage(blogPublicListQuerySchema.safeParse({ size: '51' }))).toBe(BLOG_MSG.invalidPaging);
    expect(firstMessage(blogPublicListQuerySchema.safeParse({ category: 'sports' }))).toBe(BLOG_MSG.categoryInvalid);
    expect(firstMessage(blogPublicListQuerySchema.safeParse({ q: 'a'.repeat(101) }))).toBe(BLOG_MSG.searchTooLong);
  });

  it('filters the admin table by status, with "all" meaning none', () => {
    expect(blogAdminListQuerySchema.parse({ status: 'ARCHIVED' }).status).toBe('ARCHIVED');
    expect(blogAdminListQuerySchema.parse({ status: 'all' }).status).toBeNull();
    expect(firstMessage(blogAdminListQuerySchema.safeParse({ status: 'HIDDEN' }))).toBe(BLOG_MSG.statusInvalid);
    expect(firstMessage(blogAdminListQuerySchema.safeParse({ sort: 'random' }))).toBe(BLOG_MSG.invalidSort);
  });
});

describe('ids', () => {
  it('takes digits only, within a database integer', () => {
    expect(blogIdParamsSchema.parse({ id: '42' }).id).toBe(42);
    for (const bad of ['abc', '0', '-1', '1.5', '1e3', '0x10', ' 4', '2147483648', '99999999999']) {
      expect(firstMessage(blogIdParamsSchema.safeParse({ id: bad })), bad).toBe(BLOG_MSG.invalidId);
    }
  });

  it('needs one to a hundred posts for a bulk action', () => {
    expect(firstMessage(blogBulkStatusRequestSchema.safeParse({ ids: [], status: 'PUBLISHED' }))).toBe(
      BLOG_MSG.selectAtLeastOne,
    );
    expect(
      firstMessage(
        blogBulkStatusRequestSchema.safeParse({
          ids: Array.from({ length: 101 }, (_, i) => i + 1),
          status: 'PUBLISHED',
        }),
      ),
    ).toBe(BLOG_MSG.tooManySelected);
    expect(blogBulkStatusRequestSchema.safeParse({ ids: [1, 2], status: 'ARCHIVED' }).success).toBe(true);
  });
});

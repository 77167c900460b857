import { describe, expect, it, vi } from 'vitest';
import { BLOG_MSG, UPLOAD_MSG } from '@clinic/shared';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { errorBody, mockFetch } from '@/testing/render-app';
import { changeBlogStatus } from './change-status';
import { createBlog } from './create-blog';
import { getAdminBlogs } from './get-admin-blogs';
import { toggleFeatured } from './toggle-featured';
import { updateBlog } from './update-blog';
import { uploadBlogImage } from './upload-image';

const params = { page: 1, q: '', status: '', category: '', featured: '', sort: 'newest' } as const;
const input = {
  title: 'Tiêu đề',
  excerpt: 'Tóm tắt',
  content: 'Nội dung',
  category: 'Tim mạch',
  author: 'BS. An',
  readTime: null,
  imageUrl: null,
  featured: false,
  status: 'DRAFT',
} as const;

async function messageOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).message;
  }
  throw new Error('expected the call to fail');
}

describe('Blog Control error texts (specification section 8)', () => {
  it('reads 403 as no access, whatever the server says', async () => {
    mockFetch(() => ({ status: 403, body: errorBody(403, 'Bạn không có quyền thực hiện thao tác này.') }));
    expect(await messageOf(getAdminBlogs(params))).toBe('Không có quyền truy cập. Vui lòng đăng nhập.');
    expect(await messageOf(createBlog(input))).toBe(BLOG_MSG.http403);
  });

  it('reads 401 as an expired session', async () => {
    mockFetch(() => ({ status: 401, body: errorBody(401, 'Unauthorized') }));
    expect(await messageOf(updateBlog({ id: 3, input }))).toBe('Phiên đăng nhập đã hết hạn. Vui lòng đăng nhập lại.');
  });

  it('reads any other status as "HTTP error! status: {code}"', async () => {
    mockFetch(() => ({ status: 500, body: errorBody(500, 'Hệ thống đang gặp sự cố.') }));
    expect(await messageOf(changeBlogStatus({ id: 3, status: 'PUBLISHED' }))).toBe('HTTP error! status: 500');
    mockFetch(() => ({ status: 404, body: errorBody(404, BLOG_MSG.notFound) }));
    expect(await messageOf(toggleFeatured(3))).toBe('HTTP error! status: 404');
  });

  it("falls back to the call's 'Failed to ...' text when no answer comes", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('network down'))),
    );
    expect(await messageOf(getAdminBlogs(params))).toBe('Failed to fetch blogs');
    expect(await messageOf(createBlog(input))).toBe('Failed to create blog');
    expect(await messageOf(updateBlog({ id: 1, input }))).toBe('Failed to update blog');
    expect(await messageOf(changeBlogStatus({ id: 1, status: 'ARCHIVED' }))).toBe('Failed to change status');
    expect(await messageOf(toggleFeatured(1))).toBe('Failed to toggle featured');
  });

  it('keeps the status on the error, so the session code can still react to a 401', async () => {
    mockFetch(() => ({ status: 401, body: errorBody(401, 'Unauthorized') }));
    const error = await getAdminBlogs(params).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
  });
});

describe('image upload error texts', () => {
  const file = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });

  it('has its own 403 text and the session text for 401', async () => {
    mockFetch(() => ({ status: 403, body: errorBody(403, 'Forbidden') }));
    expect(await messageOf(uploadBlogImage(file))).toBe('Không có quyền upload hình ảnh. Vui lòng đăng nhập.');
    mockFetch(() => ({ status: 401, body: errorBody(401, 'Unauthorized') }));
    expect(await messageOf(uploadBlogImage(file))).toBe(BLOG_MSG.http401);
  });

  it("shows the server's reason for a file its byte check refuses, and the lost-connection message when no server answers", async () => {
    mockFetch(() => ({ status: 400, body: errorBody(400, UPLOAD_MSG.unsupportedType) }));
    expect(await messageOf(uploadBlogImage(file))).toBe(UPLOAD_MSG.unsupportedType);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('network down'))),
    );
    // Not the specification's 'Failed to upload image' (an answer without a message): no answer came at all (issue 25).
    expect(await messageOf(uploadBlogImage(file))).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('sends the file as multipart in the field "image"', async () => {
    const fetchMock = mockFetch(() => ({ status: 201, body: { imageUrl: '/api/images/9' } }));
    expect(await uploadBlogImage(file)).toEqual({ imageUrl: '/api/images/9' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/blogs/upload-image');
    expect(init!.method).toBe('POST');
    expect((init!.body as FormData).get('image')).toBeInstanceOf(File);
  });
});

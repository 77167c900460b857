import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BLOG_MSG } from '@clinic/shared';
import { errorBody, mockFetch, renderWithProviders } from '@/testing/render-app';
import { BlogFormModal } from './blog-form-modal';

function renderForm(props: Partial<Parameters<typeof BlogFormModal>[0]> = {}) {
  const onClose = vi.fn();
  const result = renderWithProviders(
    <BlogFormModal open blogId={null} defaultAuthor="Lê Thị Thu Hà" onClose={onClose} {...props} />,
  );
  return { ...result, onClose };
}

function blogCalls(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/blogs'));
}

async function fillValid(user: ReturnType<typeof renderForm>['user']) {
  await user.click(screen.getByLabelText('Tiêu đề'));
  await user.paste('  Tầm soát ung thư cổ tử cung  ');
  await user.click(screen.getByLabelText('Tóm tắt'));
  await user.paste('Những điều cần biết');
  await user.selectOptions(screen.getByLabelText('Danh mục'), 'Ung thư');
  await user.click(screen.getByLabelText('Nội dung'));
  await user.paste('## Vì sao\n\nVì **sức khỏe**.');
  await user.click(screen.getByLabelText('Thời gian đọc'));
  await user.paste('5 phút');
}

describe('BlogFormModal', () => {
  it('asks for every required field with the specification messages, without calling the server', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    const { user } = renderForm({ defaultAuthor: '' });
    await user.click(screen.getByRole('button', { name: 'Tạo bài viết' }));

    expect(await screen.findByText('Tiêu đề là bắt buộc')).toBeInTheDocument();
    expect(screen.getByText(BLOG_MSG.excerptRequired)).toBeInTheDocument();
    expect(screen.getByText(BLOG_MSG.contentRequired)).toBeInTheDocument();
    expect(screen.getByText(BLOG_MSG.authorRequired)).toBeInTheDocument();
    expect(screen.getByText(BLOG_MSG.categoryRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Tiêu đề')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Tiêu đề')).toHaveFocus();
    expect(blogCalls(fetchMock)).toHaveLength(0);
  });

  it.each([
    ['Tiêu đề', 200, 'Tiêu đề không được vượt quá 200 ký tự'],
    ['Tóm tắt', 500, BLOG_MSG.excerptTooLong],
    ['Tác giả', 100, BLOG_MSG.authorTooLong],
    ['Thời gian đọc', 20, BLOG_MSG.readTimeTooLong],
  ] as const)('takes a %s of %i characters and refuses one more', async (label, max, message) => {
    mockFetch(() => ({ body: {} }));
    const { user } = renderForm();
    const field = screen.getByLabelText(label);
    await user.clear(field);
    await user.click(field);
    await user.paste('ắ'.repeat(max));
    await user.click(screen.getByRole('button', { name: 'Tạo bài viết' }));
    // The empty content is refused, which shows the form was checked.
    expect(await screen.findByText(BLOG_MSG.contentRequired)).toBeInTheDocument();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(screen.getByText(`${max}/${max} ký tự`)).toBeInTheDocument();

    await user.click(field);
    await user.paste('ắ');
    await user.click(screen.getByRole('button', { name: 'Tạo bài viết' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText(`${max + 1}/${max} ký tự`)).toBeInTheDocument();
  });

  it("fills the author with the signed-in user's name and posts the trimmed post", async () => {
    const fetchMock = mockFetch((url) => (url === '/api/blogs' ? { status: 201, body: { id: 21 } } : { body: {} }));
    const { user, onClose } = renderForm();
    expect(screen.getByLabelText('Tác giả')).toHaveValue('Lê Thị Thu Hà');
    await fillValid(user);
    await user.selectOptions(screen.getByLabelText('Trạng thái'), 'PUBLISHED');
    await user.click(screen.getByLabelText('Bài viết nổi bật'));
    await user.click(screen.getByRole('button', { name: 'Tạo bài viết' }));

    expect(await screen.findByText(BLOG_MSG.created)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const [, init] = blogCalls(fetchMock)[0]!;
    expect(init!.method).toBe('POST');
    expect(JSON.parse(init!.body as string)).toEqual({
      title: 'Tầm soát ung thư cổ tử cung',
      excerpt: 'Những điều cần biết',
      content: '## Vì sao\n\nVì **sức khỏe**.',
      category: 'Ung thư',
      author: 'Lê Thị Thu Hà',
      readTime: '5 phút',
      imageUrl: null,
      featured: true,
      status: 'PUBLISHED',
    });
  });

  it('keeps the modal open and shows the error text when saving fails', async () => {
    mockFetch((url) => (url === '/api/blogs' ? { status: 403, body: errorBody(403, 'Forbidden') } : { body: {} }));
    const { user, onClose } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Tạo bài viết' }));
    expect(await screen.findByText('Không có quyền truy cập. Vui lòng đăng nhập.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Thêm bài viết mới' })).toBeInTheDocument();
  });

  it('previews the Markdown, showing raw HTML as text', async () => {
    mockFetch(() => ({ body: {} }));
    const { user } = renderForm();
    await user.click(screen.getByLabelText('Nội dung'));
    await user.paste('**Đậm** <script>alert(1)</script> <img src=x onerror=alert(1)>');
    await user.click(screen.getByRole('tab', { name: 'Xem trước' }));

    const preview = screen.getByRole('tabpanel', { name: 'Xem trước' });
    expect((await within(preview).findByText('Đậm', {}, { timeout: 10_000 })).tagName).toBe('STRONG');
    expect(preview.querySelector('script')).toBeNull();
    expect(preview.querySelector('img')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Xem trước' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Soạn thảo' }));
    expect(screen.getByLabelText('Nội dung')).toBeVisible();
  });

  it('loads a post to edit and saves it with PUT', async () => {
    const blog = {
      id: 5,
      title: 'Tiền sản giật',
      excerpt: 'Dấu hiệu',
      content: 'Nội dung cũ',
      category: 'Tim mạch',
      categoryKey: 'heart',
      author: 'BS. Phạm Minh Châu',
      readTime: '6 phút',
      imageUrl: '/api/images/2',
      featured: true,
      status: 'PUBLISHED',
      date: '2026-11-19',
      publishedAt: null,
      createdAt: '2026-11-19T00:00:00.000Z',
      updatedAt: '2026-11-19T00:00:00.000Z',
    };
    const fetchMock = mockFetch((url, init) =>
      url === '/api/blogs/5' && init.method === 'GET' ? { body: blog } : { body: blog },
    );
    const { user } = renderForm({ blogId: 5 });
    const title = await screen.findByLabelText('Tiêu đề');
    expect(title).toHaveValue('Tiền sản giật');
    expect(screen.getByLabelText('Danh mục')).toHaveValue('Tim mạch');
    expect(screen.getByLabelText('Trạng thái')).toHaveValue('PUBLISHED');
    expect(screen.getByLabelText('Bài viết nổi bật')).toBeChecked();
    expect(screen.getByLabelText('Tác giả')).toHaveValue('BS. Phạm Minh Châu');
    expect(screen.getByAltText('Xem trước hình ảnh bài viết')).toHaveAttribute('src', '/api/images/2');
    await user.clear(title);
    await user.type(title, 'Tiền sản giật: dấu hiệu');
    await user.click(screen.getByRole('button', { name: 'Lưu thay đổi' }));

    expect(await screen.findByText(BLOG_MSG.updated)).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(put[0]).toBe('/api/blogs/5');
    expect(JSON.parse(put[1]!.body as string)).toMatchObject({
      title: 'Tiền sản giật: dấu hiệu',
      imageUrl: '/api/images/2',
      featured: true,
    });
  });
});

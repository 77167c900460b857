import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MSG } from '@clinic/shared';
import { errorBody, mockFetch, renderWithProviders } from '@/testing/render-app';
import { BlogImageField } from './blog-image-field';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  const [uploading, setUploading] = useState(false);
  return (
    <>
      <BlogImageField value={value} onChange={setValue} onBlur={() => {}} onUploadingChange={setUploading} />
      <output aria-label="imageUrl">{value}</output>
      <output aria-label="uploading">{String(uploading)}</output>
    </>
  );
}

function renderField(initial?: string) {
  const result = renderWithProviders(<Harness initial={initial} />);
  // The picker's accept list is only a hint to the dialog: a person can still pick any file.
  return { ...result, user: userEvent.setup({ applyAccept: false }) };
}

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'anh.png', { type: 'image/png' });

describe('BlogImageField', () => {
  it('tells which files are accepted and offers only images in the picker', () => {
    mockFetch(() => ({ body: {} }));
    renderField();
    const input = screen.getByLabelText('Tải ảnh lên');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
    expect(input).toHaveAccessibleDescription('JPG, PNG, GIF, WebP. Tối đa 5MB');
  });

  it('refuses a file that is not an image, without sending it', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    const { user } = renderField();
    await user.upload(
      screen.getByLabelText('Tải ảnh lên'),
      new File(['%PDF-1.7'], 'ket-qua.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(UPLOAD_MSG.unsupportedType);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses an image over 5 MB, without sending it', async () => {
    const fetchMock = mockFetch(() => ({ body: {} }));
    const { user } = renderField();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'lon.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Tải ảnh lên'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent(UPLOAD_MSG.tooLarge);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads an image of exactly 5 MB and previews the stored address', async () => {
    const fetchMock = mockFetch(() => ({ status: 201, body: { imageUrl: '/api/images/42' } }));
    const { user } = renderField();
    const file = new File([new Uint8Array(5 * 1024 * 1024)], 'vua.webp', { type: 'image/webp' });
    await user.upload(screen.getByLabelText('Tải ảnh lên'), file);

    expect(await screen.findByAltText('Xem trước hình ảnh bài viết')).toHaveAttribute('src', '/api/images/42');
    expect(screen.getByLabelText('imageUrl')).toHaveTextContent('/api/images/42');
    expect(screen.getByLabelText('uploading')).toHaveTextContent('false');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/blogs/upload-image');
    expect(((init!.body as FormData).get('image') as File).name).toBe('vua.webp');
  });

  it('shows the upload error text when the server refuses', async () => {
    mockFetch(() => ({ status: 403, body: errorBody(403, 'Forbidden') }));
    const { user } = renderField();
    await user.upload(screen.getByLabelText('Tải ảnh lên'), png());
    expect(await screen.findByText('Không có quyền upload hình ảnh. Vui lòng đăng nhập.')).toBeInTheDocument();
    // No address was set (Preact keeps an empty text node where React keeps none).
    expect(screen.getByLabelText('imageUrl').textContent).toBe('');
  });

  it('takes an image address instead, and removes the image', async () => {
    mockFetch(() => ({ body: {} }));
    const { user } = renderField();
    await user.type(screen.getByLabelText('Hoặc đường dẫn hình ảnh'), 'https://cdn.example.vn/a.png');
    expect(screen.getByAltText('Xem trước hình ảnh bài viết')).toHaveAttribute('src', 'https://cdn.example.vn/a.png');
    await user.click(screen.getByRole('button', { name: 'Bỏ hình ảnh' }));
    expect(screen.queryByAltText('Xem trước hình ảnh bài viết')).not.toBeInTheDocument();
    expect(screen.getByText('Chưa có hình ảnh')).toBeInTheDocument();
  });
});

const MAX_MEGABYTES = 5;
/** A phone's or a camera's photo is 12-24 megapixels; a few KB can declare 256 (issue 29). */
const MAX_MEGAPIXELS = 40;
const CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Blog images (specification sections 5 and 9): JPG, PNG, GIF, WebP, at most 5 MB, checked by their bytes on the server. */
export const IMAGE_UPLOAD = {
  field: 'image',
  maxBytes: MAX_MEGABYTES * 1024 * 1024,
  /** Width × height, checked at upload and again before any resize. */
  maxPixels: MAX_MEGAPIXELS * 1_000_000,
  contentTypes: CONTENT_TYPES,
  /** For the file input's accept attribute. */
  accept: CONTENT_TYPES.join(','),
  /** The hint under the upload button (the brief's wording of specification section 5). */
  hint: `JPG, PNG, GIF, WebP. Tối đa ${MAX_MEGABYTES}MB`,
} as const;
export type ImageContentType = (typeof IMAGE_UPLOAD)['contentTypes'][number];

/**
 * The widths a stored image is served at (GET /api/images/{id}?w=…), for the pages' srcset: a phone
 * downloads the one its screen needs, never the upload itself. Never wider than the upload.
 */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

const IMAGE_WIDTHS_TEXT = IMAGE_WIDTHS.join(', ');

export const UPLOAD_MSG = {
  fileRequired: 'Vui lòng chọn hình ảnh để tải lên',
  unsupportedType: 'Chỉ chấp nhận hình ảnh JPG, PNG, GIF hoặc WebP',
  tooLarge: `Kích thước hình ảnh không được vượt quá ${MAX_MEGABYTES}MB`,
  tooManyPixels: `Hình ảnh không được vượt quá ${MAX_MEGAPIXELS} megapixel (chiều rộng × chiều cao)`,
  imageNotFound: 'Không tìm thấy hình ảnh',
  invalidImageId: 'ID hình ảnh không hợp lệ',
  invalidImageWidth: `Chiều rộng hình ảnh phải là một trong: ${IMAGE_WIDTHS_TEXT}`,
  // Client texts of specification section 8.
  http403: 'Không có quyền upload hình ảnh. Vui lòng đăng nhập.',
  uploadFailed: 'Failed to upload image',
} as const;

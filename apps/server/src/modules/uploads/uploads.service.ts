import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_UPLOAD, UPLOAD_MSG, type ImageWidth } from '@clinic/shared';
import type { Db } from '../../db/client';
import { AppError, BadRequestError, NotFoundError } from '../../lib/errors';
import type { ReadCache } from '../../lib/read-cache';
import { detectImageType } from './image-type';
import { findImage, saveImage } from './uploads.repository';

export class PayloadTooLargeError extends AppError {
  constructor(message: string = UPLOAD_MSG.tooLarge) {
    super(413, 'FILE_TOO_LARGE', message);
  }
}

/** Where a stored image is served; its bytes never change under that address. */
export const imageUrlOf = (id: number) => `/api/images/${id}`;

/**
 * Width × height as the image's header declares them (one frame of an animation), read without
 * decoding; null when the header does not read (such bytes are kept and sent as they are: the
 * resizer's own cap refuses to decode them).
 */
async function declaredPixels(bytes: Buffer): Promise<number | null> {
  try {
    const { width, height, pageHeight } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return width && height ? width * (pageHeight ?? height) : null;
  } catch {
    return null;
  }
}

/** Keeps an uploaded image when its bytes are a JPEG, PNG, GIF or WebP of at most 5 MB and 40 megapixels. */
export async function storeImage(
  db: Db,
  bytes: Buffer,
  uploadedBy: number | null,
): Promise<{ imageUrl: string; contentType: string; size: number }> {
  if (bytes.length === 0) throw new BadRequestError(UPLOAD_MSG.fileRequired, 'FILE_REQUIRED');
  if (bytes.length > IMAGE_UPLOAD.maxBytes) throw new PayloadTooLargeError();
  const contentType = detectImageType(bytes);
  if (!contentType) throw new BadRequestError(UPLOAD_MSG.unsupportedType, 'UNSUPPORTED_IMAGE_TYPE');
  // A 31 KB PNG can declare 16,000 × 16,000 pixels: every resize of it took seconds and 1.3 GB (issue 29).
  const pixels = await declaredPixels(bytes);
  if (pixels !== null && pixels > IMAGE_UPLOAD.maxPixels)
    throw new BadRequestError(UPLOAD_MSG.tooManyPixels, 'IMAGE_TOO_MANY_PIXELS');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const id = await saveImage(db, { contentType, size: bytes.length, sha256, data: bytes, uploadedBy });
  return { imageUrl: imageUrlOf(id), contentType, size: bytes.length };
}

export async function readImage(db: Db, id: number) {
  const image = await findImage(db, id);
  if (!image) throw new NotFoundError(UPLOAD_MSG.imageNotFound, 'IMAGE_NOT_FOUND');
  return image;
}

/** An image as it is sent: its bytes, their type, and a tag that names exactly these bytes. */
export type ServedImage = { contentType: string; data: Buffer; etag: string };

/**
 * GET /api/images/{id}: the upload as it is, or (issue 12) resized to `width` (never wider than the
 * upload) and in WebP when the browser takes it, for a phone's screen and a slow line. An animated
 * GIF is always sent as it is.
 */
export async function readServedImage(
  db: Db,
  cache: ReadCache,
  id: number,
  options: { width?: ImageWidth | undefined; webp: boolean },
): Promise<ServedImage> {
  const key = `${id}|${options.width ?? 'full'}|${options.webp ? 'webp' : 'same'}`;
  // An image's bytes never change under its id: a resized or re-encoded copy depends on no table.
  return cache.get(
    `image:${key}`,
    [],
    async (): Promise<ServedImage> => {
      const image = await readImage(db, id);
      const original = { contentType: image.contentType, data: image.data, etag: `"${image.sha256}"` };
      if (
        image.contentType === 'image/gif' ||
        (!options.width && (!options.webp || image.contentType === 'image/webp'))
      )
        return original;
      // Turned as its camera said, then resized; the same format unless WebP is taken.
      // An image stored before uploads were capped is sent as it is rather than decoded at any size.
      let pipeline = sharp(image.data, { failOn: 'none', limitInputPixels: IMAGE_UPLOAD.maxPixels }).rotate();
      if (options.width) pipeline = pipeline.resize({ width: options.width, withoutEnlargement: true });
      const format = options.webp ? 'webp' : (image.contentType.slice('image/'.length) as 'jpeg' | 'png' | 'webp');
      const data = await pipeline
        .toFormat(format, format === 'png' ? {} : { quality: 78 })
        .toBuffer()
        .catch(() => null);
      // Bytes that pass as an image by their header but do not decode are sent as they were stored.
      if (!data) return original;
      // A copy larger than the upload helps no one.
      if (!options.width && data.length >= image.data.length) return original;
      return { contentType: `image/${format}`, data, etag: `"${image.sha256}-${options.width ?? 'full'}-${format}"` };
    },
    { sizeOf: (image) => image.data.length },
  );
}

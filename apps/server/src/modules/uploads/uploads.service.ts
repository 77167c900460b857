import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_UPLOAD, UPLOAD_MSG, type ImageWidth } from '@clinic/shared';
import type { Db } from '../../db/client';
import { AppError, BadRequestError, NotFoundError } from '../../lib/errors';
import { detectImageType } from './image-type';
import { findImage, saveImage } from './uploads.repository';

export class PayloadTooLargeError extends AppError {
  constructor(message: string = UPLOAD_MSG.tooLarge) {
    super(413, 'FILE_TOO_LARGE', message);
  }
}

/** Where a stored image is served; its bytes never change under that address. */
export const imageUrlOf = (id: number) => `/api/images/${id}`;

/** Keeps an uploaded image when its bytes are a JPEG, PNG, GIF or WebP of at most 5 MB. */
export async function storeImage(db: Db, bytes: Buffer, uploadedBy: number | null): Promise<{ imageUrl: string; contentType: string; size: number }> {
  if (bytes.length === 0) throw new BadRequestError(UPLOAD_MSG.fileRequired, 'FILE_REQUIRED');
  if (bytes.length > IMAGE_UPLOAD.maxBytes) throw new PayloadTooLargeError();
  const contentType = detectImageType(bytes);
  if (!contentType) throw new BadRequestError(UPLOAD_MSG.unsupportedType, 'UNSUPPORTED_IMAGE_TYPE');
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
 * The images as sent, kept by the app that serves them (least recently used first, 48 MB at most):
 * an image's bytes never change under its id, so a resized or re-encoded copy is made once and
 * stays true.
 */
export class ServedImages {
  readonly #kept = new Map<string, ServedImage>();
  readonly #making = new Map<string, Promise<ServedImage>>();
  #bytes = 0;

  constructor(private readonly maxBytes = 48 * 1024 * 1024) {}

  async get(key: string, make: () => Promise<ServedImage>): Promise<ServedImage> {
    const kept = this.#kept.get(key);
    if (kept) {
      this.#kept.delete(key);
      this.#kept.set(key, kept);
      return kept;
    }
    // Visitors asking for the same copy at once share one read and one encoding.
    let making = this.#making.get(key);
    if (!making) {
      making = make().finally(() => this.#making.delete(key));
      this.#making.set(key, making);
      void making.then((image) => this.#keep(key, image), () => undefined);
    }
    return making;
  }

  #keep(key: string, image: ServedImage) {
    if (image.data.length > this.maxBytes || this.#kept.has(key)) return;
    this.#kept.set(key, image);
    this.#bytes += image.data.length;
    for (const [oldest, old] of this.#kept) {
      if (this.#bytes <= this.maxBytes) break;
      this.#kept.delete(oldest);
      this.#bytes -= old.data.length;
    }
  }
}

/**
 * GET /api/images/{id}: the upload as it is, or (issue 12) resized to `width` (never wider than the
 * upload) and in WebP when the browser takes it, for a phone's screen and a slow line. An animated
 * GIF is always sent as it is.
 */
export async function readServedImage(db: Db, served: ServedImages, id: number, options: { width?: ImageWidth | undefined; webp: boolean }): Promise<ServedImage> {
  const key = `${id}|${options.width ?? 'full'}|${options.webp ? 'webp' : 'same'}`;
  return served.get(key, async () => {
    const image = await readImage(db, id);
    const original = { contentType: image.contentType, data: image.data, etag: `"${image.sha256}"` };
    if (image.contentType === 'image/gif' || (!options.width && (!options.webp || image.contentType === 'image/webp'))) return original;
    // Turned as its camera said, then resized; the same format unless WebP is taken.
    let pipeline = sharp(image.data, { failOn: 'none' }).rotate();
    if (options.width) pipeline = pipeline.resize({ width: options.width, withoutEnlargement: true });
    const format = options.webp ? 'webp' : (image.contentType.slice('image/'.length) as 'jpeg' | 'png' | 'webp');
    const data = await pipeline.toFormat(format, format === 'png' ? {} : { quality: 78 }).toBuffer().catch(() => null);
    // Bytes that pass as an image by their header but do not decode are sent as they were stored.
    if (!data) return original;
    // A copy larger than the upload helps no one.
    if (!options.width && data.length >= image.data.length) return original;
    return { contentType: `image/${format}`, data, etag: `"${image.sha256}-${options.width ?? 'full'}-${format}"` };
  });
}

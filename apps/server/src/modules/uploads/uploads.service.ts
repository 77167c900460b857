import { createHash } from 'node:crypto';
import { IMAGE_UPLOAD, UPLOAD_MSG } from '@clinic/shared';
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

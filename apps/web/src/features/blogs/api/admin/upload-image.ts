import { useMutation } from '@tanstack/react-query';
import { IMAGE_UPLOAD, UPLOAD_MSG } from '@clinic/shared';
import { api } from '@/lib/api-client';
import { withUploadErrors } from './blog-errors';

export type UploadImageResponse = { imageUrl: string };

/** POST /api/blogs/upload-image, multipart with the file in the field `image`. */
export function uploadBlogImage(file: File): Promise<UploadImageResponse> {
  const form = new FormData();
  form.append(IMAGE_UPLOAD.field, file);
  return withUploadErrors(() =>
    api.post<UploadImageResponse>('/blogs/upload-image', form, { fallbackMessage: UPLOAD_MSG.uploadFailed }),
  );
}

export function useUploadBlogImage() {
  return useMutation({ mutationFn: uploadBlogImage });
}

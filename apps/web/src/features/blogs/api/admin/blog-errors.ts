import { BLOG_MSG, UPLOAD_MSG } from '@clinic/shared';
import { ApiError } from '@/lib/api-client';

/** Fallbacks the specification does not name (delete and the bulk calls), in the same style as its own. */
export const BLOG_ADMIN_FALLBACKS = {
  fetchOne: 'Failed to fetch blog',
  delete: 'Failed to delete blog',
  bulkDelete: 'Failed to delete blogs',
  bulkStatus: BLOG_MSG.statusFailed,
} as const;

/**
 * The error text of a Blog Control call (specification section 8): 403 and 401 have their own
 * sentences, any other HTTP status reads 'HTTP error! status: {code}', and a call that never got
 * an answer reads the call's 'Failed to ...' fallback.
 */
export function blogErrorMessage(error: unknown, fallbackMessage: string): string {
  if (!(error instanceof ApiError)) return fallbackMessage;
  if (error.status === 403) return BLOG_MSG.http403;
  if (error.status === 401) return BLOG_MSG.http401;
  if (error.status > 0) return `HTTP error! status: ${error.status}`;
  return fallbackMessage;
}

/**
 * The error text of the image upload: 403 and 401 as the specification says; otherwise the
 * server's reason (its byte check tells which files it refuses), else 'Failed to upload image'.
 */
export function uploadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return UPLOAD_MSG.uploadFailed;
  if (error.status === 403) return UPLOAD_MSG.http403;
  if (error.status === 401) return BLOG_MSG.http401;
  return error.message || UPLOAD_MSG.uploadFailed;
}

function rethrowAs(error: unknown, message: string): never {
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  if (error instanceof ApiError) throw new ApiError(error.status, message, error.code, error.body);
  throw new ApiError(0, message);
}

/** Runs a Blog Control call and gives its failure the specification's text. */
export async function withBlogErrors<T>(call: () => Promise<T>, fallbackMessage: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    rethrowAs(error, blogErrorMessage(error, fallbackMessage));
  }
}

export async function withUploadErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    rethrowAs(error, uploadErrorMessage(error));
  }
}

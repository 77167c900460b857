import { z } from './zod';

/** The one error shape of every failed call (PRODUCT.md section 1). */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  error: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

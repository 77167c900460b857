import { z } from './zod';

/** The one error shape of every failed call (docs/PRODUCT.md §1). */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  error: z.string(),
  /** A refused body or query: each field and what is wrong with it. */
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

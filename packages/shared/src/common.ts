import { z } from './zod';
import { MAX_INT, PATH_ID } from './ids';

/** A path id: digits only (no '1e3', '0x10', '-1'), within a PostgreSQL integer (as parsePathId). */
export function pathIdSchema(message: string) {
  return z
    .string({ error: message })
    .regex(PATH_ID, message)
    .transform(Number)
    .refine((n) => n <= MAX_INT, message);
}

/** A list of ids in a body (bulk actions): whole, positive, within a PostgreSQL integer. */
export function idListSchema(messages: { invalid: string; empty: string; tooMany: string }, max: number) {
  return z
    .array(
      z
        .number({ error: messages.invalid })
        .int(messages.invalid)
        .positive(messages.invalid)
        .max(MAX_INT, messages.invalid),
      { error: messages.empty },
    )
    .min(1, messages.empty)
    .max(max, messages.tooMany);
}

/** A page number or size in a query string, with its default. */
export function pageNumberSchema(message: string, fallback: number, max: number, tooLarge: string = message) {
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, tooLarge).default(fallback);
}

/** Which page of how many: the part of every page envelope that does not name the rows or their total. */
export const pagingFields = {
  page: z.number().int(),
  size: z.number().int(),
  totalPages: z.number().int(),
};

/** One page of a list that pages on the server: the same envelope for every list. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), ...pagingFields });
}

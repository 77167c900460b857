import { z } from './zod';

/** The largest id a PostgreSQL integer column holds. */
export const MAX_INT = 2_147_483_647;

/** A path id: digits only (no '1e3', '0x10', '-1'), within a PostgreSQL integer. */
export function pathIdSchema(message: string) {
  return z
    .string({ error: message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .refine((n) => n <= MAX_INT, message);
}

/** A list of ids in a body (bulk actions): whole, positive, within a PostgreSQL integer. */
export function idListSchema(messages: { invalid: string; empty: string; tooMany: string }, max: number) {
  return z
    .array(z.number({ error: messages.invalid }).int(messages.invalid).positive(messages.invalid).max(MAX_INT, messages.invalid), { error: messages.empty })
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
export type Paging = { page: number; size: number; totalPages: number };

export function pagingOf(total: number, page: number, size: number): Paging {
  return { page, size, totalPages: Math.ceil(total / size) };
}

/** One page of a list that pages on the server: the same envelope for every list. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), ...pagingFields });
}
export type Page<T> = { items: T[]; total: number } & Paging;

/** The page envelope around rows a query returned. */
export function toPage<T>(items: T[], total: number, page: number, size: number): Page<T> {
  return { items, total, ...pagingOf(total, page, size) };
}

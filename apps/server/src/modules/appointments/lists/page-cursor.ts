import { createHash } from 'node:crypto';
import { APPOINTMENT_LIMITS, APPOINTMENT_MSG as M, PAGE_CURSOR_PATTERN } from '@clinic/shared';
import { BadRequestError } from '../../../lib/errors';
import type { AppointmentFilter, PageRead } from './appointment-lists.repository';

const MAX_INT = 2_147_483_647;

/**
 * A page's cursor: which page of which list it was (the filter, sort and size, hashed), and the ids
 * of its first and last rows. Ids only: a name or a search never travels in it (nor in a log line).
 */
export type PageCursor = { page: number; first: number; last: number; list: string };

/** The list a cursor belongs to: the filter as the server applies it (a doctor's scope, today's date), the sort, the size. */
export function listHash(filter: AppointmentFilter, order: string, size: number): string {
  const fields = Object.entries(filter)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256')
    .update(JSON.stringify([fields, order, size]))
    .digest('hex')
    .slice(0, 8);
}

export function encodeCursor(c: PageCursor): string {
  return `c1.${c.page}.${c.first}.${c.last}.${c.list}`;
}

/** A cursor the schema let through, its numbers checked: one out of range is refused as the caller's error, never a 500. */
export function decodeCursor(text: string): PageCursor {
  const m = PAGE_CURSOR_PATTERN.exec(text);
  const page = Number(m?.[1]);
  const first = Number(m?.[2]);
  const last = Number(m?.[3]);
  const ok = (id: number) => Number.isInteger(id) && id >= 1 && id <= MAX_INT;
  if (!m || !ok(first) || !ok(last) || page < 1 || page > APPOINTMENT_LIMITS.maxPage)
    throw new BadRequestError(M.invalidCursor, 'INVALID_CURSOR');
  return { page, first, last, list: m[4]! };
}

/**
 * The cheapest way to page `page` of `size` rows (PageRead): counted from the start, from the end
 * when the total is exact and the page nearer the end, or from the cursor's rows when it names a
 * page of the same list nearby. `limit` is short only for a last page read from the end, and 0 past the last page.
 */
export function planPageRead(
  q: { page: number; size: number },
  total: number | null,
  cursor: PageCursor | null,
): { read: PageRead; limit: number; anchors: number[] } {
  const { page, size } = q;
  let best: { read: PageRead; limit: number; anchors: number[] } = {
    read: { from: 'start', skip: (page - 1) * size },
    limit: size,
    anchors: [],
  };
  const consider = (read: PageRead, limit: number, anchors: number[] = []) => {
    if (read.skip < best.read.skip) best = { read, limit, anchors };
  };
  if (total !== null) {
    // Past the last page: nothing to read.
    if ((page - 1) * size >= total) return { read: { from: 'start', skip: 0 }, limit: 0, anchors: [] };
    const fromEnd = total - page * size;
    // The last page may be short: then it is the rows left after the earlier pages.
    if (fromEnd >= 0) consider({ from: 'end', skip: fromEnd }, size);
    else if (fromEnd > -size) consider({ from: 'end', skip: 0 }, size + fromEnd);
  }
  if (cursor) {
    if (cursor.page < page)
      consider({ from: 'after', anchor: cursor.last, skip: (page - cursor.page - 1) * size }, size, [cursor.last]);
    else if (cursor.page > page)
      consider({ from: 'before', anchor: cursor.first, skip: (cursor.page - page - 1) * size }, size, [cursor.first]);
    else consider({ from: 'after', anchor: cursor.first, skip: 0, inclusive: true }, size, [cursor.first]);
  }
  return best;
}

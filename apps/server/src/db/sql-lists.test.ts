import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ACTIVE_STATUSES } from '@clinic/shared';
import { literalList, quotedList } from './sql-lists';
import { writeSharedLists } from './database-functions';
import { inList } from './schema/checks';

const dialect = new PgDialect();
const text = (q: ReturnType<typeof sql>) => dialect.sqlToQuery(q);

describe('literalList: a constant list as the items of `in (…)`', () => {
  it('writes the values into the text, quoted, with no parameter', () => {
    const q = text(sql`a.status in (${literalList(['CONFIRMED', 'PAID'])})`);
    expect(q).toEqual({ sql: "a.status in ('CONFIRMED', 'PAID')", params: [] });
  });

  it('doubles a quote, and refuses an empty list rather than write invalid SQL', () => {
    expect(text(sql`x in (${literalList(["it's"])})`).sql).toBe("x in ('it''s')");
    expect(() => literalList([])).toThrow();
  });

  it("is the list a database function's file is written with", () => {
    expect(writeSharedLists('f.sql', 'x = any({{L}})', { L: ['A', 'B_C'] })).toBe(
      `x = any(ARRAY[${quotedList(['A', 'B_C'])}]::text[])`,
    );
  });

  it("is the list a table's check is written with", () => {
    expect(text(inList(sql.raw('"status"'), ACTIVE_STATUSES)).sql).toBe(
      `"status" in (${text(sql`${literalList(ACTIVE_STATUSES)}`).sql})`,
    );
  });
});

import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images, type NewImageRow } from '../../db/schema';

// Bytes travel as hex text through decode()/encode(): several times faster on PGlite than a bytea parameter.
const toBytea = (data: Buffer) => sql`decode(${data.toString('hex')}, 'hex')`;

/** Stores the image once per content: the same bytes uploaded again get the id they already have. */
export async function saveImage(db: Db, row: NewImageRow): Promise<number> {
  const inserted = await db
    .insert(images)
    .values({ ...row, data: toBytea(row.data) })
    .onConflictDoNothing({ target: images.sha256 })
    .returning({ id: images.id });
  if (inserted[0]) return inserted[0].id;
  const existing = await db.select({ id: images.id }).from(images).where(eq(images.sha256, row.sha256)).limit(1);
  return existing[0]!.id;
}

export async function findImage(db: Db, id: number) {
  const rows = await db
    .select({
      contentType: images.contentType,
      size: images.size,
      sha256: images.sha256,
      hex: sql<string>`encode(${images.data}, 'hex')`,
    })
    .from(images)
    .where(eq(images.id, id))
    .limit(1);
  const row = rows[0];
  return row && { contentType: row.contentType, size: row.size, sha256: row.sha256, data: Buffer.from(row.hex, 'hex') };
}

import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, medicalSpecialties } from '../../db/schema';

export async function countDepartments(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(departments);
  return rows[0]?.n ?? 0;
}

export async function insertDepartments(
  db: Db,
  rows: { code: string; departmentName: string; specialtyName: string; slotCapacity?: number }[],
): Promise<void> {
  await db.insert(departments).values(rows).onConflictDoNothing({ target: departments.code });
}

export async function insertSpecialties(db: Db, rows: { code: string; displayName: string }[]): Promise<void> {
  await db.insert(medicalSpecialties).values(rows).onConflictDoNothing({ target: medicalSpecialties.code });
}

export async function listDepartments(db: Db) {
  return db
    .select({
      code: departments.code,
      departmentName: departments.departmentName,
      specialtyName: departments.specialtyName,
      slotCapacity: departments.slotCapacity,
      depositAmount: departments.depositAmount,
    })
    .from(departments)
    .orderBy(asc(departments.id));
}

/** Sets (or, with null, removes) the deposit its public bookings pay; false when no such department. */
export async function updateDepartmentDeposit(db: Db, code: string, depositAmount: number | null): Promise<boolean> {
  const rows = await db
    .update(departments)
    .set({ depositAmount })
    .where(eq(departments.code, code))
    .returning({ code: departments.code });
  return rows.length > 0;
}

export async function listSpecialties(db: Db) {
  return db
    .select({ code: medicalSpecialties.code, displayName: medicalSpecialties.displayName })
    .from(medicalSpecialties)
    .orderBy(asc(medicalSpecialties.id));
}

export async function specialtyExists(db: Db, code: string): Promise<boolean> {
  const rows = await db
    .select({ code: medicalSpecialties.code })
    .from(medicalSpecialties)
    .where(eq(medicalSpecialties.code, code))
    .limit(1);
  return rows.length > 0;
}

/** A department's name, by its code or by its name as written (the e-mail payloads carry either). */
export async function findDepartmentName(db: Db, codeOrName: string): Promise<string | undefined> {
  const rows = await db
    .select({ departmentName: departments.departmentName })
    .from(departments)
    .where(or(eq(departments.code, codeOrName), eq(departments.departmentName, codeOrName)))
    .limit(1);
  return rows[0]?.departmentName;
}

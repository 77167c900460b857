import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    departmentName: text('department_name').notNull(),
    specialtyName: text('specialty_name').notNull(),
    slotCapacity: integer('slot_capacity').notNull().default(3),
    /** Đồng a public booking pays to hold its slot (issue 28); null: no deposit (the default). */
    depositAmount: bigint('deposit_amount', { mode: 'number' }),
  },
  (t) => [
    check('departments_slot_capacity_check', sql`${t.slotCapacity} > 0`),
    check('departments_deposit_amount_check', sql`${t.depositAmount} is null or ${t.depositAmount} > 0`),
  ],
);

export const medicalSpecialties = pgTable('medical_specialties', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  displayName: text('display_name').notNull(),
});

export type DepartmentRow = typeof departments.$inferSelect;

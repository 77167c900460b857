import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    departmentName: text('department_name').notNull(),
    specialtyName: text('specialty_name').notNull(),
    slotCapacity: integer('slot_capacity').notNull().default(3),
  },
  (t) => [check('departments_slot_capacity_check', sql`${t.slotCapacity} > 0`)],
);

export const medicalSpecialties = pgTable('medical_specialties', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  displayName: text('display_name').notNull(),
});

export type DepartmentRow = typeof departments.$inferSelect;

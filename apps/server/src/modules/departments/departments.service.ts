import { APPOINTMENT_MSG } from '@clinic/shared';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import * as repository from './departments.repository';

/** The departments a visitor can book, in the clinic's order. */
export function listDepartments(db: Db) {
  return repository.listDepartments(db);
}

/** The medical specialties a doctor can have. */
export function listSpecialties(db: Db) {
  return repository.listSpecialties(db);
}

/** Whether a doctor can be given this specialty code. */
export function specialtyExists(db: Db, code: string) {
  return repository.specialtyExists(db, code);
}

export function findDepartmentName(db: Db, codeOrName: string) {
  return repository.findDepartmentName(db, codeOrName);
}

/** ADMIN's deposit of a department (issue 28): its public bookings hold their slot until it is paid. */
export async function setDepartmentDeposit(db: Db, code: string, depositAmount: number | null) {
  if (!(await repository.updateDepartmentDeposit(db, code, depositAmount)))
    throw new NotFoundError(APPOINTMENT_MSG.unknownDepartment, 'DEPARTMENT_NOT_FOUND');
  const all = await repository.listDepartments(db);
  return all.find((d) => d.code === code)!;
}

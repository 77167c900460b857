import type { Db } from '../../db/client';
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

import {
  clinicMoment,
  normalizePhone,
  PATIENT_ACCOUNT_MSG,
  PATIENT_MSG,
  toPage,
  type AddPatientInput,
  type AddPatientResponse,
  type PatientDetail,
  type PatientListFilters,
  type PatientPage,
  type PatientSummary,
  type Role,
} from '@clinic/shared';
import type { AppDeps } from '../../deps';
import { createPatientAccount } from '../appointments/patient-accounts/create-accounts.service';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { findUserByLogin } from '../users/users.service';
import { foldText } from '../../lib/text';
import {
  countPatients,
  listPatientSummaries,
  listPatientVisits,
  type PatientScope,
  type PatientSummaryRow,
} from './patients.repository';

export type PatientDeps = Pick<AppDeps, 'db' | 'clock' | 'timeZone'>;
type Viewer = { id: number; role: Role };

/** A doctor sees the patients of his own appointments only; the front desk and the admin, everyone's. */
function scopeOf(viewer: Viewer): PatientScope {
  return { doctorId: viewer.role === 'DOCTOR' ? viewer.id : 0 };
}

function searchText(q: string | undefined): string | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  // "0912 345 678" finds the stored "0912345678".
  return /^[\d\s.+()-]+$/.test(text) ? normalizePhone(text) : foldText(text);
}

function toSummary(row: PatientSummaryRow): PatientSummary {
  return {
    email: row.email,
    fullName: row.fullName,
    phone: row.phone,
    user: row.account,
    totalAppointments: row.total,
    confirmedAppointments: row.confirmed,
    lastAppointment: row.lastVisit,
    nextAppointment: row.nextVisit,
    actionableAppointment: row.actionable[0] ?? null,
    actionableAppointments: row.actionable,
  };
}

/** GET /api/patients: a page of Patient Control in Vietnamese name order, with its total and cards. */
export async function listPatients(deps: PatientDeps, viewer: Viewer, q: PatientListFilters): Promise<PatientPage> {
  const scope = scopeOf(viewer);
  const { date: today, time } = clinicMoment(deps.clock.now(), deps.timeZone);
  const filter = { text: searchText(q.q), filter: q.filter, today, time };
  const [rows, counts] = await Promise.all([
    listPatientSummaries(
      deps.db,
      scope,
      filter,
      { limit: q.size, offset: (q.page - 1) * q.size },
      viewer.role === 'DOCTOR',
    ),
    countPatients(deps.db, scope, filter),
  ]);
  const { total, ...cards } = counts;
  return { ...toPage(rows.map(toSummary), total, q.page, q.size), cards };
}

/** 'Chi tiết bệnh nhân': a patient the viewer may see, with every visit of theirs in the viewer's scope. */
export async function getPatientDetail(deps: PatientDeps, viewer: Viewer, email: string): Promise<PatientDetail> {
  const scope = scopeOf(viewer);
  const { date: today, time } = clinicMoment(deps.clock.now(), deps.timeZone);
  const [row] = await listPatientSummaries(
    deps.db,
    scope,
    { filter: 'all', today, time, email },
    { limit: 1, offset: 0 },
    viewer.role === 'DOCTOR',
  );
  if (!row) throw new NotFoundError(PATIENT_MSG.notFound, 'PATIENT_NOT_FOUND');
  return { patient: toSummary(row), visits: await listPatientVisits(deps.db, scope, email) };
}

/** How many patients a doctor has (his dashboard's people count). */
export async function countDoctorPatients(deps: PatientDeps, doctorId: number): Promise<number> {
  const { date: today, time } = clinicMoment(deps.clock.now(), deps.timeZone);
  return (await countPatients(deps.db, { doctorId }, { filter: 'all', today, time })).totalPatients;
}

/** Add Patient (docs/PRODUCT.md §5: ADMIN and STAFF): the account of the bulk account creation, for one person. */
export async function addPatient(deps: PatientDeps, input: AddPatientInput): Promise<AddPatientResponse> {
  if (await findUserByLogin(deps.db, input.email))
    throw new ConflictError(PATIENT_ACCOUNT_MSG.exists(input.email), 'EMAIL_TAKEN');
  const account = await createPatientAccount(deps, input);
  return { message: PATIENT_ACCOUNT_MSG.created, ...account };
}

import {
  ACCESS_OUTCOME_LABELS,
  ACCESS_TARGET_LABELS,
  CARE_PLAN_MSG,
  CLINIC,
  PLAN_VISIT_DONE_STATUSES,
  PRIVACY_NOTICE,
  PRIVACY_TEXT,
  type CarePlan as CarePlanView,
  type CarePlanStatus,
  type PlanVisitState,
  checkDeskSlotRules,
  CITIZEN_ID_SYSTEM,
  clinicInstant,
  clinicMoment,
  clinicToday,
  isDateString,
  normalizePhone,
  TIME_SLOTS,
  type AccessTarget,
  type AppointmentStatus,
} from '@clinic/shared';
import type { AppDeps } from '../../deps';
import { placesInRange } from '../appointments/booking/booking.service';
import { plansViewByIds } from '../care-plans/care-plans.service';
import { isHeldPlace } from '../appointments/booking/held-places.service';
import {
  allDepartments,
  doctors,
  findAccessRecords,
  findAppointments,
  findCarePlans,
  findConsents,
  bookingPeople,
  patientAccounts,
  type AccessRecordRecord,
  type AppointmentFilter,
  type AppointmentRecord,
  type BookingPersonRecord,
  type ConsentRecord,
  type DepartmentRecord,
  type Paging,
  type PersonRecord,
} from './fhir.repository';
import { FhirError } from './outcome';
import type { Interaction } from './scopes';
import {
  alternatives,
  BOOKING_PATIENT_PREFIX,
  bookingPatientId,
  dateBounds,
  numericIds,
  patientReferences,
  referenceIds,
  strings,
  systemTokens,
  tokens,
  type Params,
} from './search';

/**
 * The resource table (issue 38): each FHIR resource type the endpoint serves, its interactions, its
 * search parameters and its handlers. The routes (fhir.routes.ts) and the CapabilityStatement
 * (capability.ts) are both made from it, so neither can name what the other does not serve. A new
 * resource (Encounter, CarePlan…) or an operation ($find, $hold, $book) is a new row.
 */

export type Resource = { resourceType: string; id: string } & Record<string, unknown>;
/** Whose health data an answer holds: each becomes an access record naming the client. */
export type Subject = { target: AccessTarget; appointmentId?: number; subjectEmail?: string; subjectName?: string };
export type Ctx = { deps: AppDeps; base: string };
export type SearchParamDef = {
  name: string;
  type: 'token' | 'date' | 'reference' | 'string';
  documentation: string;
};
export type Found = { resources: Resource[]; total: number; subjects: Subject[] };

export type ResourceDef = {
  type: string;
  documentation: string;
  /** Health data: a caller refused it (no scope) is recorded as REFUSED under this target. */
  refusedTarget?: AccessTarget;
  searchParams: SearchParamDef[];
  read(ctx: Ctx, id: string): Promise<{ resource: Resource; subjects: Subject[] } | null>;
  search(ctx: Ctx, params: Params, page: Paging): Promise<Found>;
};

/** The interaction each FHIR interaction needs of the caller's scopes. */
export const NEEDS: Record<'read' | 'search-type', Interaction> = { read: 'r', 'search-type': 's' };

// ---------------------------------------------------------------- shared pieces

export const departmentSystem = (base: string) => `${base}/CodeSystem/department`;
export const accountSystem = (base: string) => `${base}/sid/patient-account`;

/** Search parameters several resources share (the doctor: PractitionerRole and the visits; the patient: the visits and Consent). */
const PATIENT_PARAM: SearchParamDef = {
  name: 'patient',
  type: 'reference',
  documentation:
    'The patient: Patient/{id} (an account) or Patient/booking-{appointment id} (a booking made without one).',
};
const DOCTOR_PARAM: SearchParamDef = {
  name: 'practitioner',
  type: 'reference',
  documentation: 'The doctor: Practitioner/{id}.',
};
const VISIT_DATE_PARAM: SearchParamDef = {
  name: 'date',
  type: 'date',
  documentation: 'The visit’s start, with the prefixes eq, ge, gt, le, lt.',
};
/** A booking's number: the identifier of the Patient of a booking made without an account. */
export const bookingSystem = (base: string) => `${base}/sid/booking`;

function humanName(full: string | null, fallback: string) {
  const text = (full ?? '').trim() || fallback;
  const words = text.split(/\s+/);
  // Vietnamese order: the family name first, the given names after.
  return words.length > 1 ? { text, family: words[0]!, given: words.slice(1) } : { text, family: text };
}

const GENDER = { MALE: 'male', FEMALE: 'female', OTHER: 'other' } as const;

function telecom(phone: string | null, email: string | null, use: 'work' | 'home' | 'mobile') {
  const list: Record<string, string>[] = [];
  if (phone) list.push({ system: 'phone', value: phone, use });
  if (email) list.push({ system: 'email', value: email, use: use === 'mobile' ? 'home' : use });
  return list.length ? { telecom: list } : {};
}

export function departmentConcept(base: string, d: Pick<DepartmentRecord, 'code' | 'departmentName'>) {
  return {
    coding: [{ system: departmentSystem(base), code: d.code, display: d.departmentName }],
    text: d.departmentName,
  };
}

/** A wall-clock date and time of the clinic as an instant with the clinic's offset (`2027-03-03T09:00:00+07:00`). */
export function zonedInstant(date: string, time: string, timeZone: string, addMinutes = 0): string {
  // The same few weeks' slots are asked again and again ($find, Slot): the zone's rules read through
  // Intl cost a fifth of a week's $find (docs/PERFORMANCE.md), so each answer is kept.
  const key = `${date}T${time}|${timeZone}|${addMinutes}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    if (instants.size >= 20_000) instants.clear();
    instant = zoned(date, time, timeZone, addMinutes);
    instants.set(key, instant);
  }
  return instant;
}
const instants = new Map<string, string>();

function zoned(date: string, time: string, timeZone: string, addMinutes: number): string {
  const at = new Date(clinicInstant(date, time, timeZone).getTime() + addMinutes * 60_000);
  const wall = clinicMoment(at, timeZone);
  const [y, mo, d] = wall.date.split('-').map(Number);
  const offset = Math.round((Date.UTC(y!, mo! - 1, d!, wall.hour, wall.minutes % 60) - at.getTime()) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${wall.date}T${wall.time}:00${sign}${hh}:${mm}`;
}

const pageOf = <T>(all: T[], page: Paging) => all.slice(page.offset, page.offset + page.count);

const byId = <T extends { id: number }>(rows: T[], ids: number[] | undefined) =>
  ids ? rows.filter((r) => ids.includes(r.id)) : rows;

// ---------------------------------------------------------------- HealthcareService

function healthcareService(base: string, d: DepartmentRecord): Resource {
  return {
    resourceType: 'HealthcareService',
    id: String(d.id),
    active: true,
    type: [departmentConcept(base, d)],
    specialty: [{ text: d.specialtyName }],
    name: d.departmentName,
  };
}

const healthcareServices: ResourceDef = {
  type: 'HealthcareService',
  documentation: 'The clinic’s departments.',
  searchParams: [
    { name: '_id', type: 'token', documentation: 'The department’s id.' },
    { name: 'name', type: 'string', documentation: 'Part of the department’s name.' },
  ],
  async read({ deps, base }, id) {
    const d = (await allDepartments(deps.db)).find((r) => String(r.id) === id);
    return d ? { resource: healthcareService(base, d), subjects: [] } : null;
  },
  async search({ deps, base }, params, page) {
    const names = strings(params, 'name')?.map((n) => n.toLowerCase());
    const all = byId(await allDepartments(deps.db), ids(params)).filter(
      (d) => !names || names.every((n) => d.departmentName.toLowerCase().includes(n)),
    );
    return { resources: pageOf(all, page).map((d) => healthcareService(base, d)), total: all.length, subjects: [] };
  },
};

function ids(params: Params) {
  const values = alternatives(params, '_id');
  return values ? numericIds(values) : undefined;
}

// ---------------------------------------------------------------- Practitioner, PractitionerRole

function practitioner(u: PersonRecord): Resource {
  return {
    resourceType: 'Practitioner',
    id: String(u.id),
    active: u.active,
    name: [humanName(u.fullName, u.username)],
    ...telecom(u.phone, u.email, 'work'),
    ...(u.gender ? { gender: GENDER[u.gender] } : {}),
  };
}

const practitioners: ResourceDef = {
  type: 'Practitioner',
  documentation: 'The clinic’s doctors.',
  searchParams: [
    { name: '_id', type: 'token', documentation: 'The doctor’s id.' },
    { name: 'name', type: 'string', documentation: 'Part of the doctor’s name.' },
  ],
  async read({ deps }, id) {
    const { rows } = await doctors(deps.db, { ids: numericIds([id]) }, { count: 1, offset: 0 });
    return rows[0] ? { resource: practitioner(rows[0]), subjects: [] } : null;
  },
  async search({ deps }, params, page) {
    const name = strings(params, 'name');
    const { rows, total } = await doctors(deps.db, { ids: ids(params), ...(name ? { name } : {}) }, page);
    return { resources: rows.map(practitioner), total, subjects: [] };
  },
};

function practitionerRole(base: string, u: PersonRecord, d: DepartmentRecord | undefined): Resource {
  const name = humanName(u.fullName, u.username).text;
  return {
    resourceType: 'PractitionerRole',
    id: String(u.id),
    active: u.active,
    practitioner: { reference: `Practitioner/${u.id}`, display: name },
    ...(d
      ? {
          specialty: [departmentConcept(base, d)],
          healthcareService: [{ reference: `HealthcareService/${d.id}`, display: d.departmentName }],
        }
      : {}),
  };
}

const practitionerRoles: ResourceDef = {
  type: 'PractitionerRole',
  documentation: 'A doctor in his department (one role per doctor; its id is the doctor’s).',
  searchParams: [
    { name: '_id', type: 'token', documentation: 'The role’s id (the doctor’s).' },
    DOCTOR_PARAM,
    { name: 'service', type: 'reference', documentation: 'The department: HealthcareService/{id}.' },
  ],
  async read({ deps, base }, id) {
    const [{ rows }, depts] = await Promise.all([
      doctors(deps.db, { ids: numericIds([id]) }, { count: 1, offset: 0 }),
      allDepartments(deps.db),
    ]);
    const u = rows[0];
    return u
      ? {
          resource: practitionerRole(
            base,
            u,
            depts.find((d) => d.code === u.specialty),
          ),
          subjects: [],
        }
      : null;
  },
  async search({ deps, base }, params, page) {
    const depts = await allDepartments(deps.db);
    const serviceIds = referenceIds(params, 'service', 'HealthcareService', base);
    const practitionerIds = referenceIds(params, 'practitioner', 'Practitioner', base);
    const idList = ids(params);
    const wanted = [idList, practitionerIds].filter((l): l is number[] => !!l);
    const filter = {
      ...(wanted.length ? { ids: wanted.reduce((a, b) => a.filter((x) => b.includes(x))) } : {}),
      ...(serviceIds ? { specialty: depts.filter((d) => serviceIds.includes(d.id)).map((d) => d.code) } : {}),
    };
    const { rows, total } = await doctors(deps.db, filter, page);
    return {
      resources: rows.map((u) =>
        practitionerRole(
          base,
          u,
          depts.find((d) => d.code === u.specialty),
        ),
      ),
      total,
      subjects: [],
    };
  },
};

// ---------------------------------------------------------------- Patient

/** VN Core's type of the citizen ID (v2-0203 NI), fixed by its Patient profile's slice TheCCCD. */
const CITIZEN_ID_TYPE = {
  coding: [
    {
      system: 'http://terminology.hl7.org/CodeSystem/v2-0203',
      code: 'NI',
      display: 'National unique individual identifier',
    },
  ],
};

/** Her căn cước công dân under VN Core's system, as its Patient profile's slice TheCCCD states it (docs/FHIR.md). */
const citizenIdentifier = (citizenId: string | null) =>
  citizenId ? [{ use: 'official', type: CITIZEN_ID_TYPE, system: CITIZEN_ID_SYSTEM, value: citizenId }] : [];

function patient(base: string, u: PersonRecord): Resource {
  return {
    resourceType: 'Patient',
    id: String(u.id),
    identifier: [
      { use: 'secondary', system: accountSystem(base), value: u.username },
      ...citizenIdentifier(u.citizenId),
    ],
    active: u.active,
    name: [humanName(u.fullName, u.username)],
    ...telecom(u.phone, u.email, 'mobile'),
    ...(u.gender ? { gender: GENDER[u.gender] } : {}),
    ...(u.birth ? { birthDate: u.birth } : {}),
  };
}

/** The Patient of a booking made without an account: `booking-{id}`. */
export const bookingPatientRef = (appointmentId: number) => `Patient/${BOOKING_PATIENT_PREFIX}${appointmentId}`;

/**
 * Someone who booked without an account, as the booking holds her: the name as typed, the phone, the
 * e-mail, the citizen ID the desk recorded. A booking holds no sex nor birth date.
 */
function bookingPatient(base: string, b: BookingPersonRecord): Resource {
  return {
    resourceType: 'Patient',
    id: `${BOOKING_PATIENT_PREFIX}${b.id}`,
    identifier: [
      { use: 'secondary', system: bookingSystem(base), value: String(b.id) },
      ...citizenIdentifier(b.citizenId),
    ],
    name: [humanName(b.fullName, b.fullName)],
    ...telecom(b.phone || null, b.email, 'mobile'),
  };
}

const patientSubject = (u: PersonRecord): Subject => ({ target: 'PATIENT_DETAIL', subjectEmail: u.email });
const bookingPatientSubject = (b: BookingPersonRecord): Subject => ({
  target: 'PATIENT_DETAIL',
  appointmentId: b.id,
  ...(b.email ? { subjectEmail: b.email } : {}),
  subjectName: b.fullName,
});

/** What a Patient search matches, for accounts and for people who booked without one. */
function patientCriteria(base: string, params: Params) {
  const telecoms = tokens(params, 'telecom') ?? [];
  const phones = [...(tokens(params, 'phone', 'phone') ?? []), ...telecoms.filter((v) => !v.includes('@'))];
  const emails = [...(tokens(params, 'email', 'email') ?? []), ...telecoms.filter((v) => v.includes('@'))];
  const identifiers = systemTokens(params, 'identifier', [accountSystem(base), CITIZEN_ID_SYSTEM, bookingSystem(base)]);
  const of = (system: string) =>
    identifiers?.filter((t) => t.system === null || t.system === system).map((t) => t.value);
  const name = strings(params, 'name');
  const idValues = alternatives(params, '_id');
  const contact = {
    ...(name ? { name } : {}),
    ...(phones.length || params.has('phone') ? { phone: phones.map(normalizePhone) } : {}),
    ...(emails.length || params.has('email') ? { email: emails.map((e) => e.toLowerCase()) } : {}),
  };
  return {
    accounts: {
      ...(idValues ? { ids: numericIds(idValues) } : {}),
      ...(identifiers
        ? {
            identifier: {
              usernames: of(accountSystem(base))!.map((v) => v.toLowerCase()),
              citizenIds: of(CITIZEN_ID_SYSTEM)!,
            },
          }
        : {}),
      ...contact,
    },
    bookings: {
      ...(idValues ? { ids: idValues.map(bookingPatientId).filter((id): id is number => id !== null) } : {}),
      ...(identifiers
        ? { identifier: { citizenIds: of(CITIZEN_ID_SYSTEM)!, ids: numericIds(of(bookingSystem(base))!) } }
        : {}),
      ...contact,
    },
    // People who booked without an account are listed only when a search asks for them: by a way to
    // reach or name her, or by their own id. A bare search lists the accounts.
    withBookings:
      ['phone', 'email', 'telecom', 'identifier', 'name'].some((p) => params.has(p)) ||
      !!idValues?.some((v) => v.startsWith(BOOKING_PATIENT_PREFIX)),
  };
}

const patients: ResourceDef = {
  type: 'Patient',
  documentation:
    'The patients’ accounts, and the people who booked without one (id booking-{appointment id}), these only when a search asks for them (phone, email, telecom, identifier, name, or _id booking-…).',
  refusedTarget: 'PATIENT_DETAIL',
  searchParams: [
    { name: '_id', type: 'token', documentation: 'The account’s id, or booking-{appointment id}.' },
    {
      name: 'identifier',
      type: 'token',
      documentation: `The account’s user name (system: {base}/sid/patient-account), the booking’s id (system: {base}/sid/booking) or the citizen identification number (system: ${CITIZEN_ID_SYSTEM}).`,
    },
    {
      name: 'telecom',
      type: 'token',
      documentation: 'A phone number (0912345678 or +84912345678) or an e-mail; all of them must match.',
    },
    { name: 'phone', type: 'token', documentation: 'A phone number.' },
    { name: 'email', type: 'token', documentation: 'An e-mail.' },
    { name: 'name', type: 'string', documentation: 'Part of the name (on a booking: as typed).' },
  ],
  async read({ deps, base }, id) {
    const booking = bookingPatientId(id);
    if (booking !== null) {
      const { rows } = await bookingPeople(deps.db, { ids: [booking] }, { count: 1, offset: 0 });
      return rows[0] ? { resource: bookingPatient(base, rows[0]), subjects: [bookingPatientSubject(rows[0])] } : null;
    }
    const { rows } = await patientAccounts(deps.db, { ids: numericIds([id]) }, { count: 1, offset: 0 });
    return rows[0] ? { resource: patient(base, rows[0]), subjects: [patientSubject(rows[0])] } : null;
  },
  async search({ deps, base }, params, page) {
    const c = patientCriteria(base, params);
    // One list: the accounts by id, then the bookings by id. Each source is counted and read for its
    // part of the page only (the bookings' part starts where the accounts end).
    const accounts = await patientAccounts(deps.db, c.accounts, page);
    const bookings = c.withBookings
      ? await bookingPeople(deps.db, c.bookings, {
          count: page.count - accounts.rows.length,
          offset: Math.max(0, page.offset - accounts.total),
        })
      : { rows: [], total: 0 };
    return {
      resources: [...accounts.rows.map((u) => patient(base, u)), ...bookings.rows.map((b) => bookingPatient(base, b))],
      total: accounts.total + bookings.total,
      subjects: [...accounts.rows.map(patientSubject), ...bookings.rows.map(bookingPatientSubject)],
    };
  },
};

// ---------------------------------------------------------------- Appointment

/** Every status of the product as a FHIR Appointment.status (docs/FHIR.md). */
export const STATUS_MAP: Record<AppointmentStatus, string> = {
  PENDING: 'pending',
  AWAITING_DOCTOR_APPROVAL: 'pending',
  CONFIRMED: 'booked',
  NEEDS_PAYMENT: 'booked',
  PAYMENT_REQUESTED: 'booked',
  PAID: 'booked',
  COMPLETED: 'fulfilled',
  CANCELLED: 'cancelled',
  NO_SHOW: 'noshow',
};
/** The end of a FHIR client's hold ($hold), on the held Appointment (docs/FHIR.md). */
export const holdExtensionUrl = (base: string) => `${base}/StructureDefinition/hold-expires`;
/** An appointment a FHIR client holds and has not booked: PENDING (or CONFIRMED with a doctor), a hold's end, no deposit. */
export const isFhirHold = (a: Pick<AppointmentRecord, 'status' | 'holdUntil' | 'depositAmount' | 'depositPaidAt'>) =>
  isHeldPlace({ ...a, depositDueAt: a.holdUntil });

const FHIR_APPOINTMENT_STATUSES = [
  'proposed',
  'pending',
  'booked',
  'arrived',
  'fulfilled',
  'cancelled',
  'noshow',
  'entered-in-error',
  'checked-in',
  'waitlist',
];

function appointment(base: string, timeZone: string, a: AppointmentRecord, depts: DepartmentRecord[]): Resource {
  const d = depts.find((x) => x.code === a.department);
  const held = isFhirHold(a);
  // A held place is not yet booked, whatever the doctor named with it.
  const status = held ? 'pending' : STATUS_MAP[a.status];
  const participant: Record<string, unknown>[] = [];
  if (a.userId) {
    participant.push({
      actor: { reference: `Patient/${a.userId}`, ...(a.deidentifiedAt ? {} : { display: a.fullName }) },
      required: 'required',
      status: 'accepted',
    });
  } else if (!a.deidentifiedAt) {
    // Booked without an account: the Patient of this booking (a de-identified booking has none).
    participant.push({
      actor: { reference: bookingPatientRef(a.id), display: a.fullName },
      required: 'required',
      status: 'accepted',
    });
  }
  if (a.doctorId) {
    participant.push({
      actor: { reference: `Practitioner/${a.doctorId}`, ...(a.doctorName ? { display: a.doctorName } : {}) },
      required: 'required',
      status: a.status === 'AWAITING_DOCTOR_APPROVAL' ? 'needs-action' : 'accepted',
    });
  }
  if (d) {
    participant.push({
      actor: { reference: `HealthcareService/${d.id}`, display: d.departmentName },
      required: 'information-only',
      status: 'accepted',
    });
  }
  return {
    resourceType: 'Appointment',
    id: String(a.id),
    ...(held ? { extension: [{ url: holdExtensionUrl(base), valueInstant: a.holdUntil!.toISOString() }] } : {}),
    status,
    ...(a.cancelReason && (status === 'cancelled' || status === 'noshow')
      ? { cancelationReason: { text: a.cancelReason } }
      : {}),
    serviceType: [departmentConcept(base, d ?? { code: a.department, departmentName: a.department })],
    start: zonedInstant(a.appointmentDate, a.appointmentTime, timeZone),
    end: zonedInstant(a.appointmentDate, a.appointmentTime, timeZone, 30),
    minutesDuration: 30,
    created: a.createdAt.toISOString(),
    participant,
  };
}

/** The FHIR statuses a search names, each one this resource has (else 400). */
function knownStatuses(params: Params, system: string, known: readonly string[]): string[] | undefined {
  const statuses = tokens(params, 'status', system);
  for (const s of statuses ?? [])
    if (!known.includes(s)) throw new FhirError(400, 'invalid', `Search parameter 'status': unknown status '${s}'`);
  return statuses;
}

/** What a search of visits (Appointment, Encounter) asks besides the status: ids, the day, the patient, the doctor. */
function visitFilter(params: Params, base: string, timeZone: string): AppointmentFilter {
  const bounds = dateBounds(params, 'date', timeZone);
  const patientRefs = patientReferences(params, 'patient', base);
  const doctorIds = referenceIds(params, 'practitioner', 'Practitioner', base);
  return {
    ids: ids(params),
    ...(bounds ? { bounds } : {}),
    ...(patientRefs ? { patients: patientRefs } : {}),
    ...(doctorIds ? { doctorIds } : {}),
  };
}

type VisitResource = (base: string, timeZone: string, a: AppointmentRecord, depts: DepartmentRecord[]) => Resource;

/** The appointments a filter finds, with the departments they name, as `make` serves them. */
async function visitsAs(
  make: VisitResource,
  { deps, base }: Ctx,
  filter: AppointmentFilter,
  page: Paging,
): Promise<Found> {
  const [{ rows, total }, depts] = await Promise.all([
    findAppointments(deps.db, filter, page),
    allDepartments(deps.db),
  ]);
  return {
    resources: rows.map((a) => make(base, deps.timeZone, a, depts)),
    total,
    subjects: rows.map(appointmentSubject),
  };
}

/** One visit read by its id, as `make` serves it. */
async function visitAs(make: VisitResource, ctx: Ctx, filter: AppointmentFilter) {
  const found = await visitsAs(make, ctx, filter, { count: 1, offset: 0 });
  return found.resources[0] ? { resource: found.resources[0], subjects: found.subjects } : null;
}

const appointmentSubject = (a: AppointmentRecord): Subject => ({
  target: 'APPOINTMENT_DETAIL',
  appointmentId: a.id,
  ...(a.email && !a.deidentifiedAt ? { subjectEmail: a.email } : {}),
});

const appointmentsDef: ResourceDef = {
  type: 'Appointment',
  documentation: 'The bookings and visits (restricted records excepted).',
  refusedTarget: 'APPOINTMENT_DETAIL',
  searchParams: [
    { name: '_id', type: 'token', documentation: 'The appointment’s id.' },
    VISIT_DATE_PARAM,
    PATIENT_PARAM,
    DOCTOR_PARAM,
    { name: 'status', type: 'token', documentation: 'The FHIR status (docs/FHIR.md maps the clinic’s statuses).' },
    { name: 'service-type', type: 'token', documentation: 'The department’s code ({base}/CodeSystem/department).' },
  ],
  read: (ctx, id) => visitAs(appointment, ctx, { ids: numericIds([id]) }),
  search(ctx, params, page) {
    const statuses = knownStatuses(params, 'http://hl7.org/fhir/appointmentstatus', FHIR_APPOINTMENT_STATUSES);
    const serviceTypes = tokens(params, 'service-type', departmentSystem(ctx.base));
    return visitsAs(
      appointment,
      ctx,
      {
        ...visitFilter(params, ctx.base, ctx.deps.timeZone),
        ...(statuses
          ? {
              statuses: (Object.keys(STATUS_MAP) as AppointmentStatus[]).filter((s) =>
                statuses.includes(STATUS_MAP[s]),
              ),
            }
          : {}),
        ...(serviceTypes ? { departments: serviceTypes } : {}),
      },
      page,
    );
  },
};

// ---------------------------------------------------------------- Schedule, Slot

function schedule(base: string, d: DepartmentRecord): Resource {
  return {
    resourceType: 'Schedule',
    id: String(d.id),
    active: true,
    serviceType: [departmentConcept(base, d)],
    actor: [{ reference: `HealthcareService/${d.id}`, display: d.departmentName }],
    comment: `Half-hour slots, ${d.slotCapacity} places each.`,
  };
}

const schedules: ResourceDef = {
  type: 'Schedule',
  documentation: 'One per department: its half-hour slots.',
  searchParams: [
    { name: '_id', type: 'token', documentation: 'The schedule’s id (the department’s).' },
    { name: 'actor', type: 'reference', documentation: 'The department: HealthcareService/{id}.' },
  ],
  async read({ deps, base }, id) {
    const d = (await allDepartments(deps.db)).find((r) => String(r.id) === id);
    return d ? { resource: schedule(base, d), subjects: [] } : null;
  },
  async search({ deps, base }, params, page) {
    const actors = referenceIds(params, 'actor', 'HealthcareService', base);
    const all = byId(await allDepartments(deps.db), ids(params)).filter((d) => !actors || actors.includes(d.id));
    return { resources: pageOf(all, page).map((d) => schedule(base, d)), total: all.length, subjects: [] };
  },
};

/** A slot's id: the department's id, the date and the time (`3-20270303-0900`). */
export const slotId = (deptId: number, date: string, time: string) =>
  `${deptId}-${date.replaceAll('-', '')}-${time.replace(':', '')}`;
const SLOT_ID = /^([1-9]\d{0,9})-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})$/;
/** The longest range one Slot search covers. */
const SLOT_RANGE_DAYS = 31;
/** Without a start bound: the coming week. */
const SLOT_DEFAULT_DAYS = 7;

type Place = { date: string; time: string; capacity: number; taken: number };

function slot(base: string, timeZone: string, now: Date, d: DepartmentRecord, p: Place): Resource {
  const remaining = Math.max(0, p.capacity - p.taken);
  // The desk's rules: a slot gone by cannot be booked, whatever its places.
  const open = checkDeskSlotRules(p.date, p.time, now, timeZone) === null;
  return {
    resourceType: 'Slot',
    id: slotId(d.id, p.date, p.time),
    serviceType: [departmentConcept(base, d)],
    schedule: { reference: `Schedule/${d.id}` },
    status: !open ? 'busy-unavailable' : remaining > 0 ? 'free' : 'busy',
    start: zonedInstant(p.date, p.time, timeZone),
    end: zonedInstant(p.date, p.time, timeZone, 30),
    comment: `${remaining} of ${p.capacity} places free`,
  };
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const slots: ResourceDef = {
  type: 'Slot',
  documentation: 'Each half-hour slot of a department: free while it has places left.',
  searchParams: [
    { name: 'schedule', type: 'reference', documentation: 'The department’s schedule: Schedule/{id}.' },
    {
      name: 'start',
      type: 'date',
      documentation: `The slot’s start (ge, gt, le, lt, eq); the coming ${SLOT_DEFAULT_DAYS} days when not given, at most ${SLOT_RANGE_DAYS} days.`,
    },
    { name: 'status', type: 'token', documentation: 'free, busy or busy-unavailable (gone by).' },
  ],
  async read({ deps, base }, id) {
    const m = SLOT_ID.exec(id);
    if (!m) return null;
    const date = `${m[2]}-${m[3]}-${m[4]}`;
    const time = `${m[5]}:${m[6]}`;
    if (!isDateString(date) || !(TIME_SLOTS as readonly string[]).includes(time)) return null;
    const d = (await allDepartments(deps.db)).find((r) => String(r.id) === m[1]);
    if (!d) return null;
    const place = (await placesInRange(deps, { department: d.code, from: date, to: date })).find(
      (p) => p.time === time,
    );
    return place ? { resource: slot(base, deps.timeZone, deps.clock.now(), d, place), subjects: [] } : null;
  },
  async search({ deps, base }, params, page) {
    const scheduleIds = referenceIds(params, 'schedule', 'Schedule', base);
    const statuses = tokens(params, 'status', 'http://hl7.org/fhir/slotstatus');
    const bounds = dateBounds(params, 'start', deps.timeZone) ?? [];
    const now = deps.clock.now();
    // The dates the bounds allow, then the times on the edge days.
    const lower = bounds.filter((b) => b.op === '=' || b.op === '>=' || b.op === '>').map((b) => b.date);
    const upper = bounds.filter((b) => b.op === '=' || b.op === '<=' || b.op === '<').map((b) => b.date);
    let from: string | null = lower.length ? lower.reduce((a, b) => (a > b ? a : b)) : null;
    let to: string | null = upper.length ? upper.reduce((a, b) => (a < b ? a : b)) : null;
    const today = clinicToday(now, deps.timeZone);
    from ??= to ? addDays(to, -(SLOT_DEFAULT_DAYS - 1)) : today;
    to ??= addDays(from, SLOT_DEFAULT_DAYS - 1);
    if (to < from) return { resources: [], total: 0, subjects: [] };
    if (addDays(from, SLOT_RANGE_DAYS - 1) < to)
      throw new FhirError(400, 'too-costly', `Search parameter 'start': at most ${SLOT_RANGE_DAYS} days at once`);
    const wall = (p: Place) => `${p.date} ${p.time}`;
    const within = (p: Place) =>
      bounds.every((b) => {
        const left = b.time === undefined ? p.date : wall(p);
        const right = b.time === undefined ? b.date : `${b.date} ${b.time}`;
        return b.op === '='
          ? left === right
          : b.op === '>='
            ? left >= right
            : b.op === '>'
              ? left > right
              : b.op === '<='
                ? left <= right
                : left < right;
      });
    const depts = (await allDepartments(deps.db)).filter((d) => !scheduleIds || scheduleIds.includes(d.id));
    const all: Resource[] = [];
    for (const d of depts) {
      for (const p of await placesInRange(deps, { department: d.code, from, to })) {
        if (!within(p)) continue;
        const r = slot(base, deps.timeZone, now, d, p);
        if (!statuses || statuses.includes(r.status as string)) all.push(r);
      }
    }
    all.sort((a, b) => String(a.start).localeCompare(String(b.start)) || a.id.localeCompare(b.id));
    return { resources: pageOf(all, page), total: all.length, subjects: [] };
  },
};

// ---------------------------------------------------------------- Encounter

/** A visit that took place: examined, or its payment asked after the visit (the care plans' "done"). */
export const ENCOUNTER_STATUSES: readonly AppointmentStatus[] = PLAN_VISIT_DONE_STATUSES;
const FHIR_ENCOUNTER_STATUSES = [
  'planned',
  'arrived',
  'triaged',
  'in-progress',
  'onleave',
  'finished',
  'cancelled',
  'entered-in-error',
  'unknown',
];
const CONTAINED_PATIENT = 'patient';

/**
 * Someone known without an account nor a booking of her own (a care plan's woman, a waiting list's or
 * a newsletter's consent), as a Patient contained in the resource that names her.
 */
function containedPatient(fullName: string | null, phone: string | null, email: string | null): Resource {
  return {
    resourceType: 'Patient',
    id: CONTAINED_PATIENT,
    ...(fullName ? { name: [humanName(fullName, fullName)] } : {}),
    ...telecom(phone, email, 'mobile'),
  };
}

type Person = { fullName: string | null; phone: string | null; email: string | null };

/**
 * Who a resource is about: her account; else the Patient of the booking it was made with (booking-{id},
 * when that booking was made without an account and is still served); else her details contained
 * (nothing once de-identified).
 */
function subjectOf(
  userId: number | null,
  booking: { id: number; fullName: string | null } | null,
  person: Person | null,
): { subject?: Record<string, string>; contained?: Resource[] } {
  if (userId) return { subject: { reference: `Patient/${userId}` } };
  if (booking)
    return {
      subject: { reference: bookingPatientRef(booking.id), ...(booking.fullName ? { display: booking.fullName } : {}) },
    };
  if (!person) return {};
  return {
    contained: [containedPatient(person.fullName, person.phone, person.email)],
    subject: { reference: `#${CONTAINED_PATIENT}` },
  };
}

function encounter(base: string, timeZone: string, a: AppointmentRecord, depts: DepartmentRecord[]): Resource {
  const d = depts.find((x) => x.code === a.department);
  // A visit has its booking: without an account, that booking's Patient (none once de-identified).
  const { subject, contained } = subjectOf(a.userId, a.deidentifiedAt ? null : a, null);
  return {
    resourceType: 'Encounter',
    id: String(a.id),
    ...(contained ? { contained } : {}),
    status: 'finished',
    class: { system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode', code: 'AMB', display: 'ambulatory' },
    serviceType: departmentConcept(base, d ?? { code: a.department, departmentName: a.department }),
    ...(subject ? { subject } : {}),
    ...(a.doctorId
      ? {
          participant: [
            {
              type: [
                {
                  coding: [
                    {
                      system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType',
                      code: 'PPRF',
                      display: 'primary performer',
                    },
                  ],
                },
              ],
              individual: {
                reference: `Practitioner/${a.doctorId}`,
                ...(a.doctorName ? { display: a.doctorName } : {}),
              },
            },
          ],
        }
      : {}),
    appointment: [{ reference: `Appointment/${a.id}` }],
    period: {
      start: zonedInstant(a.appointmentDate, a.appointmentTime, timeZone),
      end: zonedInstant(a.appointmentDate, a.appointmentTime, timeZone, 30),
    },
  };
}

const encounters: ResourceDef = {
  type: 'Encounter',
  documentation: 'The visits that took place (an appointment examined or whose payment was asked after it).',
  refusedTarget: 'APPOINTMENT_DETAIL',
  searchParams: [
    { name: '_id', type: 'token', documentation: 'The visit’s id (its appointment’s).' },
    VISIT_DATE_PARAM,
    PATIENT_PARAM,
    DOCTOR_PARAM,
    { name: 'status', type: 'token', documentation: 'The FHIR status: every visit served is finished.' },
  ],
  read: (ctx, id) => visitAs(encounter, ctx, { ids: numericIds([id]), statuses: [...ENCOUNTER_STATUSES] }),
  search(ctx, params, page) {
    const statuses = knownStatuses(params, 'http://hl7.org/fhir/encounter-status', FHIR_ENCOUNTER_STATUSES);
    return visitsAs(
      encounter,
      ctx,
      {
        ...visitFilter(params, ctx.base, ctx.deps.timeZone),
        statuses: statuses && !statuses.includes('finished') ? [] : [...ENCOUNTER_STATUSES],
      },
      page,
    );
  },
};

// ---------------------------------------------------------------- CarePlan

export const CARE_PLAN_STATUS_MAP: Record<CarePlanStatus, string> = {
  ACTIVE: 'active',
  STOPPED: 'revoked',
  COMPLETED: 'completed',
};
/** A visit's state as its activity's status (CarePlan.activity.detail.status). */
export const PLAN_VISIT_STATUS_MAP: Record<PlanVisitState, string> = {
  DONE: 'completed',
  BOOKED: 'scheduled',
  TO_BOOK: 'not-started',
  MISSED: 'cancelled',
  SKIPPED: 'cancelled',
};
const FHIR_CARE_PLAN_STATUSES = ['draft', 'active', 'on-hold', 'revoked', 'completed', 'entered-in-error', 'unknown'];
export const carePlanKindSystem = (base: string) => `${base}/CodeSystem/care-plan-kind`;

function carePlan(base: string, userId: number | null, p: CarePlanView): Resource {
  const { subject, contained } = subjectOf(userId, null, p);
  const starts = p.visits.map((v) => v.windowStart).sort();
  const ends = p.visits.map((v) => v.windowEnd).sort();
  return {
    resourceType: 'CarePlan',
    id: String(p.id),
    ...(contained ? { contained } : {}),
    status: CARE_PLAN_STATUS_MAP[p.status],
    intent: 'plan',
    category: [{ coding: [{ system: carePlanKindSystem(base), code: p.kind }] }],
    title: p.name,
    // A plan always names her; a plan without an account holds her name and phone.
    subject: subject ?? { display: p.fullName },
    ...(starts.length ? { period: { start: starts[0], end: ends[ends.length - 1] } } : {}),
    created: p.createdAt,
    ...(p.visits.length
      ? {
          activity: p.visits.map((v) => ({
            // cpl-3: an activity has a reference or a detail, not both; the booked appointment is its outcome.
            ...(v.appointment ? { outcomeReference: [{ reference: `Appointment/${v.appointment.id}` }] } : {}),
            detail: {
              kind: 'Appointment',
              code: {
                coding: [{ system: departmentSystem(base), code: v.department }],
                text: v.label,
              },
              status: PLAN_VISIT_STATUS_MAP[v.state],
              ...(v.state === 'MISSED' || v.state === 'SKIPPED'
                ? { statusReason: { text: CARE_PLAN_MSG.visitStates[v.state] } }
                : {}),
              scheduledPeriod: { start: v.windowStart, end: v.windowEnd },
              ...(v.appointment?.doctorName ? { performer: [{ display: v.appointment.doctorName }] } : {}),
            },
          })),
        }
      : {}),
  };
}

const carePlanSubject = (p: CarePlanView): Subject => ({
  target: 'PATIENT_DETAIL',
  ...(p.email ? { subjectEmail: p.email } : {}),
  subjectName: p.fullName,
});

async function carePlansOf(deps: AppDeps, base: string, rows: { id: number; userId: number | null }[]) {
  const userOf = new Map(rows.map((r) => [r.id, r.userId]));
  const views = await plansViewByIds(
    deps,
    rows.map((r) => r.id),
  );
  return {
    resources: views.map((v) => carePlan(base, userOf.get(v.id) ?? null, v)),
    subjects: views.map(carePlanSubject),
  };
}

const carePlansDef: ResourceDef = {
  type: 'CarePlan',
  documentation: 'The care plans: a milestone visit per activity, its window as the scheduled period.',
  refusedTarget: 'PATIENT_DETAIL',
  searchParams: [
    { name: '_id', type: 'token', documentation: 'The plan’s id.' },
    { name: 'patient', type: 'reference', documentation: 'The patient’s account: Patient/{id}.' },
    { name: 'status', type: 'token', documentation: 'active, revoked (stopped) or completed.' },
  ],
  async read({ deps, base }, id) {
    const { rows } = await findCarePlans(deps.db, { ids: numericIds([id]) }, { count: 1, offset: 0 });
    if (!rows[0]) return null;
    const { resources, subjects } = await carePlansOf(deps, base, rows);
    return { resource: resources[0]!, subjects };
  },
  async search({ deps, base }, params, page) {
    const statuses = tokens(params, 'status', 'http://hl7.org/fhir/request-status');
    for (const s of statuses ?? [])
      if (!FHIR_CARE_PLAN_STATUSES.includes(s))
        throw new FhirError(400, 'invalid', `Search parameter 'status': unknown status '${s}'`);
    const userIds = referenceIds(params, 'patient', 'Patient', base);
    const { rows, total } = await findCarePlans(
      deps.db,
      {
        ids: ids(params),
        ...(userIds ? { userIds } : {}),
        ...(statuses
          ? {
              statuses: (Object.keys(CARE_PLAN_STATUS_MAP) as CarePlanStatus[]).filter((s) =>
                statuses.includes(CARE_PLAN_STATUS_MAP[s]),
              ),
            }
          : {}),
      },
      page,
    );
    return { ...(await carePlansOf(deps, base, rows)), total };
  },
};

// ---------------------------------------------------------------- Consent

/** What she agreed to, as the form or the desk put it to her. */
function consentSentence(c: ConsentRecord): string {
  if (c.channel === 'DESK' && c.purpose === 'HEALTH_DATA') return PRIVACY_TEXT.deskConsent;
  if (c.channel === 'FHIR' && c.purpose === 'HEALTH_DATA') return PRIVACY_TEXT.clientConsent;
  if (c.purpose === 'MARKETING') return PRIVACY_TEXT.marketingConsent;
  return c.source === 'WAITING_LIST' ? PRIVACY_TEXT.waitingConsent : PRIVACY_TEXT.healthConsent;
}
/** The purpose as HL7's v3 ActReason: treatment, or health-care marketing. */
const CONSENT_PURPOSE_CODES: Record<ConsentRecord['purpose'], { code: string; display: string }> = {
  HEALTH_DATA: { code: 'TREAT', display: 'treatment' },
  MARKETING: { code: 'HMARKT', display: 'healthcare marketing' },
};
export const consentPurposeSystem = (base: string) => `${base}/CodeSystem/consent-purpose`;

function consent(base: string, publicUrl: string, c: ConsentRecord): Resource {
  const person = { fullName: c.bookedName, phone: c.phone, email: c.email };
  const booking = c.bookingPersonId ? { id: c.bookingPersonId, fullName: c.bookedName } : null;
  const { subject, contained } = subjectOf(c.userId, booking, person);
  return {
    resourceType: 'Consent',
    id: String(c.id),
    ...(contained ? { contained } : {}),
    status: c.withdrawnAt ? 'inactive' : 'active',
    scope: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/consentscope',
          code: 'patient-privacy',
          display: 'Privacy Consent',
        },
      ],
    },
    category: [
      { coding: [{ system: 'http://loinc.org', code: '59284-0', display: 'Patient Consent' }] },
      { coding: [{ system: consentPurposeSystem(base), code: c.purpose }] },
    ],
    patient: subject!,
    dateTime: c.givenAt.toISOString(),
    organization: [{ display: CLINIC.name }],
    sourceAttachment: { contentType: 'text/plain; charset=utf-8', language: 'vi', title: consentSentence(c) },
    policy: [{ uri: `${publicUrl}${PRIVACY_NOTICE.path}#v${c.noticeVersion}` }],
    provision: {
      type: 'permit',
      period: {
        start: c.givenAt.toISOString(),
        ...(c.withdrawnAt ? { end: c.withdrawnAt.toISOString() } : {}),
      },
      purpose: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-ActReason', ...CONSENT_PURPOSE_CODES[c.purpose] }],
    },
  };
}

const consentSubject = (c: ConsentRecord): Subject => ({
  target: 'PATIENT_DETAIL',
  ...(c.appointmentId ? { appointmentId: c.appointmentId } : {}),
  ...(c.email ? { subjectEmail: c.email } : {}),
});

const consentsDef: ResourceDef = {
  type: 'Consent',
  documentation: 'The recorded consents (health data with a booking, the waiting list, the newsletter).',
  refusedTarget: 'PATIENT_DETAIL',
  searchParams: [{ name: '_id', type: 'token', documentation: 'The consent’s id.' }, PATIENT_PARAM],
  async read({ deps, base }, id) {
    const { rows } = await findConsents(deps.db, { ids: numericIds([id]) }, { count: 1, offset: 0 });
    const c = rows[0];
    return c ? { resource: consent(base, deps.config.publicUrl, c), subjects: [consentSubject(c)] } : null;
  },
  async search({ deps, base }, params, page) {
    const patientRefs = patientReferences(params, 'patient', base);
    const { rows, total } = await findConsents(
      deps.db,
      { ids: ids(params), ...(patientRefs ? { patients: patientRefs } : {}) },
      page,
    );
    return {
      resources: rows.map((c) => consent(base, deps.config.publicUrl, c)),
      total,
      subjects: rows.map(consentSubject),
    };
  },
};

// ---------------------------------------------------------------- AuditEvent

export const accessTargetSystem = (base: string) => `${base}/CodeSystem/access-target`;
export const userSystem = (base: string) => `${base}/sid/user`;

function auditEvent(base: string, r: AccessRecordRecord): Resource {
  const entity = {
    ...(r.appointmentId
      ? { what: { reference: `Appointment/${r.appointmentId}` } }
      : r.subjectEmail
        ? { what: { identifier: { system: 'urn:ietf:rfc:3986', value: `mailto:${r.subjectEmail}` } } }
        : {}),
    type: { system: accessTargetSystem(base), code: r.target, display: ACCESS_TARGET_LABELS[r.target] },
    ...(r.subjectName ? { name: r.subjectName } : {}),
  };
  return {
    resourceType: 'AuditEvent',
    id: String(r.id),
    type: {
      system: 'http://terminology.hl7.org/CodeSystem/audit-event-type',
      code: 'rest',
      display: 'RESTful Operation',
    },
    action: r.outcome === 'PURGED' ? 'D' : 'R',
    recorded: r.accessedAt.toISOString(),
    outcome: r.outcome === 'REFUSED' ? '4' : '0',
    outcomeDesc: ACCESS_OUTCOME_LABELS[r.outcome],
    agent: [
      {
        ...(r.actorRole ? { role: [{ text: r.actorRole }] } : {}),
        ...(r.actorName || r.actorId
          ? {
              who: {
                ...(r.actorId ? { identifier: { system: userSystem(base), value: String(r.actorId) } } : {}),
                ...(r.actorName ? { display: r.actorName } : {}),
              },
            }
          : {}),
        ...(r.actorName ? { name: r.actorName } : {}),
        requestor: true,
        ...(r.address ? { network: { address: r.address, type: '2' } } : {}),
      },
    ],
    source: {
      observer: { display: CLINIC.name },
      type: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/security-source-type',
          code: '4',
          display: 'Application Server',
        },
      ],
    },
    entity: [entity],
  };
}

const auditEvents: ResourceDef = {
  type: 'AuditEvent',
  documentation:
    'The access log (Nhật ký truy cập): who read whose health data, when, and whether it was refused. Only with a scope naming AuditEvent.',
  searchParams: [
    { name: '_id', type: 'token', documentation: 'The record’s id.' },
    { name: 'date', type: 'date', documentation: 'When it was read, with the prefixes eq, ge, gt, le, lt.' },
    { name: 'agent-name', type: 'string', documentation: 'Part of the reader’s name (a user’s, or a client’s).' },
    { name: 'entity', type: 'reference', documentation: 'The appointment read: Appointment/{id}.' },
  ],
  async read({ deps, base }, id) {
    const { rows } = await findAccessRecords(deps.db, { ids: numericIds([id]) }, deps.timeZone, {
      count: 1,
      offset: 0,
    });
    return rows[0] ? { resource: auditEvent(base, rows[0]), subjects: [] } : null;
  },
  async search({ deps, base }, params, page) {
    const bounds = dateBounds(params, 'date', deps.timeZone);
    const agentNames = strings(params, 'agent-name');
    const appointmentIds = referenceIds(params, 'entity', 'Appointment', base);
    const { rows, total } = await findAccessRecords(
      deps.db,
      {
        ids: ids(params),
        ...(bounds ? { bounds } : {}),
        ...(agentNames ? { agentNames } : {}),
        ...(appointmentIds ? { appointmentIds } : {}),
      },
      deps.timeZone,
      page,
    );
    return { resources: rows.map((r) => auditEvent(base, r)), total, subjects: [] };
  },
};

/** The table: what the endpoint serves. */
export const RESOURCES: readonly ResourceDef[] = [
  patients,
  practitioners,
  practitionerRoles,
  healthcareServices,
  appointmentsDef,
  schedules,
  slots,
  encounters,
  carePlansDef,
  consentsDef,
  auditEvents,
];

import {
  checkSlotRules,
  DEPOSIT_HOLD_MINUTES,
  isDateString,
  isValidPhone,
  normalizePhone,
  TIME_SLOTS,
} from '@clinic/shared';
import { freePlacesInRange } from '../appointments/booking/booking.service';
import { makeAppointment } from '../appointments/booking/appointment-making.service';
import {
  bookHeldPlace,
  cancelForClient,
  clientBookingNotices,
  doctorIsBusy,
} from '../appointments/booking/held-places.service';
import { healthConsentForBooking } from '../consents/consent.service';
import { allDepartments, bookingPeople, doctors, patientAccounts, type DepartmentRecord } from './fhir.repository';
import type { FhirCaller } from './fhir-clients.service';
import { FhirError } from './outcome';
import { departmentConcept, slotId, zonedInstant, type Ctx, type Resource } from './resources';
import type { Interaction } from './scopes';
import { bookingPatientId } from './search';

/**
 * The booking operations of the IHE ITI Scheduling guide on Appointment (issue 38, docs/FHIR.md):
 * $find answers the free places as proposed Appointments, $hold holds one as the deposit hold does
 * (released by the same job when it lapses), $book makes it an appointment through the one booking
 * call, and a status change to cancelled ends it the one way a visit ends. The routes
 * (fhir.routes.ts) and the CapabilityStatement (capability.ts) are made from OPERATIONS and UPDATES.
 */

const IHE = 'https://profiles.ihe.net/ITI/Scheduling/OperationDefinition';
/** The longest hold a client may ask; the deposit hold's is the default. */
export const HOLD_MINUTES_MAX = 15;
const FIND_RANGE_DAYS = 31;

export type Parameter = {
  name: string;
  resource?: Record<string, unknown>;
} & Record<string, unknown>;

export type OperationAnswer = { resource: Record<string, unknown> } | { appointmentId: number };

export type OperationDef = {
  type: 'Appointment';
  name: 'find' | 'hold' | 'book';
  /** The guide's OperationDefinition. */
  definition: string;
  documentation: string;
  /** Any one of these interactions on the type lets a caller run it. */
  needs: Interaction[];
  run(ctx: Ctx, parameters: Parameter[], caller: FhirCaller): Promise<OperationAnswer>;
};

const bad = (why: string) => new FhirError(400, 'invalid', why);

/** The body as a Parameters resource: its parameters, or a 400. */
export function parametersOf(body: unknown): Parameter[] {
  const b = body as { resourceType?: unknown; parameter?: unknown } | null;
  if (!b || typeof b !== 'object' || b.resourceType !== 'Parameters')
    throw bad('The body must be a Parameters resource');
  const list = b.parameter ?? [];
  if (
    !Array.isArray(list) ||
    list.length > 50 ||
    list.some((p) => !p || typeof p !== 'object' || typeof p.name !== 'string')
  )
    throw bad('Parameters.parameter must be a list of named parameters');
  return list as Parameter[];
}

const one = (ps: Parameter[], name: string) => {
  const found = ps.filter((p) => p.name === name);
  if (found.length > 1) throw bad(`Parameter '${name}' given more than once`);
  return found[0];
};

/** A date parameter (valueDate, or the date of a valueDateTime). */
function dateParam(ps: Parameter[], name: string): string | undefined {
  const p = one(ps, name);
  if (!p) return undefined;
  const v = p.valueDate ?? p.valueDateTime ?? p.valueString;
  const date = typeof v === 'string' ? v.slice(0, 10) : '';
  if (!isDateString(date)) throw bad(`Parameter '${name}': a date (YYYY-MM-DD) expected`);
  return date;
}

/** The numeric id of a `Type/{id}` reference (or `{base}/Type/{id}`). */
function referenceId(ctx: Ctx, value: unknown, type: string, what: string): number {
  const ref = typeof value === 'string' ? value : (value as { reference?: unknown } | undefined)?.reference;
  const text = typeof ref === 'string' ? (ref.startsWith(`${ctx.base}/`) ? ref.slice(ctx.base.length + 1) : ref) : '';
  const m = new RegExp(`^(?:${type}/)?([1-9]\\d{0,9})$`).exec(text);
  if (!m || Number(m[1]) > 2_147_483_647) throw bad(`${what}: a reference to ${type}/{id} expected`);
  return Number(m[1]);
}

async function departmentOf(ctx: Ctx, ps: Parameter[]): Promise<DepartmentRecord> {
  const depts = await allDepartments(ctx.deps.db);
  const service = one(ps, 'service-type');
  const hs = one(ps, 'healthcare-service');
  if (!service === !hs) throw bad("Name the department: 'service-type' (its code) or 'healthcare-service'");
  if (hs) {
    const id = referenceId(ctx, hs.valueReference, 'HealthcareService', "Parameter 'healthcare-service'");
    const d = depts.find((x) => x.id === id);
    if (!d) throw bad(`HealthcareService/${id} is not known`);
    return d;
  }
  const v =
    service!.valueCode ?? service!.valueString ?? (service!.valueCoding as { code?: unknown } | undefined)?.code;
  const d = depts.find((x) => x.code === v);
  if (!d) throw bad("Parameter 'service-type': an unknown department code");
  return d;
}

async function doctorOf(ctx: Ctx, value: unknown, what: string) {
  const id = referenceId(ctx, value, 'Practitioner', what);
  const { rows } = await doctors(ctx.deps.db, { ids: [id], active: true }, { count: 1, offset: 0 });
  if (!rows[0]) throw bad(`Practitioner/${id} is not known`);
  return rows[0];
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A proposed appointment's id: its slot's, and the doctor's when one was asked (`p-3-20270303-0900-d7`). */
const PROPOSED = /^p-([1-9]\d{0,9})-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(?:-d([1-9]\d{0,9}))?$/;

function proposed(
  ctx: Ctx,
  d: DepartmentRecord,
  date: string,
  time: string,
  doctor?: { id: number; name: string },
): Resource {
  const tz = ctx.deps.timeZone;
  return {
    resourceType: 'Appointment',
    id: `p-${slotId(d.id, date, time)}${doctor ? `-d${doctor.id}` : ''}`,
    status: 'proposed',
    serviceType: [departmentConcept(ctx.base, d)],
    start: zonedInstant(date, time, tz),
    end: zonedInstant(date, time, tz, 30),
    minutesDuration: 30,
    slot: [{ reference: `Slot/${slotId(d.id, date, time)}` }],
    participant: [
      ...(doctor
        ? [
            {
              actor: { reference: `Practitioner/${doctor.id}`, display: doctor.name },
              required: 'required',
              status: 'needs-action',
            },
          ]
        : []),
      {
        actor: { reference: `HealthcareService/${d.id}`, display: d.departmentName },
        required: 'information-only',
        status: 'accepted',
      },
    ],
  };
}

/** $find: the free places of a department (and a doctor's free hours) from one date to another. */
async function find(ctx: Ctx, ps: Parameter[]): Promise<OperationAnswer> {
  const d = await departmentOf(ctx, ps);
  const from = dateParam(ps, 'start');
  const to = dateParam(ps, 'end');
  if (!from || !to) throw bad("Parameters 'start' and 'end' (dates) are required");
  if (to < from) throw bad("Parameter 'end' is before 'start'");
  if (addDays(from, FIND_RANGE_DAYS - 1) < to)
    throw new FhirError(400, 'too-costly', `At most ${FIND_RANGE_DAYS} days at once`);
  const p = one(ps, 'practitioner');
  const doctor = p ? await doctorOf(ctx, p.valueReference ?? p.valueString, "Parameter 'practitioner'") : null;
  if (doctor && doctor.specialty !== d.code) throw bad(`Practitioner/${doctor.id} does not work in this department`);
  const now = ctx.deps.clock.now();
  const free = await freePlacesInRange(ctx.deps, { department: d.code, from, to, doctorId: doctor?.id ?? null });
  // What $hold and $book accept: the public's rules (two hours ahead), as the booking page offers.
  const open = free.filter((f) => checkSlotRules(f.date, f.time, now, ctx.deps.timeZone) === null);
  const who = doctor ? { id: doctor.id, name: doctor.fullName ?? doctor.username } : undefined;
  const entries = open.map((f) => proposed(ctx, d, f.date, f.time, who));
  return {
    resource: {
      resourceType: 'Bundle',
      type: 'searchset',
      total: entries.length,
      ...(entries.length ? { entry: entries.map((resource) => ({ resource, search: { mode: 'match' } })) } : {}),
    },
  };
}

type Person = { fullName: string; phone: string; email: string | null; userId: number | null };

/** The Appointment a $hold or $book names: `appointment-resource`, or `appointment-reference`. */
function appointmentParam(ps: Parameter[]): { resource?: Record<string, unknown>; id: string } | undefined {
  const r = one(ps, 'appointment-resource');
  const ref = one(ps, 'appointment-reference');
  if (r && ref) throw bad("Give 'appointment-resource' or 'appointment-reference', not both");
  if (r) {
    const res = r.resource;
    if (!res || res.resourceType !== 'Appointment')
      throw bad("Parameter 'appointment-resource': an Appointment expected");
    return { resource: res, id: typeof res.id === 'string' ? res.id : '' };
  }
  if (ref) {
    const v = (ref.valueReference as { reference?: unknown } | undefined)?.reference;
    const m = typeof v === 'string' ? /(?:^|\/)Appointment\/([A-Za-z0-9\-.]{1,64})$/.exec(v) : null;
    if (!m) throw bad("Parameter 'appointment-reference': a reference to Appointment/{id} expected");
    return { id: m[1]! };
  }
  return undefined;
}

/**
 * The patient of an Appointment: a contained Patient (a name and a phone, as a public booking),
 * Patient/{id} (an account) or Patient/booking-{id} (the person of a booking made without one).
 */
async function personOf(ctx: Ctx, a: Record<string, unknown>): Promise<Person | null> {
  const participants = Array.isArray(a.participant) ? (a.participant as { actor?: { reference?: unknown } }[]) : [];
  const refs = participants.map((p) => p?.actor?.reference).filter((r): r is string => typeof r === 'string');
  const contained = Array.isArray(a.contained) ? (a.contained as Record<string, unknown>[]) : [];
  for (const ref of refs) {
    if (ref.startsWith('#')) {
      const p = contained.find((c) => c?.resourceType === 'Patient' && c.id === ref.slice(1));
      if (!p) throw bad(`Appointment.participant: ${ref.slice(0, 64)} is not contained`);
      return containedPerson(p);
    }
    const booking = /(?:^|\/)Patient\/([^/]+)$/.exec(ref);
    const bookingId = booking ? bookingPatientId(booking[1]!) : null;
    if (bookingId !== null) {
      // Someone who booked before without an account (a held Appointment names her so): as she booked.
      const { rows } = await bookingPeople(ctx.deps.db, { ids: [bookingId] }, { count: 1, offset: 0 });
      const b = rows[0];
      if (!b) throw bad(`Patient/${booking![1]} is not known`);
      return { fullName: b.fullName, phone: b.phone, email: b.email, userId: null };
    }
    if (/(?:^|\/)Patient\/[^/]+$/.test(ref)) {
      const id = referenceId(ctx, ref.replace(/^.*\/(Patient\/[^/]+)$/, '$1'), 'Patient', 'Appointment.participant');
      const { rows } = await patientAccounts(ctx.deps.db, { ids: [id], active: true }, { count: 1, offset: 0 });
      const u = rows[0];
      if (!u) throw bad(`Patient/${id} is not known`);
      if (!u.phone) throw bad(`Patient/${id} has no phone: send the patient contained, with a phone`);
      return { fullName: (u.fullName ?? u.username).trim(), phone: u.phone, email: u.email, userId: u.id };
    }
  }
  return null;
}

function containedPerson(p: Record<string, unknown>): Person {
  const name = Array.isArray(p.name) ? (p.name[0] as { text?: unknown; family?: unknown; given?: unknown }) : undefined;
  const text =
    typeof name?.text === 'string'
      ? name.text
      : [name?.family, ...(Array.isArray(name?.given) ? name.given : [])]
          .filter((x) => typeof x === 'string')
          .join(' ');
  const fullName = text.replace(/\s+/g, ' ').trim();
  if (fullName.length < 2 || fullName.length > 100)
    throw bad('The contained Patient needs a name (2 to 100 characters)');
  const telecom = Array.isArray(p.telecom) ? (p.telecom as { system?: unknown; value?: unknown }[]) : [];
  const phoneRaw = telecom.find((t) => t?.system === 'phone')?.value;
  const phone = typeof phoneRaw === 'string' ? normalizePhone(phoneRaw) : '';
  if (!isValidPhone(phone))
    throw bad('The contained Patient needs a valid Vietnamese phone number (telecom system phone)');
  const emailRaw = telecom.find((t) => t?.system === 'email')?.value;
  const email = typeof emailRaw === 'string' && /^[^\s@]{1,64}@[^\s@]{1,190}$/.test(emailRaw) ? emailRaw.trim() : null;
  return { fullName, phone, email, userId: null };
}

/** The slot (and doctor) of a proposed appointment: its id from $find, or its Slot reference. */
async function slotOfProposed(ctx: Ctx, id: string, a: Record<string, unknown> | undefined) {
  let m = PROPOSED.exec(id);
  if (!m && a && Array.isArray(a.slot)) {
    const ref = (a.slot[0] as { reference?: unknown } | undefined)?.reference;
    const s = typeof ref === 'string' ? /(?:^|\/)Slot\/([^/]+)$/.exec(ref) : null;
    m = s ? PROPOSED.exec(`p-${s[1]}`) : null;
  }
  if (!m) throw bad('The appointment is neither one proposed by $find nor a held one');
  const date = `${m[2]}-${m[3]}-${m[4]}`;
  const time = `${m[5]}:${m[6]}`;
  if (!isDateString(date) || !(TIME_SLOTS as readonly string[]).includes(time)) throw bad('No such slot');
  const d = (await allDepartments(ctx.deps.db)).find((x) => String(x.id) === m[1]);
  if (!d) throw bad('No such slot');
  // A doctor named among the participants, or in the proposed id.
  const participants =
    a && Array.isArray(a.participant) ? (a.participant as { actor?: { reference?: unknown } }[]) : [];
  const docRef = participants
    .map((p) => p?.actor?.reference)
    .find((r) => typeof r === 'string' && /(?:^|\/)Practitioner\//.test(r));
  const doctor = docRef
    ? await doctorOf(ctx, String(docRef).replace(/^.*\/(Practitioner\/[^/]+)$/, '$1'), 'Appointment.participant')
    : m[7]
      ? await doctorOf(ctx, `Practitioner/${m[7]}`, 'The proposed appointment')
      : null;
  if (doctor) {
    if (doctor.specialty !== d.code) throw bad(`Practitioner/${doctor.id} does not work in this department`);
    if (await doctorIsBusy(ctx.deps, doctor.id, date, time))
      throw new FhirError(409, 'conflict', 'The doctor holds another visit at that hour');
  }
  return { slot: { appointmentDate: date, appointmentTime: time, department: d.code }, doctor };
}

/** The one booking call, for a hold (until `holdUntil`) or a booking; a full slot is a 409. */
async function make(
  ctx: Ctx,
  caller: FhirCaller,
  a: { resource?: Record<string, unknown>; id: string },
  holdUntil: Date | null,
) {
  const person = a.resource ? await personOf(ctx, a.resource) : null;
  if (!person) throw bad('The Appointment must name its patient: a contained Patient (name, phone) or Patient/{id}');
  const { slot, doctor } = await slotOfProposed(ctx, a.id, a.resource);
  const now = ctx.deps.clock.now();
  const made = await makeAppointment(
    ctx.deps.db,
    ctx.deps,
    {
      person,
      slot,
      reason: null,
      rules: 'public',
      // With a doctor the visit is confirmed with him, as the front desk books it.
      ...(doctor ? { confirmedWith: { id: doctor.id, name: doctor.fullName ?? doctor.username } } : {}),
      holdUntil,
      events: [{ action: 'CREATED', note: `FHIR: ${caller.name}` }],
      // The client states the patient's consent to her health data with the booking (not with a hold).
      consents: holdUntil ? [] : [healthConsentForBooking('FHIR')],
      // A booking tells her what a public booking does, her private link with it; a hold tells no one.
      manageLink: !holdUntil,
      ...(holdUntil
        ? {}
        : {
            messages: ({ row, department, manageToken }) =>
              clientBookingNotices(
                ctx.deps,
                { ...row, paymentAmount: null },
                {
                  departmentName: department.departmentName,
                  doctorName: doctor ? (doctor.fullName ?? doctor.username) : null,
                  confirmed: doctor != null,
                },
                manageToken,
                now,
              ),
          }),
    },
    null,
    now,
  );
  return made.row.id;
}

async function hold(ctx: Ctx, ps: Parameter[], caller: FhirCaller): Promise<OperationAnswer> {
  const a = appointmentParam(ps);
  if (!a?.resource)
    throw bad("Parameter 'appointment-resource' (the proposed Appointment with its patient) is required");
  const m = one(ps, 'hold-minutes');
  const minutes = m === undefined ? DEPOSIT_HOLD_MINUTES : m.valueInteger;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1 || minutes > HOLD_MINUTES_MAX)
    throw bad(`Parameter 'hold-minutes': a whole number from 1 to ${HOLD_MINUTES_MAX}`);
  const until = new Date(ctx.deps.clock.now().getTime() + minutes * 60_000);
  return { appointmentId: await make(ctx, caller, a, until) };
}

async function book(ctx: Ctx, ps: Parameter[], caller: FhirCaller): Promise<OperationAnswer> {
  const a = appointmentParam(ps);
  if (!a) throw bad("Parameter 'appointment-reference' or 'appointment-resource' is required");
  if (!/^[1-9]\d{0,9}$/.test(a.id) || Number(a.id) > 2_147_483_647)
    return { appointmentId: await make(ctx, caller, a, null) };
  // A held appointment: booked while its hold lasts.
  const id = Number(a.id);
  const given = a.resource ? await personOf(ctx, a.resource) : null;
  await bookHeldPlace(
    ctx.deps,
    id,
    {
      ...(given ? { fullName: given.fullName, phone: normalizePhone(given.phone) } : {}),
      consent: healthConsentForBooking('FHIR'),
      client: caller.name,
    },
    ctx.deps.clock.now(),
  );
  return { appointmentId: id };
}

export const OPERATIONS: readonly OperationDef[] = [
  {
    type: 'Appointment',
    name: 'find',
    definition: `${IHE}/appointment-find`,
    documentation:
      'The free places as proposed Appointments: service-type (a department code) or healthcare-service, start and end (dates, at most 31 days), practitioner (optional).',
    needs: ['r', 's'],
    run: (ctx, ps) => find(ctx, ps),
  },
  {
    type: 'Appointment',
    name: 'hold',
    definition: `${IHE}/appointment-hold`,
    documentation: `Holds the place of a proposed Appointment (appointment-resource, with its patient) for hold-minutes (at most ${HOLD_MINUTES_MAX}, ${DEPOSIT_HOLD_MINUTES} by default); released when it lapses.`,
    needs: ['c', 'u'],
    run: hold,
  },
  {
    type: 'Appointment',
    name: 'book',
    definition: `${IHE}/appointment-book`,
    documentation:
      'Books a held Appointment (appointment-reference) or a proposed one (appointment-resource, with its patient); the patient’s consent to her health data is recorded as the client’s statement.',
    needs: ['c', 'u'],
    run: book,
  },
];

/** The standard status change to cancelled (PUT or a JSON Patch of /status): the one way a visit ends. */
export async function cancelAppointment(
  ctx: Ctx,
  id: number,
  reason: string | null,
  caller: FhirCaller,
): Promise<void> {
  await cancelForClient(ctx.deps, id, caller.name, reason ?? CLIENT_CANCEL_REASON, ctx.deps.clock.now());
}

/** The reason kept when a client cancels without one. */
export const CLIENT_CANCEL_REASON = 'Hủy qua hệ thống đặt lịch';

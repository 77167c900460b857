import { clinicMoment, isDateString } from '@clinic/shared';
import { FhirError } from './outcome';
import type { WallBound } from './fhir.repository';

/** Parsing of FHIR search values (R4 §3.1.1.4): each failure is a 400 OperationOutcome naming the parameter. */

export type Params = Map<string, string[]>;

/** A control character (NUL among them, which the database refuses) is no search value. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

const bad = (name: string, why: string) => new FhirError(400, 'invalid', `Search parameter '${name}': ${why}`);

/** Every value of a parameter, its comma-separated alternatives split (an OR). */
export function alternatives(params: Params, name: string): string[] | undefined {
  const values = params.get(name);
  if (!values) return undefined;
  const out = values.flatMap((v) => v.split(',')).map((v) => v.trim());
  if (out.some((v) => v === '' || v.length > 200 || CONTROL.test(v)))
    throw bad(name, 'an empty, overlong or unreadable value');
  return out;
}

/** Numeric ids: an id that cannot exist matches nothing (it is not an error). */
export function numericIds(values: string[]): number[] {
  return values.filter((v) => /^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647).map(Number);
}

/** `12`, `Patient/12` or `<base>/Patient/12`: the ids of the one resource type a reference may point to. */
export function referenceIds(params: Params, name: string, type: string, base: string): number[] | undefined {
  const values = alternatives(params, name);
  if (!values) return undefined;
  return values.map((v) => {
    const local = v.startsWith(`${base}/`) ? v.slice(base.length + 1) : v;
    const m = new RegExp(`^(?:${type}/)?([^/]+)$`).exec(local);
    if (!m) throw bad(name, `a reference to ${type} expected`);
    return numericIds([m[1]!])[0] ?? -1;
  });
}

/** The id of the Patient of a booking made without an account: `booking-{appointment id}`. */
export const BOOKING_PATIENT_PREFIX = 'booking-';

/** The booking's id in `booking-34`, or null when it names no booking that could exist. */
export function bookingPatientId(id: string): number | null {
  if (!id.startsWith(BOOKING_PATIENT_PREFIX)) return null;
  return numericIds([id.slice(BOOKING_PATIENT_PREFIX.length)])[0] ?? null;
}

/**
 * The patients a `patient` reference names: accounts (`12`, `Patient/12`) and people who booked
 * without one (`Patient/booking-34`). A reference that cannot exist matches nothing.
 */
export function patientReferences(
  params: Params,
  name: string,
  base: string,
): { userIds: number[]; bookingIds: number[] } | undefined {
  const values = alternatives(params, name);
  if (!values) return undefined;
  const out = { userIds: [] as number[], bookingIds: [] as number[] };
  for (const v of values) {
    const local = v.startsWith(`${base}/`) ? v.slice(base.length + 1) : v;
    const m = /^(?:Patient\/)?([^/]+)$/.exec(local);
    if (!m) throw bad(name, 'a reference to Patient expected');
    const booking = bookingPatientId(m[1]!);
    if (booking !== null) out.bookingIds.push(booking);
    else out.userIds.push(...numericIds([m[1]!]));
  }
  return out;
}

/** A token `code` or `system|code`: with a system, it must be the one expected (when one is). */
export function tokens(params: Params, name: string, system?: string): string[] | undefined {
  const values = alternatives(params, name);
  if (!values) return undefined;
  return values.map((v) => {
    const bar = v.indexOf('|');
    if (bar < 0) return v;
    const given = v.slice(0, bar);
    if (given !== '' && system !== undefined && given !== system) throw bad(name, `unknown system '${given}'`);
    return v.slice(bar + 1);
  });
}

export function strings(params: Params, name: string): string[] | undefined {
  const values = params.get(name);
  if (!values) return undefined;
  if (values.some((v) => v.trim() === '' || v.length > 200 || CONTROL.test(v)))
    throw bad(name, 'an empty, overlong or unreadable value');
  return values.map((v) => v.trim());
}

const PREFIX_OPS = { eq: '=', ge: '>=', gt: '>', le: '<=', lt: '<' } as const;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Date bounds (`ge2027-03-01`, `lt2027-03-08T00:00:00+07:00`) on the clinic's wall clock: a date
 * alone compares dates, a date and time compares the start to the minute.
 */
export function dateBounds(params: Params, name: string, timeZone: string): WallBound[] | undefined {
  const values = params.get(name);
  if (!values) return undefined;
  return values.map((raw) => {
    const m = /^(eq|ge|gt|le|lt)?(.*)$/.exec(raw)!;
    const op = PREFIX_OPS[(m[1] ?? 'eq') as keyof typeof PREFIX_OPS];
    const value = m[2]!;
    if (isDateString(value)) return { op, date: value };
    const dt = DATE_TIME.exec(value);
    const instant = dt && isDateString(dt[1]!) ? new Date(value) : null;
    if (!instant || Number.isNaN(instant.getTime()))
      throw bad(
        name,
        'a date (YYYY-MM-DD) or a date-time with its zone expected, with an optional prefix eq, ge, gt, le or lt',
      );
    const wall = clinicMoment(instant, timeZone);
    return { op, date: wall.date, time: wall.time };
  });
}

/** The page asked for: `_count` (1–100, 20 when not given) and `_offset` (from the next/previous links). */
export function paging(params: Params): { count: number; offset: number } {
  const one = (name: string, min: number, max: number, fallback: number) => {
    const values = params.get(name);
    if (!values) return fallback;
    const v = values[values.length - 1]!;
    if (!/^\d{1,7}$/.test(v) || Number(v) < min || Number(v) > max)
      throw bad(name, `a whole number from ${min} to ${max} expected`);
    return Number(v);
  };
  return { count: one('_count', 0, 100, 20), offset: one('_offset', 0, 1_000_000, 0) };
}

/**
 * A token that may be of several systems (`code`, `|code`, `system|code`): each value with its system,
 * or null when none was given (it may be of any of them). A system not among them is a 400.
 */
export function systemTokens(
  params: Params,
  name: string,
  systems: readonly string[],
): { system: string | null; value: string }[] | undefined {
  const values = alternatives(params, name);
  if (!values) return undefined;
  return values.map((v) => {
    const bar = v.indexOf('|');
    if (bar < 0) return { system: null, value: v };
    const given = v.slice(0, bar);
    if (given !== '' && !systems.includes(given)) throw bad(name, `unknown system '${given}'`);
    return { system: given === '' ? null : given, value: v.slice(bar + 1) };
  });
}

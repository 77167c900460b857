import { ApiError } from './api-client';
import { serverErrorText } from './error-message';

/** The server's words for what is wrong with a slot, and the field each one concerns. */
const FIELD_OF_CODE: Record<string, 'appointmentDate' | 'appointmentTime' | 'department'> = {
  INVALID_DATE: 'appointmentDate',
  PAST_DATE: 'appointmentDate',
  BEYOND_WINDOW: 'appointmentDate',
  SUNDAY_CLOSED: 'appointmentDate',
  INVALID_TIME: 'appointmentTime',
  PAST_TIME: 'appointmentTime',
  TOO_SOON: 'appointmentTime',
  SLOT_FULL: 'appointmentTime',
  ALREADY_BOOKED: 'appointmentTime',
  DOCTOR_BUSY: 'appointmentTime',
  UNKNOWN_DEPARTMENT: 'department',
};

/**
 * The field a refusal from the server concerns, with its sentence: by its code (SLOT_FULL is the
 * time's, SUNDAY_CLOSED the date's), or by the first field a 400 names; null when it names none
 * (the form then says it once, above its button). Only fields in `known` are answered.
 */
export function serverFieldError<F extends string>(
  error: unknown,
  known: readonly F[],
): { field: F; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  const message = serverErrorText(error, 'error') ?? error.message;
  const byCode = error.code ? FIELD_OF_CODE[error.code] : undefined;
  if (byCode && (known as readonly string[]).includes(byCode)) return { field: byCode as F, message };
  const fields = (error.body as { fields?: { path?: unknown; message?: unknown }[] } | null)?.fields;
  for (const f of Array.isArray(fields) ? fields : []) {
    const path = typeof f.path === 'string' ? f.path.split(/[./]/).find(Boolean) : undefined;
    if (path && (known as readonly string[]).includes(path))
      return { field: path as F, message: typeof f.message === 'string' && f.message ? f.message : message };
  }
  return null;
}

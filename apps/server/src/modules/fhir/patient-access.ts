import { FhirError } from './outcome';
import type { Resource } from './resources';
import { PATIENT_READABLE_TYPES } from './scopes';
import { alternatives, referenceIds, type Params } from './search';

/**
 * A signed-in patient reading through /fhir with her own session token (issue 38): her Patient, her
 * Appointments, Encounters and CarePlans, as SMART `patient/*.read` would allow, and nobody else's.
 * Another patient's record read by id is 404, never a hint it exists; a search naming another
 * patient is 403. Her reads are not back-office reads: no access record (plugins/access-log.ts).
 */

export const forbiddenType = (type: string) =>
  new FhirError(403, 'forbidden', `A patient's own token does not read ${type}`);

const notHers = () => new FhirError(403, 'forbidden', "A patient's own token reads her own records only");

/** The search narrowed to her: `_id` on Patient, `patient` on the others; naming anyone else is 403. */
export function ownSearch(type: string, params: Params, base: string, userId: number): Params {
  if (!PATIENT_READABLE_TYPES.has(type)) throw forbiddenType(type);
  const out: Params = new Map(params);
  if (type === 'Patient') {
    const given = alternatives(params, '_id');
    if (given && given.some((v) => v !== String(userId))) throw notHers();
    out.set('_id', [String(userId)]);
  } else {
    const given = referenceIds(params, 'patient', 'Patient', base);
    if (given && given.some((id) => id !== userId)) throw notHers();
    out.set('patient', [`Patient/${userId}`]);
  }
  return out;
}

/** Whether a resource served is hers. */
export function belongsTo(resource: Resource, userId: number): boolean {
  const own = `Patient/${userId}`;
  switch (resource.resourceType) {
    case 'Patient':
      return resource.id === String(userId);
    case 'Appointment':
      return ((resource.participant as { actor?: { reference?: string } }[] | undefined) ?? []).some(
        (p) => p.actor?.reference === own,
      );
    case 'Encounter':
    case 'CarePlan':
      return (resource.subject as { reference?: string } | undefined)?.reference === own;
    default:
      return false;
  }
}

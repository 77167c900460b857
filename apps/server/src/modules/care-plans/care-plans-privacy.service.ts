import type { AppDeps } from '../../deps';
import * as repo from './care-plans.repository';

/**
 * Care plans and the privacy rules (issue 37, docs/PRIVACY.md): whose data a read of a plan was, for
 * its access record; and how long a plan keeps her details (the retention job).
 */

/** Whose plan `id` is (none for a plan that is not there): her e-mail, her name, an appointment of hers in it. */
export async function personOfPlan(
  deps: Pick<AppDeps, 'db'>,
  id: number,
): Promise<{ subjectEmail?: string; subjectName?: string; appointmentId?: number }> {
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return {};
  const p = await repo.personOfPlan(deps.db, id);
  if (!p) return {};
  return {
    ...(p.email ? { subjectEmail: p.email } : {}),
    ...(p.fullName ? { subjectName: p.fullName } : {}),
    ...(p.appointmentId != null ? { appointmentId: p.appointmentId } : {}),
  };
}

/**
 * The retention job's part for plans (docs/PRIVACY.md): a plan with a visit that took place belongs with
 * the medical record, kept `medicalRecordYears` after its last such visit; a plan none of whose visits
 * took place, `unvisitedBookingDays` after its last day (its last window's end, or the day it stopped if
 * later), as a booking that never became a visit. Then she is taken off it, in one transaction.
 */
export async function deidentifyPastPlans(
  deps: Pick<AppDeps, 'db'>,
  r: { today: string; medicalBefore: string; unvisitedBefore: string; timeZone: string },
  words: { name: string; reason: string },
  now: Date,
): Promise<number> {
  return deps.db.transaction(async (tx) => repo.deidentifyPlans(tx, await repo.plansPastRetention(tx, r), words, now));
}

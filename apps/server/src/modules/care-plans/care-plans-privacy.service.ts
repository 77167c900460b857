import type { AppDeps } from '../../deps';
import * as repo from './care-plans.repository';

/**
 * Care plans and the privacy rules (issue 37, docs/PRIVACY.md): whose data a read of a plan was, for
 * its access record.
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

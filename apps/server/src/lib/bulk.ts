import type { BulkResult } from '@clinic/shared';
import { AppError, NotFoundError } from './errors';

/** Why one item of a bulk action was left as it was. */
export type BulkSkip = { code: string; reason: string };

/**
 * A bulk action: each id on its own (its own transaction), so one refusal does not undo the
 * others, and a report that says what happened to each. `act` answers a skip when there was
 * nothing to do; `skipOf` says which refusals count as skips rather than failures.
 */
export async function runEach(
  ids: Iterable<number>,
  act: (id: number) => Promise<BulkSkip | void>,
  rules: {
    skipOf: (err: unknown) => BulkSkip | null;
    notFoundReason?: string;
    summary: (success: number, skipped: number, failed: number) => string;
  },
): Promise<BulkResult> {
  const results: BulkResult['results'] = [];
  for (const id of new Set(ids)) {
    try {
      const skipped = await act(id);
      results.push(
        skipped ? { id, outcome: 'skipped', ...skipped } : { id, outcome: 'success', code: null, reason: null },
      );
    } catch (err) {
      const skip = rules.skipOf(err);
      if (skip) results.push({ id, outcome: 'skipped', ...skip });
      else if (err instanceof NotFoundError)
        results.push({ id, outcome: 'failed', code: 'NOT_FOUND', reason: rules.notFoundReason ?? err.message });
      else if (err instanceof AppError) results.push({ id, outcome: 'failed', code: err.code, reason: err.message });
      else throw err;
    }
  }
  const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
  const [success, skipped, failed] = [count('success'), count('skipped'), count('failed')];
  return { success, skipped, failed, results, message: rules.summary(success, skipped, failed) };
}

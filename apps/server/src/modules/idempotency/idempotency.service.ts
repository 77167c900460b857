import { IDEMPOTENCY_KEEP_HOURS } from '@clinic/shared';
import type { AppDeps } from '../../deps';
import { claimKey, findKey, purgeKeys, releaseKey, saveAnswer } from './idempotency.repository';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
export type IdempotencyKey = { scope: string; key: string };
export type StoredAnswer = { status: number; body: string; contentType: string | null };

const KEEP_MS = IDEMPOTENCY_KEEP_HOURS * 3_600_000;

/**
 * What to do with a request named by a key: run it (the key is now held for it), give the first
 * answer again, or refuse it (the first is still running, or the key named another request).
 */
export async function beginIdempotent(
  deps: Deps,
  k: IdempotencyKey,
  requestHash: string,
): Promise<{ kind: 'run' } | { kind: 'replay'; answer: StoredAnswer } | { kind: 'busy' } | { kind: 'mismatch' }> {
  const now = deps.clock.now();
  if (await claimKey(deps.db, k, requestHash, now, new Date(now.getTime() - KEEP_MS))) return { kind: 'run' };
  const row = await findKey(deps.db, k);
  // Released between the two statements (the first request failed): this one runs.
  if (!row) return (await claimKey(deps.db, k, requestHash, now, now)) ? { kind: 'run' } : { kind: 'busy' };
  if (row.requestHash !== requestHash) return { kind: 'mismatch' };
  if (row.status == null) return { kind: 'busy' };
  return { kind: 'replay', answer: { status: row.status, body: row.body ?? '', contentType: row.contentType } };
}

/** The first answer, kept for its repeats; a server error is not kept (a repeat runs again). */
export async function finishIdempotent(deps: Deps, k: IdempotencyKey, answer: StoredAnswer | null): Promise<void> {
  if (answer && answer.status < 500) await saveAnswer(deps.db, k, answer);
  else await releaseKey(deps.db, k);
}

/** Answers older than IDEMPOTENCY_KEEP_HOURS, removed by the daily retention job. */
export async function purgeIdempotencyKeys(deps: Deps): Promise<number> {
  return purgeKeys(deps.db, new Date(deps.clock.now().getTime() - KEEP_MS));
}

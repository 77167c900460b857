import { createHash } from 'node:crypto';
import { PRIVACY_TEXT, type AccessLogBreak, type AccessLogVerification } from '@clinic/shared';
import type { Db } from '../../db/client';
import {
  accessLogHead,
  chainedAccessRecords,
  firstUnchainedAccessRecord,
  type ChainedAccessRecord,
} from './privacy.repository';

/** The hash the first record ever chains from (functions/access-records.sql). */
export const GENESIS_HASH = '0'.repeat(64);
const BATCH = 2000;

/**
 * A record's content as functions/access-records.sql hashes it: jsonb's text of an array of every
 * value as text (`["1", "1", "2027-…Z", null, …]`). Rebuilt here, not asked of the database, so a
 * replaced database function cannot vouch for a changed record.
 */
export function accessRecordContent(r: ChainedAccessRecord): string {
  const values = [
    r.id,
    r.chainSeq,
    r.accessedAt,
    r.actorId,
    r.actorName,
    r.actorRole,
    r.target,
    r.outcome,
    r.appointmentId,
    r.subjectEmail,
    r.subjectName,
    r.address,
    r.recordsRemoved,
    r.chainResumesFrom,
  ];
  return `[${values.map((v) => (v === null ? 'null' : JSON.stringify(v))).join(', ')}]`;
}

export function accessRecordHash(r: ChainedAccessRecord): string {
  return createHash('sha256')
    .update((r.prevHash ?? '') + accessRecordContent(r), 'utf8')
    .digest('hex');
}

type Break = { id: number | null; accessedAt: string | null; reason: AccessLogBreak };

function broken(b: Break, checked: number, head: string): AccessLogVerification {
  const message =
    b.reason === 'END_REMOVED'
      ? PRIVACY_TEXT.accessLogBroken.END_REMOVED(b.id)
      : PRIVACY_TEXT.accessLogBroken[b.reason](b.id!);
  return { intact: false, checked, head, broken: b, message };
}

const at = (r: ChainedAccessRecord): Break => ({ id: Number(r.id), accessedAt: r.accessedAt, reason: 'CHANGED' });

/**
 * GET /api/privacy/access-log/verify and `npm run access-log:verify` (issue 34): walks the chain from
 * its oldest kept record to the head the database holds and names the first record where it breaks.
 * The oldest kept record chains from the start, or from where the latest retention purge said it cut.
 */
export async function verifyAccessLog(deps: { db: Db }): Promise<AccessLogVerification> {
  const head = await accessLogHead(deps.db);
  let checked = 0;
  let first: ChainedAccessRecord | undefined;
  let last: ChainedAccessRecord | undefined;
  let resumesFrom: string | null = null;
  let found: Break | undefined;
  for (let after = 0; !found;) {
    const rows = await chainedAccessRecords(deps.db, after, head.seq, BATCH);
    for (const r of rows) {
      checked += 1;
      if (accessRecordHash(r) !== r.hash) found ??= at(r);
      else if (last && (Number(r.chainSeq) !== Number(last.chainSeq) + 1 || r.prevHash !== last.hash))
        found ??= { ...at(r), reason: 'MISSING_BEFORE' };
      if (r.outcome === 'PURGED') resumesFrom = r.chainResumesFrom;
      first ??= r;
      last = r;
      if (found) break;
    }
    if (rows.length < BATCH) break;
    after = Number(last!.chainSeq);
  }
  // Known once the whole chain was read: where the latest purge said the kept records begin.
  if (!found && first && first.prevHash !== GENESIS_HASH && first.prevHash !== resumesFrom)
    found = { ...at(first), reason: 'START_REMOVED' };
  if (!found && (last ? Number(last.chainSeq) !== head.seq || last.hash !== head.hash : head.seq !== 0))
    found = { id: last ? Number(last.id) : null, accessedAt: last?.accessedAt ?? null, reason: 'END_REMOVED' };
  if (!found) {
    const unchained = await firstUnchainedAccessRecord(deps.db);
    if (unchained) found = { id: unchained.id, accessedAt: unchained.accessedAt.toISOString(), reason: 'NOT_CHAINED' };
  }
  if (found) return broken(found, checked, head.hash);
  return { intact: true, checked, head: head.hash, broken: null, message: PRIVACY_TEXT.accessLogIntact(checked) };
}

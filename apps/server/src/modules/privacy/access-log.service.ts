import {
  ACCESS_OUTCOME_LABELS,
  ACCESS_TARGET_LABELS,
  toPage,
  type AccessLogPage,
  type AccessLogQuery,
  type AccessOutcome,
  type AccessRecord,
  type AccessTarget,
  type Role,
  type FHIR_CLIENT_ACTOR,
} from '@clinic/shared';
import type { AccessRecordRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { CSV_BOM, csvRow } from '../../lib/csv';
import { allAccessRecords, insertAccessRecords, listAccessRecords } from './privacy.repository';

/**
 * Who read whose health data (issue 26). A record is written for every back-office read of a
 * person's health data and every refused attempt, at the route (plugins/access-log.ts), so a read
 * answered from memory is recorded too. The database refuses to change or delete a record.
 */

export type AccessEvent = {
  /** A back-office user, or an outside system reading through FHIR (id null, its name, FHIR_CLIENT). */
  actor: { id: number | null; username: string; role: Role | typeof FHIR_CLIENT_ACTOR };
  target: AccessTarget;
  outcome: AccessOutcome;
  appointmentId?: number | null;
  subjectEmail?: string | null;
  /** Her name where it was read (a care plan's), before the appointment's or the e-mail's. */
  subjectName?: string | null;
  address: string | null;
};

export async function recordAccess(deps: Pick<AppDeps, 'db' | 'clock'>, e: AccessEvent): Promise<void> {
  await recordAccesses(deps, [e]);
}

/** Several reads answered at once (a FHIR search's page): one record each, written together. */
export async function recordAccesses(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  events: readonly AccessEvent[],
): Promise<void> {
  const accessedAt = deps.clock.now();
  await insertAccessRecords(
    deps.db,
    events.map((e) => ({
      accessedAt,
      actorId: e.actor.id,
      actorName: e.actor.username,
      actorRole: e.actor.role,
      target: e.target,
      outcome: e.outcome,
      appointmentId: e.appointmentId ?? null,
      subjectEmail: e.subjectEmail?.toLowerCase() ?? null,
      subjectName: e.subjectName ?? null,
      address: e.address,
    })),
  );
}

function toDto(r: AccessRecordRow): AccessRecord {
  return {
    id: r.id,
    accessedAt: r.accessedAt.toISOString(),
    actorId: r.actorId,
    actorName: r.actorName,
    actorRole: r.actorRole as AccessRecord['actorRole'],
    target: r.target,
    outcome: r.outcome,
    appointmentId: r.appointmentId,
    subjectEmail: r.subjectEmail,
    subjectName: r.subjectName,
    address: r.address,
  };
}

/** GET /api/privacy/access-log: a person's log (her e-mail, or one appointment), newest first. */
export async function accessLog(deps: Pick<AppDeps, 'db'>, q: AccessLogQuery): Promise<AccessLogPage> {
  const { rows, total } = await listAccessRecords(deps.db, q, q.page, q.size);
  return toPage(rows.map(toDto), total, q.page, q.size);
}

/** GET /api/privacy/access-log/export: the same log as CSV (UTF-8 with BOM), streamed. */
export async function* accessLogCsv(deps: Pick<AppDeps, 'db'>, q: AccessLogQuery): AsyncGenerator<string> {
  yield (
    CSV_BOM +
    csvRow(['Thời điểm', 'Người xem', 'Vai trò', 'Nội dung', 'Kết quả', 'Mã lịch hẹn', 'Email', 'Họ tên', 'Địa chỉ IP'])
  );
  for await (const r of allAccessRecords(deps.db, q)) {
    yield csvRow([
      r.accessedAt.toISOString(),
      r.actorName,
      r.actorRole,
      ACCESS_TARGET_LABELS[r.target],
      ACCESS_OUTCOME_LABELS[r.outcome],
      r.appointmentId,
      r.subjectEmail,
      r.subjectName,
      r.address,
    ]);
  }
}

import { purgeIdempotencyKeys } from '../idempotency/idempotency.service';
import { addDays, addYears, clinicMoment } from '@clinic/shared';
import type { AppDeps } from '../../deps';
import { forgetPastWaitingLists } from '../appointments/waiting-list/waiting-list-offers.service';
import { deidentifyPastPlans } from '../care-plans/care-plans-privacy.service';
import { clearEmailBodies, purgeEmails } from '../email/email.service';
import { clearMessageData, purgeMessages } from '../messaging/messaging.service';
import { deidentifyAppointments, ERASED_NAME, purgeAccessRecords, unvisitedBookingsBefore } from './privacy.repository';

/** What one run of the retention job removed (it logs this). */
export type RetentionRun = {
  messageBodiesCleared: number;
  messagesRemoved: number;
  waitingEntriesRemoved: number;
  bookingsDeidentified: number;
  /** Care plans past their period (issue 37): she is taken off them, as off a booking. */
  carePlansDeidentified: number;
  accessRecordsRemoved: number;
  /** Answers kept for an Idempotency-Key (issue 25), after IDEMPOTENCY_KEEP_HOURS. */
  savedAnswersRemoved: number;
};

const DAY_MS = 86_400_000;
/** What a plan's reasons written about her (a stop's, a skip's) become once it is past its period. */
export const PAST_RETENTION_REASON = 'Đã xóa khi hết thời hạn lưu trữ';

/**
 * Nothing is kept longer than the privacy notice says (config.privacy.retention, stated on the
 * notice): a sent message's copy loses its body, then goes; a past slot's waiting list goes; a booking
 * that never became a visit loses its person's details (the row stays for the counts); an access
 * record goes after its period (never within a year: the database holds that); a care plan loses its
 * person's details after a booking's period when none of its visits took place, else after the medical
 * record's. Medical records (completed visits) are not touched here: they are kept for medicalRecordYears.
 */
export async function applyRetention(
  deps: Pick<AppDeps, 'db' | 'clock' | 'timeZone' | 'config'>,
): Promise<RetentionRun> {
  const now = deps.clock.now();
  const r = deps.config.privacy.retention;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const today = clinicMoment(now, deps.timeZone).date;
  // E-mails and phone messages (Zalo, SMS) alike: the same periods, counted together.
  const messageBodiesCleared =
    (await clearEmailBodies(deps.db, ago(r.messageBodyDays))) +
    (await clearMessageData(deps.db, ago(r.messageBodyDays)));
  const messagesRemoved =
    (await purgeEmails(deps.db, ago(r.messageDays))) + (await purgeMessages(deps.db, ago(r.messageDays)));
  const waitingEntriesRemoved = await forgetPastWaitingLists(deps, r.waitingListDays);
  const bookingsDeidentified = await deps.db.transaction(async (tx) =>
    deidentifyAppointments(tx, await unvisitedBookingsBefore(tx, addDays(today, -r.unvisitedBookingDays)), now),
  );
  const carePlansDeidentified = await deidentifyPastPlans(
    deps,
    {
      today,
      medicalBefore: addYears(today, -r.medicalRecordYears),
      unvisitedBefore: addDays(today, -r.unvisitedBookingDays),
      timeZone: deps.timeZone,
    },
    { name: ERASED_NAME, reason: PAST_RETENTION_REASON },
    now,
  );
  const accessRecordsRemoved = await purgeAccessRecords(deps.db, ago(r.accessLogDays), now);
  const savedAnswersRemoved = await purgeIdempotencyKeys(deps);
  return {
    messageBodiesCleared,
    messagesRemoved,
    waitingEntriesRemoved,
    bookingsDeidentified,
    carePlansDeidentified,
    accessRecordsRemoved,
    savedAnswersRemoved,
  };
}

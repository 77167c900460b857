import { addDays, clinicMoment, UPCOMING_STATUSES } from '@clinic/shared';
import { reminderEmail } from '../../email/email.service';
import type { AppointmentDeps } from '../appointment-access';
import { mailDataOfView } from '../appointment-mail';
import { appointmentViewsByIds } from '../appointments.repository';
import { claimReminders } from './reminders.repository';
import { enqueueNotifications } from '../../notifications/notifications.service';

export type ReminderDeps = AppointmentDeps;

/**
 * The day-before reminder (docs/PRODUCT.md §7): tomorrow's appointments, in the clinic's zone,
 * not yet reminded, get their e-mail queued and reminderSent set, in one transaction. The claim is
 * one UPDATE ... WHERE reminder_sent = false RETURNING, so two processes never remind twice.
 */
export async function queueDayBeforeReminders(deps: ReminderDeps): Promise<{ date: string; queued: number }> {
  const now = deps.clock.now();
  const date = addDays(clinicMoment(now, deps.timeZone).date, 1);
  const queued = await deps.db.transaction(async (tx) => {
    const ids = await claimReminders(tx, date, UPCOMING_STATUSES);
    const views = await appointmentViewsByIds(tx, ids);
    const emails = views.flatMap((v) => {
      const data = mailDataOfView(v);
      return data ? [reminderEmail(data)] : [];
    });
    await enqueueNotifications(tx, emails, now);
    return emails.length;
  });
  return { date, queued };
}

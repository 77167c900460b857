import {
  canCancel,
  myAppointmentsTab,
  type Appointment,
  type AppointmentStatus,
  type MyAppointmentsTab,
} from '@clinic/shared';

export const MY_APPOINTMENTS_TABS: ReadonlyArray<{ value: MyAppointmentsTab; label: string }> = [
  { value: 'all', label: 'Tất cả' },
  { value: 'upcoming', label: 'Sắp tới' },
  { value: 'completed', label: 'Đã hoàn thành' },
  { value: 'cancelled', label: 'Đã hủy' },
];

/**
 * Which tabs an appointment is listed under besides 'Tất cả': upcoming is still open and not on a
 * past day; cancelled includes no-shows (specification section 2). An open one whose day has
 * passed is only under 'Tất cả'.
 */
export function isInTab(
  appointment: Pick<Appointment, 'status' | 'appointmentDate'>,
  tab: MyAppointmentsTab,
  today: string,
): boolean {
  if (tab === 'all') return true;
  const group = myAppointmentsTab(appointment.status);
  if (tab === 'upcoming') return group === 'upcoming' && appointment.appointmentDate >= today;
  return group === tab;
}

const byDateTime = (a: Appointment) => `${a.appointmentDate} ${a.appointmentTime}`;

/** The tab's appointments: upcoming ones nearest first, every other tab newest first. */
export function appointmentsInTab(
  appointments: readonly Appointment[],
  tab: MyAppointmentsTab,
  today: string,
): Appointment[] {
  const list = appointments.filter((a) => isInTab(a, tab, today));
  return tab === 'upcoming'
    ? list.sort((a, b) => byDateTime(a).localeCompare(byDateTime(b)))
    : list.sort((a, b) => byDateTime(b).localeCompare(byDateTime(a)));
}

export function countByTab(appointments: readonly Appointment[], today: string): Record<MyAppointmentsTab, number> {
  const counts: Record<MyAppointmentsTab, number> = { all: 0, upcoming: 0, completed: 0, cancelled: 0 };
  for (const tab of MY_APPOINTMENTS_TABS)
    counts[tab.value] = appointments.filter((a) => isInTab(a, tab.value, today)).length;
  return counts;
}

/** The server's rule (state machine): the owner may cancel only while it waits for the clinic or the doctor. */
export function patientMayCancel(status: AppointmentStatus): boolean {
  return canCancel(status, { role: 'PATIENT', isOwner: true });
}

import type { Appointment } from '@clinic/shared';

/** The department's display name; the code when the clinic no longer has it. */
export function departmentLabel(appointment: Pick<Appointment, 'department' | 'departmentName'>): string {
  return appointment.departmentName || appointment.department;
}

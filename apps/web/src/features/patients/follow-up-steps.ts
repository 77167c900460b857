import { isSunday, workingDayFrom } from '@clinic/shared';

/** A calendar date (YYYY-MM-DD) moved by days or months; a month's end stays inside the shorter month. */
function shiftDate(date: string, days: number, months = 0): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  const moved = new Date(Date.UTC(y, m - 1 + months, Math.min(d, last) + days));
  return moved.toISOString().slice(0, 10);
}

/** The follow-up dates a doctor gives most, counted from today (issue 25). */
export const FOLLOW_UP_STEPS = [
  { label: '+1 tuần', from: (today: string) => shiftDate(today, 7) },
  { label: '+2 tuần', from: (today: string) => shiftDate(today, 14) },
  { label: '+1 tháng', from: (today: string) => shiftDate(today, 0, 1) },
] as const;

export type FollowUpStep = (typeof FOLLOW_UP_STEPS)[number];

/**
 * The date a quick step gives: the step from today, or, when that is a day the clinic is closed (a
 * Sunday), the next working day, with the date it was moved from so the screen can say so (issue 35).
 */
export function followUpStepDate(step: FollowUpStep, today: string): { date: string; movedFrom: string | null } {
  const counted = step.from(today);
  return isSunday(counted) ? { date: workingDayFrom(counted), movedFrom: counted } : { date: counted, movedFrom: null };
}

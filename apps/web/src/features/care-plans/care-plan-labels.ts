import {
  CARE_PLAN_MSG,
  DEPARTMENTS,
  formatDate,
  type CarePlanStatus,
  type DepartmentCode,
  type PlanVisitState,
} from '@clinic/shared';
import type { BadgeTone } from '@/components/ui/badge';

export const CARE_PLANS_TITLE = 'Kế hoạch chăm sóc';
export const TEMPLATES_TITLE = 'Mẫu kế hoạch chăm sóc';

export const STATUS_TONES: Record<CarePlanStatus, BadgeTone> = {
  ACTIVE: 'brand',
  STOPPED: 'neutral',
  COMPLETED: 'success',
};

export const VISIT_STATE_TONES: Record<PlanVisitState, BadgeTone> = {
  DONE: 'success',
  BOOKED: 'info',
  TO_BOOK: 'warning',
  MISSED: 'danger',
  SKIPPED: 'neutral',
};

export const statusText = (status: CarePlanStatus) => CARE_PLAN_MSG.statuses[status];
export const visitStateText = (state: PlanVisitState) => CARE_PLAN_MSG.visitStates[state];

/** A visit's window as the screens say it: "05/03/2026 – 19/03/2026". */
export function windowDates(start: string, end: string): string {
  return start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;
}

export function departmentName(code: DepartmentCode): string {
  return DEPARTMENTS.find((d) => d.code === code)?.departmentName ?? code;
}

/** Her preferred weekday: 1 Monday … 6 Saturday (the clinic is closed on Sundays). */
export const WEEKDAYS = [
  { value: 1, label: 'Thứ Hai' },
  { value: 2, label: 'Thứ Ba' },
  { value: 3, label: 'Thứ Tư' },
  { value: 4, label: 'Thứ Năm' },
  { value: 5, label: 'Thứ Sáu' },
  { value: 6, label: 'Thứ Bảy' },
] as const;

export const DAY_PARTS = [
  { value: 'MORNING', label: 'Buổi sáng' },
  { value: 'AFTERNOON', label: 'Buổi chiều' },
] as const;

/** A tel: link of a Vietnamese phone number as staff typed it. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

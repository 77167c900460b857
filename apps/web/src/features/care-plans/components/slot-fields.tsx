import { checkDeskSlotRules, planDayText, TIME_SLOTS, type CarePlanAnchor, type ProposedVisit } from '@clinic/shared';
import { FormField, Input, inputClasses } from '@/components/ui/form-field';
import { windowDates } from '../care-plan-labels';

export type SlotChoice = { date: string; time: string };

/** The part of a window that can still be booked from `today`, or null when it has passed. */
export function bookableDates(visit: Pick<ProposedVisit, 'windowStart' | 'windowEnd'>, today: string) {
  const from = visit.windowStart > today ? visit.windowStart : today;
  return from <= visit.windowEnd ? { from, to: visit.windowEnd } : null;
}

/** Why a chosen slot cannot be sent: none, outside the window, or a time already gone. */
export function slotProblem(
  visit: Pick<ProposedVisit, 'windowStart' | 'windowEnd'>,
  choice: SlotChoice,
  now: Date,
  zone: string,
): string | null {
  if (!choice.date || !choice.time) return 'Vui lòng chọn ngày và giờ khám';
  if (choice.date < visit.windowStart || choice.date > visit.windowEnd)
    return `Ngày hẹn phải trong khoảng ${windowDates(visit.windowStart, visit.windowEnd)}`;
  return checkDeskSlotRules(choice.date, choice.time, now, zone)?.message ?? null;
}

/**
 * A visit's date and time, editable inside its window: the date field cannot leave the window, the
 * times are the clinic's slots still ahead, and where she will be that day is said under it.
 */
export function SlotFields({
  idPrefix,
  visitLabel,
  visit,
  value,
  onChange,
  error,
  anchor,
  anchorDate,
  today,
  now,
  zone,
}: {
  idPrefix: string;
  visitLabel: string;
  visit: Pick<ProposedVisit, 'windowStart' | 'windowEnd'>;
  value: SlotChoice;
  onChange: (value: SlotChoice) => void;
  error?: string | undefined;
  anchor: CarePlanAnchor;
  anchorDate: string;
  today: string;
  now: Date;
  zone: string;
}) {
  const range = bookableDates(visit, today);
  const times = value.date ? TIME_SLOTS.filter((slot) => checkDeskSlotRules(value.date, slot, now, zone) === null) : [];
  const dayText = value.date && anchorDate ? planDayText(anchor, anchorDate, value.date) : undefined;
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,9rem)]">
      <FormField id={`${idPrefix}-date`} label={`Ngày khám – ${visitLabel}`} error={error} hint={dayText}>
        {(c) => (
          <Input
            {...c}
            type="date"
            min={range?.from}
            max={range?.to}
            value={value.date}
            onChange={(e) => onChange({ date: e.target.value, time: value.time })}
          />
        )}
      </FormField>
      <FormField id={`${idPrefix}-time`} label={`Giờ khám – ${visitLabel}`}>
        {(c) => (
          <select
            {...c}
            aria-invalid={error ? true : undefined}
            className={inputClasses}
            value={value.time}
            onChange={(e) => onChange({ date: value.date, time: e.target.value })}
          >
            <option value="">Chọn giờ...</option>
            {/* The chosen time stays listed even when the day no longer offers it, so it is never changed silently. */}
            {value.time && !times.includes(value.time as (typeof times)[number]) && (
              <option value={value.time}>{value.time}</option>
            )}
            {times.map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </div>
  );
}

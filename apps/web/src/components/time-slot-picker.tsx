import type { Ref } from 'react';
import { SLOT_SESSIONS, TIME_SLOTS, type TimeSlot } from '@clinic/shared';
import { cn } from '@/lib/cn';

type TimeSlotPickerProps = {
  name: string;
  /** The group's name ('Giờ khám' unless said). */
  legend?: string;
  /** The slots offered for the chosen date; the others are not shown. */
  slots: readonly TimeSlot[];
  value: string;
  onChange: (slot: TimeSlot) => void;
  onBlur?: () => void;
  /** Shown instead of the grid when nothing can be offered (no date yet, none left today). */
  emptyMessage: string | null;
  error?: string | undefined;
  invalid?: boolean;
  /** Ids of texts outside the picker that explain it (the form's missing-fields alert). */
  describedBy?: string | undefined;
  /** Receives the first radio, so the form can move focus here. */
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * The clinic's half-hour slots as one group of radio buttons drawn as tiles: Tab reaches the group,
 * the arrow keys move between times, and a screen reader hears "08:30, radio button, 3 of 12".
 */
export function TimeSlotPicker({
  name,
  legend = 'Giờ khám',
  slots,
  value,
  onChange,
  onBlur,
  emptyMessage,
  error,
  invalid,
  describedBy,
  inputRef,
}: TimeSlotPickerProps) {
  const legendId = `${name}-legend`;
  const errorId = `${name}-error`;
  const emptyId = `${name}-empty`;
  const describedByIds =
    [describedBy, error ? errorId : null, emptyMessage ? emptyId : null].filter(Boolean).join(' ') || undefined;
  const groups = SLOT_SESSIONS.map((session) => ({
    label: session.label,
    slots: TIME_SLOTS.filter((s) => s >= session.from && s <= session.to && slots.includes(s)),
  })).filter((group) => group.slots.length > 0);
  const firstSlot = groups[0]?.slots[0];

  return (
    <fieldset
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={describedByIds}
      aria-invalid={invalid || error ? true : undefined}
      aria-required="true"
      className="min-w-0 space-y-3"
    >
      <legend
        id={legendId}
        className="mb-2 block text-sm font-medium text-slate-800 after:ml-0.5 after:text-red-700 after:content-['*']"
      >
        {legend}
      </legend>

      {emptyMessage ? (
        <p
          id={emptyId}
          className={cn(
            'rounded-lg border border-dashed px-3 py-3 text-sm',
            invalid ? 'border-red-300 bg-red-50 text-red-800' : 'border-slate-300 bg-slate-50 text-slate-600',
          )}
        >
          {emptyMessage}
        </p>
      ) : (
        groups.map((group) => (
          <div key={group.label}>
            <p className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">{group.label}</p>
            <div className="grid grid-cols-4 gap-2">
              {group.slots.map((slot) => {
                const checked = value === slot;
                return (
                  <label key={slot} className="relative block">
                    <input
                      ref={slot === firstSlot ? inputRef : undefined}
                      type="radio"
                      name={name}
                      value={slot}
                      checked={checked}
                      onChange={() => onChange(slot)}
                      onBlur={onBlur}
                      className="peer sr-only"
                    />
                    <span
                      className={cn(
                        'flex min-h-11 cursor-pointer items-center justify-center rounded-lg border text-sm font-semibold tabular-nums transition-colors',
                        'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
                        checked
                          ? 'border-brand-700 bg-brand-700 text-white shadow-sm'
                          : cn(
                              'bg-white text-slate-800 hover:border-brand-600 hover:bg-brand-50',
                              invalid || error ? 'border-red-400' : 'border-slate-300',
                            ),
                      )}
                    >
                      {slot}
                    </span>
                  </label>
                );
              })}
            </div>
          </div>
        ))
      )}

      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

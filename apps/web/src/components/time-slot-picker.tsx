import type { Ref } from 'react';
import { FEW_PLACES_LEFT, SLOT_SESSIONS, TIME_SLOTS, type TimeSlot } from '@clinic/shared';
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
  /** Said above the tiles (what they are before a date is chosen). */
  hint?: string | null;
  error?: string | undefined;
  invalid?: boolean;
  /** Ids of texts outside the picker that explain it (the form's missing-fields alert). */
  describedBy?: string | undefined;
  /** Receives the first radio, so the form can move focus here. */
  inputRef?: Ref<HTMLInputElement>;
  /** The places left per slot time, from the server (GET /api/appointments/public/slots); a tile without one says nothing of places. */
  places?: ReadonlyMap<string, number> | undefined;
  /**
   * A full slot can still be chosen (the public form then offers its waiting list); otherwise a
   * full tile is disabled, unless it is the time already chosen.
   */
  fullChoosable?: boolean;
};

/** What a tile says of its places: 'Đã đầy', 'Còn 2 chỗ', or nothing while plenty are left or nothing is known. */
export function placesNote(remaining: number | undefined): { full: boolean; text: string } | null {
  if (remaining === undefined) return null;
  if (remaining <= 0) return { full: true, text: 'Đã đầy' };
  if (remaining <= FEW_PLACES_LEFT) return { full: false, text: `Còn ${remaining} chỗ` };
  return null;
}

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
  hint,
  error,
  invalid,
  describedBy,
  inputRef,
  places,
  fullChoosable = false,
}: TimeSlotPickerProps) {
  const legendId = `${name}-legend`;
  const errorId = `${name}-error`;
  const emptyId = `${name}-empty`;
  const hintId = `${name}-hint`;
  const describedByIds =
    [describedBy, hint ? hintId : null, error ? errorId : null, emptyMessage ? emptyId : null]
      .filter(Boolean)
      .join(' ') || undefined;
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
      {hint && (
        <p id={hintId} className="-mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}

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
                const note = placesNote(places?.get(slot));
                const disabled = !!note?.full && !fullChoosable && !checked;
                return (
                  <label key={slot} className="relative block">
                    <input
                      ref={slot === firstSlot ? inputRef : undefined}
                      type="radio"
                      name={name}
                      value={slot}
                      checked={checked}
                      disabled={disabled}
                      // The time and what is left of it, read as one name ('09:00, Đã đầy').
                      aria-label={
                        note
                          ? `${slot}, ${note.text}${note.full && fullChoosable ? ', có thể đăng ký danh sách chờ' : ''}`
                          : undefined
                      }
                      onChange={() => onChange(slot)}
                      onBlur={onBlur}
                      className="peer sr-only"
                    />
                    <span
                      className={cn(
                        'flex min-h-11 flex-col items-center justify-center rounded-lg border text-sm font-semibold tabular-nums transition-colors',
                        'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600',
                        disabled
                          ? 'cursor-not-allowed border-dashed border-slate-300 bg-slate-100 text-slate-600'
                          : note?.full && !checked
                            ? 'cursor-pointer border-dashed border-slate-400 bg-slate-100 text-slate-700 hover:border-brand-600'
                            : checked
                              ? 'cursor-pointer border-brand-700 bg-brand-700 text-white shadow-sm'
                              : cn(
                                  'cursor-pointer bg-white text-slate-800 hover:border-brand-600 hover:bg-brand-50',
                                  invalid || error ? 'border-red-400' : 'border-slate-300',
                                ),
                      )}
                    >
                      {slot}
                      {note && (
                        <span
                          aria-hidden="true"
                          className={cn(
                            'text-[0.7rem] leading-tight font-medium',
                            checked ? 'text-white' : note.full ? 'text-slate-600' : 'text-amber-800',
                          )}
                        >
                          {note.text}
                        </span>
                      )}
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

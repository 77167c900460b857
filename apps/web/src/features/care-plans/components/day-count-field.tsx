import type { CarePlanAnchor } from '@clinic/shared';
import { Input } from '@/components/ui/form-field';

export const PREGNANCY_ANCHORS: readonly CarePlanAnchor[] = ['LMP', 'EDD'];

/** The unit a day count is entered in: weeks and days of pregnancy, else days. */
export const countsInWeeks = (anchor: CarePlanAnchor) => PREGNANCY_ANCHORS.includes(anchor);

/**
 * A day of the anchor's counting: for a pregnancy two boxes, weeks and days ("tuần 11 + 0 ngày"),
 * else one box of days. `value` is the count in days, NaN when empty.
 */
export function DayCountField({
  id,
  label,
  anchor,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  label: string;
  anchor: CarePlanAnchor;
  value: number;
  onChange: (days: number) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
}) {
  const empty = Number.isNaN(value);
  if (!countsInWeeks(anchor))
    return (
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          {label} ({anchor === 'CYCLE_START' ? 'ngày của chu kỳ' : 'ngày sau khi thực hiện'})
        </label>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          value={empty ? '' : value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
        />
      </div>
    );
  const weeks = empty ? '' : Math.floor(value / 7);
  const days = empty ? '' : value % 7;
  const set = (w: string, d: string) =>
    onChange(w === '' && d === '' ? Number.NaN : Number(w || 0) * 7 + Number(d || 0));
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="mb-1 block text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-weeks`} className="sr-only">
          {label}: tuần
        </label>
        <Input
          id={`${id}-weeks`}
          type="number"
          inputMode="numeric"
          min={0}
          max={104}
          className="w-20"
          value={weeks}
          aria-invalid={invalid || undefined}
          onChange={(e) => set(e.target.value, String(days))}
        />
        <span aria-hidden="true" className="text-sm text-slate-700">
          tuần +
        </span>
        <label htmlFor={`${id}-days`} className="sr-only">
          {label}: ngày
        </label>
        <Input
          id={`${id}-days`}
          type="number"
          inputMode="numeric"
          min={0}
          max={6}
          className="w-16"
          value={days}
          aria-invalid={invalid || undefined}
          onChange={(e) => set(String(weeks), e.target.value)}
        />
        <span aria-hidden="true" className="text-sm text-slate-700">
          ngày
        </span>
      </div>
    </fieldset>
  );
}

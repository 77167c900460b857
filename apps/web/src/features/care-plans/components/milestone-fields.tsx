import {
  DEPARTMENTS,
  milestoneTemplateSchema,
  windowText,
  type CarePlanAnchor,
  type DepartmentCode,
  type MilestoneTemplate,
} from '@clinic/shared';
import { FieldMessages, FormField, Input, inputClasses } from '@/components/ui/form-field';
import { DayCountField } from './day-count-field';

/** A milestone as its inputs hold it: an empty number is NaN, the repeat a box to tick. */
export type MilestoneValues = {
  key: string;
  label: string;
  department: DepartmentCode | '';
  from: number;
  to: number;
  repeatOn: boolean;
  fromStep: number;
  toStep: number;
  times: number;
};
export type MilestoneErrors = Partial<Record<'key' | 'label' | 'department' | 'from' | 'to' | 'repeat', string>>;

export const emptyMilestone = (department: DepartmentCode | '' = ''): MilestoneValues => ({
  key: '',
  label: '',
  department,
  from: Number.NaN,
  to: Number.NaN,
  repeatOn: false,
  fromStep: Number.NaN,
  toStep: Number.NaN,
  times: 2,
});

export function milestoneValuesOf(m: MilestoneTemplate): MilestoneValues {
  return {
    key: m.key,
    label: m.label,
    department: m.department,
    from: m.from,
    to: m.to,
    repeatOn: !!m.repeat,
    fromStep: m.repeat?.fromStep ?? Number.NaN,
    toStep: m.repeat?.toStep ?? Number.NaN,
    times: m.repeat?.times ?? 2,
  };
}

const numberOrNothing = (n: number) => (Number.isNaN(n) ? undefined : n);

/** A repeat's three numbers, one input each; their errors are the repeat's, under them. */
const REPEAT_FIELDS = [
  { field: 'fromStep', id: 'from-step', label: 'Mỗi lần sau bắt đầu muộn hơn (ngày)', min: 1, max: undefined },
  { field: 'toStep', id: 'to-step', label: 'Mỗi lần sau kết thúc muộn hơn (ngày)', min: 1, max: undefined },
  { field: 'times', id: 'times', label: 'Số lần', min: 2, max: 12 },
] as const;

/** What the call is sent: the shared milestone's shape. */
export function milestoneInput(v: MilestoneValues) {
  return {
    key: v.key,
    label: v.label,
    department: v.department || undefined,
    from: numberOrNothing(v.from),
    to: numberOrNothing(v.to),
    repeat: v.repeatOn
      ? { fromStep: numberOrNothing(v.fromStep), toStep: numberOrNothing(v.toStep), times: numberOrNothing(v.times) }
      : undefined,
  };
}

/** The window as the template will say it, once the numbers make one. */
export function previewText(anchor: CarePlanAnchor, v: MilestoneValues): string | null {
  const parsed = milestoneTemplateSchema.safeParse(milestoneInput(v));
  return parsed.success ? windowText(anchor, parsed.data) : null;
}

/** The inputs of one milestone: its key, label, department, window in the anchor's counting and repeat. */
export function MilestoneFields({
  idPrefix,
  anchor,
  value,
  errors,
  onChange,
}: {
  idPrefix: string;
  anchor: CarePlanAnchor;
  value: MilestoneValues;
  errors: MilestoneErrors;
  onChange: (next: MilestoneValues) => void;
}) {
  const set = <K extends keyof MilestoneValues>(key: K, v: MilestoneValues[K]) => onChange({ ...value, [key]: v });
  const preview = previewText(anchor, value);
  const windowError = errors.from ?? errors.to;
  const windowErrorId = windowError ? `${idPrefix}-window-error` : undefined;
  const repeatErrorId = errors.repeat ? `${idPrefix}-repeat-error` : undefined;
  return (
    <div className="space-y-3">
      <div className="grid gap-3 md:grid-cols-3">
        <FormField id={`${idPrefix}-label`} label="Tên mốc" required error={errors.label}>
          {(c) => <Input {...c} maxLength={120} value={value.label} onChange={(e) => set('label', e.target.value)} />}
        </FormField>
        <FormField
          id={`${idPrefix}-key`}
          label="Mã mốc"
          required
          error={errors.key}
          hint="Chữ thường không dấu, số, gạch nối"
        >
          {(c) => <Input {...c} maxLength={40} value={value.key} onChange={(e) => set('key', e.target.value)} />}
        </FormField>
        <FormField id={`${idPrefix}-department`} label="Khoa khám" required error={errors.department}>
          {(c) => (
            <select
              {...c}
              className={inputClasses}
              value={value.department}
              onChange={(e) => set('department', e.target.value as DepartmentCode)}
            >
              <option value="">Chọn khoa...</option>
              {DEPARTMENTS.map((d) => (
                <option key={d.code} value={d.code}>
                  {d.departmentName}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <DayCountField
          id={`${idPrefix}-from`}
          label="Từ"
          anchor={anchor}
          value={value.from}
          onChange={(n) => set('from', n)}
          invalid={!!errors.from}
          describedBy={windowErrorId}
        />
        <DayCountField
          id={`${idPrefix}-to`}
          label="Đến"
          anchor={anchor}
          value={value.to}
          onChange={(n) => set('to', n)}
          invalid={!!errors.to}
          describedBy={windowErrorId}
        />
      </div>
      <FieldMessages error={windowError} errorId={windowErrorId} />
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={value.repeatOn}
          onChange={(e) => set('repeatOn', e.target.checked)}
          className="size-4 accent-brand-700"
        />
        Lặp lại nhiều lần
      </label>
      {value.repeatOn && (
        <div className="grid gap-3 md:grid-cols-3">
          {REPEAT_FIELDS.map((f) => (
            <FormField key={f.field} id={`${idPrefix}-${f.id}`} label={f.label}>
              {(c) => (
                <Input
                  {...c}
                  type="number"
                  min={f.min}
                  max={f.max}
                  aria-invalid={errors.repeat ? true : undefined}
                  aria-describedby={repeatErrorId}
                  value={Number.isNaN(value[f.field]) ? '' : value[f.field]}
                  onChange={(e) => set(f.field, e.target.value === '' ? Number.NaN : Number(e.target.value))}
                />
              )}
            </FormField>
          ))}
          <div className="md:col-span-3">
            <FieldMessages error={errors.repeat} errorId={repeatErrorId} />
          </div>
        </div>
      )}
      <p className="text-sm text-slate-700" aria-live="polite">
        {preview ? `Khoảng thời gian: ${preview}` : 'Nhập khoảng thời gian để xem trước.'}
      </p>
    </div>
  );
}

/** The issues of a milestone's check, one per input (repeat's own fields under 'repeat'). */
export function milestoneErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: MilestoneErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'label') as keyof MilestoneErrors;
    errors[field] ??= issue.message;
  }
  return errors;
}

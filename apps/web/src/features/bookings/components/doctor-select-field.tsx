import { APPOINTMENT_MSG } from '@clinic/shared';
import { FormField, inputClasses } from '@/components/ui/form-field';

/**
 * The 'Bác sĩ' list of the assign windows (one booking or several): required, the choice focused
 * when the window opens, its error cleared as soon as a doctor is picked.
 */
export function DoctorSelectField({
  doctors,
  value,
  onChange,
  missing,
  hint,
}: {
  doctors: { id: number; label: string }[];
  value: string;
  onChange: (doctorId: string) => void;
  missing: boolean;
  hint: string;
}) {
  return (
    <FormField
      label="Bác sĩ"
      required
      error={missing && !value ? APPOINTMENT_MSG.doctorRequired : undefined}
      hint={hint}
    >
      {(c) => (
        <select
          {...c}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={inputClasses}
          data-autofocus
        >
          <option value="">Chọn bác sĩ...</option>
          {doctors.map((d) => (
            <option key={d.id} value={d.id}>
              {d.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

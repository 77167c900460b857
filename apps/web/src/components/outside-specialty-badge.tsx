import { DEPARTMENTS, outsideSpecialty, SPECIALTY_TEXT } from '@clinic/shared';
import { Badge } from '@/components/ui/badge';

/** A specialty's display name ("Bác sĩ đa khoa"), or its code when the clinic has no such department. */
export function specialtyNameOf(code: string | null | undefined): string | null {
  if (!code) return null;
  return DEPARTMENTS.find((d) => d.code === code)?.specialtyName ?? code;
}

/**
 * The mark of a visit outside a doctor's own specialty (issue 35), where the desk chooses him ('doctor')
 * and where he answers it ('you'); nothing when the visit is of his specialty or he has none.
 */
export function OutsideSpecialtyBadge({
  specialty,
  department,
  who,
}: {
  specialty: string | null | undefined;
  department: string;
  who: 'doctor' | 'you';
}) {
  if (!outsideSpecialty(specialty, department)) return null;
  // It may wrap: a phone's card gives the department half its width.
  return (
    <Badge tone="warning" className="whitespace-normal!">
      {who === 'you' ? SPECIALTY_TEXT.outsideYours : SPECIALTY_TEXT.outside}
    </Badge>
  );
}

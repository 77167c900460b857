import { useState } from 'react';
import {
  APPOINTMENT_LIMITS,
  APPOINTMENT_MSG,
  addDays,
  CITIZEN_ID_MSG,
  bookingWindow,
  checkDateRules,
  clinicMoment,
  deskAppointmentRequestSchema,
  deskSlots,
  formatLongDate,
  PRIVACY_TEXT,
  type TimeSlot,
} from '@clinic/shared';
import { usePublicDepartments } from '@/api/get-departments';
import { SlotAvailabilityNote, slotUnavailable } from '@/components/slot-availability-note';
import { useDayPlaces } from '@/api/get-day-places';
import { TimeSlotPicker } from '@/components/time-slot-picker';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CharCount } from '@/components/ui/char-count';
import { FormField, Input, Textarea, inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { closeWhenDone } from '@/lib/action-toast';
import { ApiError } from '@/lib/api-client';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { useBackOfficeErrorText } from '@/hooks/use-back-office-text';
import { useDeskAvailability } from '../api/check-desk-availability';
import { useCreateDeskAppointment } from '../api/create-desk-appointment';
import { useDoctors } from '../api/get-doctors';

/** A doctor of no specialty, of the department's, or of general practice may take it (specification section 5). */
const GENERAL_PRACTICE = 'GENERAL_PRACTICE';

type Values = {
  fullName: string;
  phone: string;
  email: string;
  citizenId: string;
  department: string;
  appointmentDate: string;
  appointmentTime: string;
  reason: string;
  doctorId: string;
  consentInPerson: boolean;
};
type Field = keyof Values;

/** Where the server's refusal belongs: next to the field it concerns. */
const FIELD_OF_CODE: Record<string, Field> = {
  SLOT_FULL: 'appointmentTime',
  PAST_TIME: 'appointmentTime',
  INVALID_TIME: 'appointmentTime',
  ALREADY_BOOKED: 'phone',
  PAST_DATE: 'appointmentDate',
  BEYOND_WINDOW: 'appointmentDate',
  SUNDAY_CLOSED: 'appointmentDate',
  DOCTOR_BUSY: 'doctorId',
  DOCTOR_INACTIVE: 'doctorId',
  DOCTOR_NOT_ELIGIBLE: 'doctorId',
};

const FORM_ID = 'desk-booking-form';

/**
 * 'Đặt lịch tại quầy' (docs/PRODUCT.md §11): staff book a walk-in or a phone call for the slot under
 * way or a later free one, an e-mail and her citizen identification number optional, the consent
 * asked in person, and optionally confirm it with a doctor at once.
 */
export function DeskBookingModal({ onClose }: { onClose: () => void }) {
  const zone = clinicTimeZone();
  const [now] = useState(() => new Date());
  const today = clinicMoment(now, zone).date;
  const departments = usePublicDepartments();
  const doctors = useDoctors();
  const create = useCreateDeskAppointment();
  const errorText = useBackOfficeErrorText();
  const [values, setValues] = useState<Values>({
    fullName: '',
    phone: '',
    email: '',
    citizenId: '',
    department: '',
    appointmentDate: today,
    appointmentTime: '',
    reason: '',
    doctorId: '',
    consentInPerson: false,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = <K extends Field>(field: K, value: Values[K]) => {
    setValues((v) => ({
      ...v,
      [field]: value,
      // A new date or department starts the time (and the doctor) again.
      ...(field === 'appointmentDate' ? { appointmentTime: '' } : {}),
      ...(field === 'department' ? { doctorId: '' } : {}),
    }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const date = values.appointmentDate;
  const dateIssue = date ? (checkDateRules(date, now, zone)?.message ?? null) : null;
  const slots: TimeSlot[] = date && !dateIssue ? deskSlots(date, now, zone) : [];
  const slotQuery =
    values.department && date && values.appointmentTime && !dateIssue
      ? { date, time: values.appointmentTime, department: values.department }
      : null;
  const availability = useDeskAvailability(slotQuery);
  // The places left in each slot of the day, so a full one says so before it is chosen.
  const places = useDayPlaces(values.department && date && !dateIssue ? { date, department: values.department } : null);
  const unavailable = slotQuery ? slotUnavailable(availability.data) : null;
  const candidates = (doctors.data ?? []).filter(
    (d) => !d.specialty || d.specialty === values.department || d.specialty === GENERAL_PRACTICE,
  );

  function submit() {
    setFormError(null);
    const parsed = deskAppointmentRequestSchema.safeParse({
      ...values,
      doctorId: values.doctorId ? Number(values.doctorId) : null,
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    if (unavailable) return setErrors({ appointmentTime: unavailable });
    create.mutate(parsed.data, {
      ...closeWhenDone(onClose),
      onError: (error) => {
        const field = error instanceof ApiError && error.code ? FIELD_OF_CODE[error.code] : undefined;
        const message = errorText(error, APPOINTMENT_MSG.bookingFailed);
        if (field) setErrors({ [field]: message });
        else setFormError(message);
      },
    });
  }

  const requiredMissing = Object.values(errors).some((m) => m === APPOINTMENT_MSG.requiredFields);
  const fieldError = (field: Field) => (errors[field] === APPOINTMENT_MSG.requiredFields ? undefined : errors[field]);
  const bounds = bookingWindow(now, zone);

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={create.isPending}
      size="lg"
      title="Đặt lịch tại quầy"
      description="Bệnh nhân đến trực tiếp hoặc gọi điện: đặt cho khung giờ đang diễn ra hoặc bất kỳ khung giờ còn trống nào."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Đóng
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            loading={create.isPending}
            disabled={!!unavailable || (!!slotQuery && availability.isFetching)}
          >
            {create.isPending ? 'Đang đặt lịch...' : values.doctorId ? 'Đặt và xác nhận' : 'Đặt lịch'}
          </Button>
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="space-y-4"
      >
        {requiredMissing && <Alert tone="error">{APPOINTMENT_MSG.requiredFields}</Alert>}
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Họ tên" required error={fieldError('fullName')}>
            {(c) => (
              <Input
                {...c}
                data-autofocus
                autoComplete="off"
                maxLength={APPOINTMENT_LIMITS.fullName}
                value={values.fullName}
                onChange={(e) => set('fullName', e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Số điện thoại" required error={fieldError('phone')}>
            {(c) => (
              <Input
                {...c}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                value={values.phone}
                onChange={(e) => set('phone', e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Email (không bắt buộc)" error={fieldError('email')}>
            {(c) => (
              <Input
                {...c}
                type="email"
                autoComplete="off"
                value={values.email}
                onChange={(e) => set('email', e.target.value)}
              />
            )}
          </FormField>
          <FormField label={CITIZEN_ID_MSG.label} hint={CITIZEN_ID_MSG.hint} error={fieldError('citizenId')}>
            {(c) => (
              <Input
                {...c}
                inputMode="numeric"
                autoComplete="off"
                maxLength={20}
                value={values.citizenId}
                onChange={(e) => set('citizenId', e.target.value)}
              />
            )}
          </FormField>
          <FormField label="Khoa khám" required error={fieldError('department')}>
            {(c) => (
              <select
                {...c}
                className={inputClasses}
                value={values.department}
                onChange={(e) => set('department', e.target.value)}
              >
                <option value="">Chọn khoa...</option>
                {(departments.data ?? []).map((d) => (
                  <option key={d.code} value={d.code}>
                    {d.departmentName}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            label="Ngày khám"
            className="sm:col-span-2"
            required
            error={dateIssue ?? fieldError('appointmentDate')}
            hint={date && !dateIssue ? formatLongDate(date) : undefined}
          >
            {(c) => (
              <div className="flex gap-2">
                <Input
                  {...c}
                  type="date"
                  min={today}
                  max={bounds.maxDate}
                  value={date}
                  onChange={(e) => set('appointmentDate', e.target.value)}
                  aria-invalid={dateIssue ? true : c['aria-invalid']}
                />
                <Button variant="secondary" size="sm" onClick={() => set('appointmentDate', today)}>
                  Hôm nay
                </Button>
                <Button variant="secondary" size="sm" onClick={() => set('appointmentDate', addDays(today, 1))}>
                  Ngày mai
                </Button>
              </div>
            )}
          </FormField>
        </div>
        <TimeSlotPicker
          name="desk-time"
          slots={slots}
          places={places}
          value={values.appointmentTime}
          onChange={(slot) => set('appointmentTime', slot)}
          emptyMessage={
            !date
              ? 'Vui lòng chọn ngày khám trước'
              : dateIssue || slots.length === 0
                ? APPOINTMENT_MSG.noBookableSlotsOnDate
                : null
          }
          error={fieldError('appointmentTime')}
          invalid={errors.appointmentTime === APPOINTMENT_MSG.requiredFields}
        />
        {slotQuery && !errors.appointmentTime && <SlotAvailabilityNote availability={availability} />}
        <FormField
          label="Xác nhận luôn với bác sĩ (không bắt buộc)"
          error={fieldError('doctorId')}
          hint={values.department ? 'Để trống: lịch hẹn chờ xác nhận như lịch đặt trên trang web.' : 'Chọn khoa trước.'}
        >
          {(c) => (
            <select
              {...c}
              className={inputClasses}
              value={values.doctorId}
              disabled={!values.department}
              onChange={(e) => set('doctorId', e.target.value)}
            >
              <option value="">Không chọn bác sĩ</option>
              {candidates.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.fullName ?? d.username}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label="Lý do khám"
          error={fieldError('reason')}
          hint={<CharCount length={values.reason.length} max={APPOINTMENT_LIMITS.reason} />}
        >
          {(c) => <Textarea {...c} rows={2} value={values.reason} onChange={(e) => set('reason', e.target.value)} />}
        </FormField>
        <div className="space-y-1">
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={values.consentInPerson}
              onChange={(e) => set('consentInPerson', e.target.checked)}
              aria-invalid={errors.consentInPerson ? true : undefined}
              aria-describedby={errors.consentInPerson ? 'desk-consent-error' : undefined}
              className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
            />
            <span>{PRIVACY_TEXT.deskConsent}</span>
          </label>
          {errors.consentInPerson && (
            <p id="desk-consent-error" className="text-sm text-red-700">
              {errors.consentInPerson}
            </p>
          )}
        </div>
      </form>
    </Modal>
  );
}

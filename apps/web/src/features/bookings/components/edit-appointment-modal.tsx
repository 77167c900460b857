import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  APPOINTMENT_LIMITS,
  APPOINTMENT_MSG,
  appointmentEditRequestSchema,
  BOOKING_UI_MSG,
  bookingWindow,
  formatLongDate,
  minEditDate,
  REACHED_TEXT,
  reachedBy,
  type Appointment,
  type AppointmentEditInput,
} from '@clinic/shared';
import { useAvailability } from '@/api/check-availability';
import { SlotAvailabilityNote, slotUnavailable } from '@/components/slot-availability-note';
import { usePublicDepartments } from '@/api/get-departments';
import { useDayPlaces } from '@/api/get-day-places';
import { placesNote, TimeSlotPicker } from '@/components/time-slot-picker';
import { serverFieldError } from '@/lib/server-field-error';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CharCount } from '@/components/ui/char-count';
import { FormField, Input, Textarea, inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { closeWhenDone } from '@/lib/action-toast';
import { dateProblem, slotsFor } from '@/lib/clinic-calendar';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { useBackOfficeErrorText } from '@/hooks/use-back-office-text';
import { useUpdateAppointment } from '../api/update-appointment';

type EditValues = {
  fullName: string;
  phone: string;
  email: string;
  appointmentDate: string;
  appointmentTime: string;
  department: string;
  reason: string;
};

const resolver = zodResolver(appointmentEditRequestSchema) as unknown as Resolver<
  EditValues,
  unknown,
  AppointmentEditInput
>;
const FORM_ID = 'edit-appointment-form';

function valuesOf(a: Appointment): EditValues {
  return {
    fullName: a.fullName,
    phone: a.phone,
    email: a.email ?? '',
    appointmentDate: a.appointmentDate,
    appointmentTime: a.appointmentTime,
    department: a.department,
    reason: a.reason ?? '',
  };
}

const EDIT_FIELDS = [
  'fullName',
  'phone',
  'email',
  'department',
  'appointmentDate',
  'appointmentTime',
  'reason',
] as const;
/**
 * 'Chỉnh sửa lịch hẹn' (specification section 5): the required fields, a date from today
 * (tomorrow after 22:00 clinic time), a time reset when the date changes, and the slot's
 * availability asked before saving when the date, time or department changed.
 */
export function EditAppointmentModal({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const update = useUpdateAppointment();
  const errorText = useBackOfficeErrorText();
  const departments = usePublicDepartments();
  const [now] = useState(() => new Date());
  const zone = clinicTimeZone();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    formState: { errors },
  } = useForm<EditValues, unknown, AppointmentEditInput>({ resolver, defaultValues: valuesOf(appointment) });
  const [date = '', time = '', department = '', reason = '', email = '', phone = ''] = useWatch({
    control,
    name: ['appointmentDate', 'appointmentTime', 'department', 'reason', 'email', 'phone'],
  });

  const slotChanged =
    date !== appointment.appointmentDate ||
    time !== appointment.appointmentTime ||
    department !== appointment.department;
  const dateChanged = date !== appointment.appointmentDate;
  // The rules apply to a new slot only, as on the server: an untouched past appointment can still be corrected.
  const dateIssue = dateChanged
    ? date && date < minEditDate(now, zone)
      ? APPOINTMENT_MSG.pastDate
      : dateProblem(date, now, zone)
    : null;
  const slots = dateChanged ? slotsFor(date, now, zone) : null;

  const slotQuery = slotChanged && date && time && department && !dateIssue ? { date, time, department } : null;
  const availability = useAvailability(slotQuery);
  const unavailable = slotQuery ? slotUnavailable(availability.data) : null;
  // The places left in each slot of the day, so a full one says so before it is chosen.
  const places = useDayPlaces(date && department && !dateIssue ? { date, department } : null);

  const onValid = (values: AppointmentEditInput) => {
    if (dateIssue) return setError('appointmentDate', { message: dateIssue }, { shouldFocus: true });
    if (unavailable) return;
    update.mutate(
      { id: appointment.id, data: values },
      {
        ...closeWhenDone(onClose),
        // A refusal about one field is said next to it.
        onError: (error) => {
          const wrong = serverFieldError(error, EDIT_FIELDS);
          if (wrong) setError(wrong.field, { message: wrong.message }, { shouldFocus: true });
        },
      },
    );
  };

  const saveError =
    update.isError && !serverFieldError(update.error, EDIT_FIELDS)
      ? errorText(update.error, BOOKING_UI_MSG.updateFailed)
      : null;
  const requiredMissing = Object.values(errors).some((e) => e?.message === APPOINTMENT_MSG.requiredFields);
  const fieldError = (message: string | undefined) =>
    message === APPOINTMENT_MSG.requiredFields ? undefined : message;
  const bounds = bookingWindow(now, zone);
  const departmentList = departments.data ?? [];

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={update.isPending}
      size="lg"
      title={`Chỉnh sửa lịch hẹn #${appointment.id}`}
      // What she will receive, by the contact saved with the change (issue 35): e-mail, Zalo/SMS or a call.
      description={REACHED_TEXT.changesSent(reachedBy({ email, phone }))}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Đóng
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            loading={update.isPending}
            disabled={!!unavailable || (!!slotQuery && availability.isFetching)}
          >
            {update.isPending ? 'Đang lưu...' : 'Lưu thay đổi'}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} noValidate onSubmit={handleSubmit(onValid)} className="space-y-4">
        {requiredMissing && <Alert tone="error">{APPOINTMENT_MSG.requiredFields}</Alert>}
        {saveError && <Alert tone="error">{saveError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Họ tên" required error={fieldError(errors.fullName?.message)}>
            {(c) => (
              <Input {...c} autoComplete="off" maxLength={APPOINTMENT_LIMITS.fullName} {...register('fullName')} />
            )}
          </FormField>
          <FormField label="Số điện thoại" required error={fieldError(errors.phone?.message)}>
            {(c) => <Input {...c} type="tel" inputMode="tel" {...register('phone')} />}
          </FormField>
          <FormField label="Email" error={errors.email?.message} className="sm:col-span-2">
            {(c) => <Input {...c} type="email" {...register('email')} />}
          </FormField>
          <FormField label="Khoa khám" required error={fieldError(errors.department?.message)}>
            {(c) => (
              // Controlled: the list arrives after the form mounts, and an uncontrolled select whose
              // chosen option is replaced shows the list's first department while keeping the real one.
              <select {...c} className={inputClasses} {...register('department')} value={department}>
                {!departmentList.some((d) => d.code === appointment.department) && (
                  <option value={appointment.department}>{appointment.departmentName ?? appointment.department}</option>
                )}
                {departmentList.map((d) => (
                  <option key={d.code} value={d.code}>
                    {d.departmentName}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            label="Ngày khám"
            required
            error={dateIssue ?? fieldError(errors.appointmentDate?.message)}
            hint={date && !dateIssue ? formatLongDate(date) : undefined}
          >
            {/* Changing the date resets the time (specification section 5). */}
            {(c) => (
              <Input
                {...c}
                type="date"
                min={minEditDate(now, zone)}
                max={bounds.maxDate}
                {...register('appointmentDate', { onChange: () => setValue('appointmentTime', '') })}
                aria-invalid={dateIssue ? true : c['aria-invalid']}
              />
            )}
          </FormField>
        </div>
        {slots ? (
          <TimeSlotPicker
            name="edit-time"
            slots={slots}
            places={places}
            value={time}
            onChange={(slot) => setValue('appointmentTime', slot, { shouldValidate: true })}
            emptyMessage={
              !date
                ? 'Vui lòng chọn ngày khám trước'
                : dateIssue
                  ? APPOINTMENT_MSG.noBookableSlotsOnDate
                  : slots.length === 0
                    ? APPOINTMENT_MSG.noSlotsLeftToday
                    : null
            }
            error={fieldError(errors.appointmentTime?.message)}
            invalid={errors.appointmentTime?.message === APPOINTMENT_MSG.requiredFields}
          />
        ) : (
          <FormField label="Giờ khám" required hint="Đổi ngày khám để chọn giờ khác trong các khung giờ còn trống.">
            {(c) => (
              <select {...c} className={inputClasses} {...register('appointmentTime')}>
                {slotsFor(date, now, zone).includes(time as never) || !time ? null : (
                  <option value={time}>{time}</option>
                )}
                {slotsFor(date, now, zone).map((slot) => {
                  const note = placesNote(places.get(slot));
                  return (
                    <option key={slot} value={slot} disabled={!!note?.full && slot !== appointment.appointmentTime}>
                      {note ? `${slot} (${note.text})` : slot}
                    </option>
                  );
                })}
              </select>
            )}
          </FormField>
        )}
        {slotQuery && <SlotAvailabilityNote availability={availability} />}
        <FormField
          label="Lý do khám"
          error={errors.reason?.message}
          hint={<CharCount length={reason.length} max={APPOINTMENT_LIMITS.reason} />}
        >
          {(c) => <Textarea {...c} rows={3} {...register('reason')} />}
        </FormField>
      </form>
    </Modal>
  );
}

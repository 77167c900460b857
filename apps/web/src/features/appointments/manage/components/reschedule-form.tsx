import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CARE_PLAN_MSG,
  formatDate,
  formatLongDate,
  isDateString,
  manageRescheduleRequestSchema,
  type Appointment,
  type ManageActionResponse,
  type ManageRescheduleRequest,
} from '@clinic/shared';
import { TimeSlotPicker } from '@/components/time-slot-picker';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, Input } from '@/components/ui/form-field';
import { dateProblem } from '@/lib/clinic-calendar';
import { serverErrorText } from '@/lib/error-message';
import { serverFieldError } from '@/lib/server-field-error';
import { useRescheduleByLink } from '../../api/reschedule-by-link';
import { AvailabilityStatus } from '../../shared/availability-status';
import { departmentLabel } from '../../shared/department-label';
import { SlotSubmitButton } from '../../shared/slot-submit-button';
import { slotRefusals, useSlotChoice } from '../../shared/use-slot-choice';

export const RESCHEDULE_FAILED = 'Không thể đổi lịch hẹn lúc này. Vui lòng thử lại.';

/** The dates a visit of a care plan must keep to (issue 37): its window, both days included. */
export type VisitWindow = { start: string; end: string };

/** Said under the date when the visit belongs to a plan. */
export function windowSentence(range: VisitWindow): string {
  return `Lượt khám này cần trong khoảng từ ${formatDate(range.start)} đến ${formatDate(range.end)}`;
}

/** A date outside the visit's window, said as the server says it (docs/PRODUCT.md §15). */
function outsideWindowText(range: VisitWindow): string {
  return `${CARE_PLAN_MSG.outsideWindow} (từ ${formatDate(range.start)} đến ${formatDate(range.end)})`;
}

/** The server's refusal of a date outside the plan's window: its own sentence, said next to the date. */
function serverWindowRefusal(error: unknown): string | null {
  const text = serverErrorText(error, 'message');
  return text?.startsWith(CARE_PLAN_MSG.outsideWindow) ? text : null;
}

type RescheduleFormProps = {
  token: string;
  appointment: Appointment;
  /** When the visit belongs to a care plan: only dates inside its window are offered. */
  planWindow?: VisitWindow | null;
  /** The instant the slot rules are read against; the page renews it every minute. */
  now: Date;
  onRescheduled: (result: ManageActionResponse) => void;
  onClose: () => void;
};

const SLOT_FIELDS = ['appointmentDate', 'appointmentTime'] as const;
/**
 * 'Đổi lịch hẹn': another date and time of the same department, offered and checked as the booking
 * form offers them (date rules, the slots left, the chosen slot's places); the server has the last word.
 */
export function RescheduleForm({
  token,
  appointment,
  planWindow = null,
  now,
  onRescheduled,
  onClose,
}: RescheduleFormProps) {
  const ids = useId();
  const titleId = `${ids}-title`;
  const availabilityId = `${ids}-availability`;
  const mutation = useRescheduleByLink();
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ManageRescheduleRequest>({
    resolver: zodResolver(manageRescheduleRequestSchema),
    // Her current day, while it can still be booked: another time that day is one click away.
    defaultValues: {
      appointmentDate:
        dateProblem(appointment.appointmentDate, now) ||
        (planWindow && (appointment.appointmentDate < planWindow.start || appointment.appointmentDate > planWindow.end))
          ? ''
          : appointment.appointmentDate,
      appointmentTime: '',
    },
  });
  const [date = '', time = ''] = useWatch({ control, name: ['appointmentDate', 'appointmentTime'] });

  useEffect(() => {
    document.getElementById(titleId)?.focus();
  }, [titleId]);

  const {
    minDate: bookableFrom,
    maxDate: bookableTo,
    dateIssue,
    dateHint,
    slots,
    places,
    slotsEmptyMessage,
    slotsHint,
    availabilityView,
    blocked,
    checking,
    confirm,
  } = useSlotChoice({
    date,
    time,
    department: appointment.department,
    now,
    onTimeWithdrawn: (message) => {
      setValue('appointmentTime', '');
      if (message) setError('appointmentTime', { type: 'expired', message });
    },
  });
  // A visit of a care plan moves only inside its window, within what the calendar allows.
  const minDate = planWindow && planWindow.start > bookableFrom ? planWindow.start : bookableFrom;
  const maxDate = planWindow && planWindow.end < bookableTo ? planWindow.end : bookableTo;
  const outside =
    planWindow && isDateString(date) && (date < planWindow.start || date > planWindow.end)
      ? outsideWindowText(planWindow)
      : null;
  // The slot she holds is not offered again: moving to it would change nothing.
  const offered = outside
    ? []
    : date === appointment.appointmentDate
      ? slots.filter((slot) => slot !== appointment.appointmentTime)
      : slots;

  const onValid = async (values: ManageRescheduleRequest) => {
    mutation.reset();
    if (outside) {
      setFocus('appointmentDate');
      return;
    }
    if (
      !(await confirm(
        { date: values.appointmentDate, time: values.appointmentTime, department: appointment.department },
        slotRefusals({ setFocus, setValue, setError }),
      ))
    )
      return;
    mutation.mutate(
      { token, ...values },
      {
        onSuccess: onRescheduled,
        // A refusal about the date or the time is said next to that field.
        onError: (error) => {
          const windowRefusal = serverWindowRefusal(error);
          const wrong = windowRefusal
            ? { field: 'appointmentDate' as const, message: windowRefusal }
            : serverFieldError(error, SLOT_FIELDS);
          if (wrong) setError(wrong.field, { type: 'server', message: wrong.message }, { shouldFocus: true });
        },
      },
    );
  };

  const busy = checking || mutation.isPending;
  const refusal =
    mutation.isError && !serverFieldError(mutation.error, SLOT_FIELDS) && !serverWindowRefusal(mutation.error)
      ? (serverErrorText(mutation.error, 'message') ?? RESCHEDULE_FAILED)
      : null;

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-brand-200 bg-white shadow-sm">
      <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 id={titleId} tabIndex={-1} className="scroll-mt-24 text-lg font-semibold text-slate-900 focus:outline-none">
          Đổi lịch hẹn
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Lịch hiện tại: {formatLongDate(appointment.appointmentDate)} lúc {appointment.appointmentTime}. Chọn ngày và
          giờ mới của {departmentLabel(appointment)}.
        </p>
      </div>

      <form
        onSubmit={handleSubmit(onValid)}
        noValidate
        aria-labelledby={titleId}
        className="space-y-5 px-5 py-5 sm:px-6"
      >
        <FormField
          label="Ngày khám mới"
          id="reschedule-date"
          required
          error={errors.appointmentDate?.message ?? dateIssue ?? outside ?? undefined}
          hint={
            planWindow ? (
              <>
                <span className="block">{windowSentence(planWindow)}.</span>
                <span className="block">{dateHint}</span>
              </>
            ) : (
              dateHint
            )
          }
        >
          {(field) => (
            <Input
              {...field}
              {...register('appointmentDate')}
              type="date"
              min={minDate}
              max={maxDate}
              className="min-h-11"
            />
          )}
        </FormField>

        <Controller
          control={control}
          name="appointmentTime"
          render={({ field }) => (
            <TimeSlotPicker
              name={field.name}
              legend="Giờ khám mới"
              slots={offered}
              places={places}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              hint={slotsHint}
              emptyMessage={
                outside
                  ? 'Không có khung giờ nào cho ngày đã chọn.'
                  : (slotsEmptyMessage ??
                    (offered.length === 0 ? 'Không còn khung giờ nào khác cho ngày đã chọn.' : null))
              }
              error={errors.appointmentTime?.message}
            />
          )}
        />

        <AvailabilityStatus id={availabilityId} view={availabilityView} />

        {refusal && <Alert tone="error">{refusal}</Alert>}

        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending} className="w-full sm:w-auto">
            Đóng
          </Button>
          <SlotSubmitButton
            busy={busy}
            blocked={blocked || !!outside}
            reasonId={dateIssue || outside ? 'reschedule-date-error' : availabilityId}
            label="Xác nhận đổi lịch"
            busyLabel="Đang đổi lịch..."
          />
        </div>
      </form>
    </section>
  );
}

import { useEffect, useId, type ComponentProps } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { APPOINTMENT_MSG, publicAppointmentRequestSchema, waitingListJoinRequestSchema, type PublicAppointmentInput } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { FormField, Input, inputClasses, Textarea, type FieldControlProps } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useCreatePublicAppointment } from '../../api/create-public-appointment';
import { useJoinWaitingList } from '../../api/join-waiting-list';
import { usePublicDepartments } from '@/api/get-departments';
import { AvailabilityStatus } from '../../shared/availability-status';
import { serverErrorText } from '../../shared/server-error';
import { SlotSubmitButton } from '../../shared/slot-submit-button';
import { slotRefusals, useSlotChoice } from '../../shared/use-slot-choice';
import { FALLBACK_DEPARTMENTS, FALLBACK_DEPARTMENTS_NOTICE } from '../fallback-departments';
import type { BookingIdentity } from '../hooks/use-booking-identity';
import type { BookedAppointment } from './booking-success';
import { WaitingListOffer } from './waiting-list-offer';
import type { JoinedWaitingList } from './waiting-list-joined';
import { TimeSlotPicker } from '@/components/time-slot-picker';

type BookingFormProps = {
  /** The instant the slot rules are read against; the page renews it every minute. */
  now: Date;
  /** A signed-in patient's name, e-mail and phone: prefilled and locked. */
  identity: BookingIdentity | null;
  onBooked: (booked: BookedAppointment) => void;
  /** She put her name on a full slot's waiting list. */
  onWaiting: (joined: JoinedWaitingList) => void;
  /** Moves focus to the form's heading once shown (after "book another"). */
  focusOnMount?: boolean;
};

const REQUIRED_FIELDS = ['fullName', 'phone', 'department', 'appointmentDate', 'appointmentTime'] as const;
type RequiredField = (typeof REQUIRED_FIELDS)[number];

/** Who she is: the fields a waiting list asks of the form (the slot is already chosen). */
const isPersonField = (field: PropertyKey | undefined): field is 'fullName' | 'phone' | 'email' => field === 'fullName' || field === 'phone' || field === 'email';

const LOCKED_NOTE = 'Thông tin được lấy từ tài khoản của bạn và không thể thay đổi tại đây.';

/** An input that shows a lock when it holds the signed-in patient's own data. */
function LockableInput({ locked, ...props }: ComponentProps<typeof Input> & { locked: boolean }) {
  if (!locked) return <Input {...props} />;
  return (
    <div className="relative">
      <Input {...props} />
      <Lock aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
    </div>
  );
}

/** The public booking form (specification sections 4 and 5). */
export function BookingForm({ now, identity, onBooked, onWaiting, focusOnMount = false }: BookingFormProps) {
  const ids = useId();
  const missingAlertId = `${ids}-missing`;
  const availabilityId = `${ids}-availability`;
  const lockedNoteId = `${ids}-locked`;
  const departmentsQuery = usePublicDepartments();
  const mutation = useCreatePublicAppointment();
  const joinWaiting = useJoinWaitingList();

  const {
    register,
    control,
    handleSubmit,
    getValues,
    clearErrors,
    setValue,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(publicAppointmentRequestSchema),
    defaultValues: {
      fullName: identity?.fullName ?? '',
      phone: identity?.phone ?? '',
      email: identity?.email ?? '',
      department: '',
      appointmentDate: '',
      appointmentTime: '',
      reason: '',
    },
  });
  const [date = '', time = '', department = ''] = useWatch({ control, name: ['appointmentDate', 'appointmentTime', 'department'] });

  useEffect(() => {
    if (focusOnMount) document.getElementById(`${ids}-title`)?.focus();
  }, [focusOnMount, ids]);

  // Departments: the server's list, or the built-in one when that call fails.
  const usingFallback = departmentsQuery.isError;
  const departments = departmentsQuery.data ?? (usingFallback ? FALLBACK_DEPARTMENTS : []);

  // Date, slots and the chosen slot's places, with the booking rules read against the page's clock.
  const { minDate, maxDate, dateIssue, dateHint, slots, slotsEmptyMessage, availabilityView, blocked, checking, confirm } = useSlotChoice({
    date,
    time,
    department,
    now,
    onTimeWithdrawn: (message) => {
      setValue('appointmentTime', '');
      if (message) setError('appointmentTime', { type: 'expired', message });
    },
  });

  const isMissing = (name: RequiredField) => errors[name]?.message === APPOINTMENT_MSG.requiredFields;
  const anyMissing = REQUIRED_FIELDS.some(isMissing);
  const fieldError = (name: keyof typeof errors) => {
    const message = errors[name]?.message;
    return message && message !== APPOINTMENT_MSG.requiredFields ? message : undefined;
  };
  /** A missing field is marked invalid and pointed at the one alert that says so. */
  const withMissing = (control: FieldControlProps, name: RequiredField): FieldControlProps =>
    isMissing(name)
      ? { ...control, 'aria-invalid': true, 'aria-describedby': [control['aria-describedby'], missingAlertId].filter(Boolean).join(' ') }
      : control;

  const locked = { fullName: !!identity?.fullName, email: !!identity?.email, phone: !!identity?.phone };
  /** A locked field is read-only (still focusable and read aloud) and points at the note that explains why. */
  const lockedProps = (control: FieldControlProps, isLocked: boolean) =>
    isLocked
      ? {
          readOnly: true,
          'aria-describedby': [control['aria-describedby'], lockedNoteId].filter(Boolean).join(' '),
          className: 'pr-10 read-only:border-slate-200 read-only:bg-slate-100 read-only:text-slate-700',
        }
      : {};

  const onValid = async (values: PublicAppointmentInput) => {
    mutation.reset();
    if (!(await confirm({ date: values.appointmentDate, time: values.appointmentTime, department: values.department }, slotRefusals({ setFocus, setValue, setError })))) return;

    mutation.mutate(values, {
      onSuccess: (response) =>
        onBooked({
          response,
          fullName: values.fullName,
          appointmentDate: values.appointmentDate,
          appointmentTime: values.appointmentTime,
          departmentName: departmentName(values.department),
        }),
    });
  };

  const departmentName = (code: string) => departments.find((d) => d.code === code)?.departmentName ?? code;

  /** The waiting list asks who and which slot only, an e-mail required: the form's fields are checked against that. */
  const onJoinWaitingList = () => {
    joinWaiting.reset();
    const parsed = waitingListJoinRequestSchema.safeParse(getValues());
    if (!parsed.success) {
      const wrong = parsed.error.issues.flatMap(({ path: [field], message }) => (isPersonField(field) ? [{ field, message }] : []));
      for (const { field, message } of wrong) setError(field, { type: 'waiting', message });
      if (wrong[0]) setFocus(wrong[0].field);
      return;
    }
    const values = parsed.data;
    joinWaiting.mutate(values, {
      onSuccess: (response) =>
        onWaiting({ response, fullName: values.fullName, appointmentDate: values.appointmentDate, appointmentTime: values.appointmentTime, departmentName: departmentName(values.department) }),
    });
  };
  const slotFull = availabilityView.state === 'answered' && availabilityView.answer.code === 'SLOT_FULL';
  /** What the waiting-list check said of a field goes once she edits it (no submit re-validates it). */
  const personField = {
    onChange: (event: { target: { name: string } }) => {
      const field = event.target.name;
      if (isPersonField(field) && errors[field]?.type === 'waiting') clearErrors(field);
    },
  };

  const busy = checking || mutation.isPending;
  const bookingError = mutation.isError ? (serverErrorText(mutation.error, 'error') ?? APPOINTMENT_MSG.bookingFailed) : null;

  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-100 px-5 py-5 sm:px-8">
        <h2 id={`${ids}-title`} tabIndex={-1} className="scroll-mt-24 text-xl font-bold text-slate-900 focus:outline-none">
          Thông tin đặt lịch
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Các mục có dấu <span className="text-red-700">*</span> là bắt buộc.
        </p>
      </div>

      <form onSubmit={handleSubmit(onValid)} noValidate aria-labelledby={`${ids}-title`} className="space-y-8 px-5 py-6 sm:px-8">
        {anyMissing && (
          <div id={missingAlertId}>
            <Alert tone="error">{APPOINTMENT_MSG.requiredFields}</Alert>
          </div>
        )}

        <fieldset className="min-w-0 space-y-5">
          <legend className="mb-4 text-base font-semibold text-slate-900">Thông tin người khám</legend>
          {identity && (
            <p id={lockedNoteId} className="flex items-start gap-2 rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-brand-900">
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {LOCKED_NOTE}{' '}
                <Link to={paths.profile} className="font-medium underline underline-offset-2 hover:text-brand-700">
                  Cập nhật hồ sơ
                </Link>
              </span>
            </p>
          )}

          <FormField label="Họ và tên" id="booking-fullName" required error={fieldError('fullName')}>
            {(control) => (
              <LockableInput
                locked={locked.fullName}
                {...withMissing(control, 'fullName')}
                {...register('fullName', personField)}
                {...lockedProps(control, locked.fullName)}
                type="text"
                autoComplete="name"
                maxLength={100}
              />
            )}
          </FormField>

          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Số điện thoại" id="booking-phone" required error={fieldError('phone')}>
              {(control) => (
                <LockableInput
                  locked={locked.phone}
                  {...withMissing(control, 'phone')}
                  {...register('phone', personField)}
                  {...lockedProps(control, locked.phone)}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="VD: 0912 345 678"
                />
              )}
            </FormField>

            <FormField label="Email" id="booking-email" error={fieldError('email')} hint={locked.email ? undefined : slotFull ? 'Cần cho danh sách chờ: lời mời nhận chỗ được gửi qua email.' : 'Không bắt buộc; để nhận email xác nhận.'}>
              {(control) => (
                <LockableInput
                  locked={locked.email}
                  {...control}
                  {...register('email', personField)}
                  {...lockedProps(control, locked.email)}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                />
              )}
            </FormField>
          </div>
        </fieldset>

        <fieldset className="min-w-0 space-y-5">
          <legend className="mb-4 text-base font-semibold text-slate-900">Thông tin lịch khám</legend>

          <FormField label="Khoa khám" id="booking-department" required error={fieldError('department')}>
            {(control) => (
              <select
                {...withMissing(control, 'department')}
                {...register('department')}
                disabled={departmentsQuery.isPending}
                className={cn(inputClasses, 'min-h-11')}
              >
                <option value="">{departmentsQuery.isPending ? 'Đang tải danh sách khoa...' : 'Chọn khoa khám'}</option>
                {departments.map((d) => (
                  <option key={d.code} value={d.code}>
                    {d.departmentName}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {usingFallback && (
            <Alert tone="warning" className="-mt-2">
              {FALLBACK_DEPARTMENTS_NOTICE}
            </Alert>
          )}

          <FormField label="Ngày khám" id="booking-date" required error={fieldError('appointmentDate') ?? dateIssue ?? undefined} hint={dateHint}>
            {(control) => (
              <Input
                {...withMissing(control, 'appointmentDate')}
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
                slots={slots}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                emptyMessage={slotsEmptyMessage}
                error={fieldError('appointmentTime')}
                invalid={isMissing('appointmentTime')}
                describedBy={isMissing('appointmentTime') ? missingAlertId : undefined}
              />
            )}
          />

          <AvailabilityStatus id={availabilityId} view={availabilityView} />
          {slotFull && (
            <WaitingListOffer
              onJoin={onJoinWaitingList}
              pending={joinWaiting.isPending}
              error={joinWaiting.isError ? (serverErrorText(joinWaiting.error, 'error') ?? 'Không thể ghi tên vào danh sách chờ. Vui lòng thử lại.') : null}
            />
          )}

          <FormField label="Lý do khám" id="booking-reason" error={fieldError('reason')} hint="Không bắt buộc. Mô tả ngắn triệu chứng hoặc nhu cầu khám.">
            {(control) => <Textarea {...control} {...register('reason')} rows={4} maxLength={1000} />}
          </FormField>
        </fieldset>

        {bookingError && <Alert tone="error">{bookingError}</Alert>}

        <div className="flex flex-col gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">Phòng khám sẽ liên hệ với bạn để xác nhận lịch hẹn.</p>
          <SlotSubmitButton
            size="lg"
            busy={busy}
            blocked={blocked}
            reasonId={dateIssue ? 'booking-date-error' : availabilityId}
            label="Đặt lịch hẹn"
            busyLabel="Đang đặt lịch..."
          />
        </div>
      </form>
    </section>
  );
}

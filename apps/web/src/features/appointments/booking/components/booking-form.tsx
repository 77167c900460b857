import { type ComponentProps } from 'react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import {
  APPOINTMENT_LIMITS,
  APPOINTMENT_MSG,
  DEPOSIT_HOLD_MINUTES,
  formatVnd,
  PAYMENT_MSG,
  PRIVACY_TEXT,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { FormField, Input, inputClasses, Textarea } from '@/components/ui/form-field';
import { TimeSlotPicker } from '@/components/time-slot-picker';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { AvailabilityStatus } from '../../shared/availability-status';
import { SlotSubmitButton } from '../../shared/slot-submit-button';
import { ConsentCheckbox } from '@/components/consent-checkbox';
import { FALLBACK_DEPARTMENTS_NOTICE } from '../fallback-departments';
import { useBookingForm, type BookingFormOptions } from '../hooks/use-booking-form';
import { WaitingListOffer } from './waiting-list-offer';

/** Said before she books in a department that asks a deposit (issue 28). */
const depositNotice = (amount: number) =>
  `Khoa này yêu cầu ${PAYMENT_MSG.depositLabel.toLowerCase()} ${formatVnd(amount)}: sau khi đặt lịch, chỗ của bạn được giữ ${DEPOSIT_HOLD_MINUTES} phút để thanh toán trực tuyến, và được trừ vào chi phí khám.`;

const LOCKED_NOTE = 'Thông tin được lấy từ tài khoản của bạn và không thể thay đổi tại đây.';

/** An input that shows a lock when it holds the signed-in patient's own data. */
function LockableInput({ locked, className, ...props }: ComponentProps<typeof Input> & { locked: boolean }) {
  if (!locked) return <Input className={className} {...props} />;
  return (
    <div className="relative">
      <Input
        {...props}
        className={cn('pr-10 read-only:border-slate-200 read-only:bg-slate-100 read-only:text-slate-700', className)}
      />
      <Lock
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}

/** The public booking form (specification sections 4 and 5). */
export function BookingForm(props: BookingFormOptions) {
  const form = useBookingForm(props);
  const { titleId, missingAlertId, availabilityId, lockedNoteId } = form.ids;
  const {
    minDate,
    maxDate,
    dateIssue,
    dateHint,
    slots,
    places,
    slotsEmptyMessage,
    slotsHint,
    availabilityView,
    blocked,
  } = form.slotChoice;
  const { identity } = props;

  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="border-b border-slate-100 px-5 py-5 sm:px-8">
        <h2 id={titleId} tabIndex={-1} className="scroll-mt-24 text-xl font-bold text-slate-900 focus:outline-none">
          Thông tin đặt lịch
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Các mục có dấu <span className="text-red-700">*</span> là bắt buộc.
        </p>
      </div>

      <form
        onFocus={form.onFocus}
        onSubmit={form.onSubmit}
        noValidate
        aria-labelledby={titleId}
        className="space-y-8 px-5 py-6 sm:px-8"
      >
        {form.anyMissing && (
          <div id={missingAlertId}>
            <Alert tone="error">{APPOINTMENT_MSG.requiredFields}</Alert>
          </div>
        )}

        <fieldset className="min-w-0 space-y-5">
          <legend className="mb-4 text-base font-semibold text-slate-900">Thông tin người khám</legend>
          {identity && (
            <p
              id={lockedNoteId}
              className="flex items-start gap-2 rounded-lg bg-brand-50 px-3 py-2.5 text-sm text-brand-900"
            >
              <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                {LOCKED_NOTE}{' '}
                <Link to={paths.profile} className="font-medium underline underline-offset-2 hover:text-brand-700">
                  Cập nhật hồ sơ
                </Link>
              </span>
            </p>
          )}

          <FormField label="Họ và tên" id="booking-fullName" required error={form.fieldError('fullName')}>
            {(control) => (
              <LockableInput
                locked={form.locked.fullName}
                {...form.withMissing(control, 'fullName')}
                {...form.register('fullName', form.personField)}
                {...form.lockedProps(control, form.locked.fullName)}
                type="text"
                autoComplete="name"
                maxLength={APPOINTMENT_LIMITS.fullName}
              />
            )}
          </FormField>

          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Số điện thoại" id="booking-phone" required error={form.fieldError('phone')}>
              {(control) => (
                <LockableInput
                  locked={form.locked.phone}
                  {...form.withMissing(control, 'phone')}
                  {...form.register('phone', form.personField)}
                  {...form.lockedProps(control, form.locked.phone)}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder="VD: 0912 345 678"
                />
              )}
            </FormField>

            <FormField
              label="Email"
              id="booking-email"
              error={form.fieldError('email')}
              hint={
                form.locked.email
                  ? undefined
                  : form.slotFull
                    ? 'Không bắt buộc: lời mời nhận chỗ được nhắn tới số điện thoại của bạn, và tới email này nếu có.'
                    : 'Không bắt buộc; để nhận email xác nhận.'
              }
            >
              {(control) => (
                <LockableInput
                  locked={form.locked.email}
                  {...control}
                  {...form.register('email', form.personField)}
                  {...form.lockedProps(control, form.locked.email)}
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

          <FormField label="Khoa khám" id="booking-department" required error={form.fieldError('department')}>
            {(control) => (
              <select
                {...form.withMissing(control, 'department')}
                {...form.register('department')}
                disabled={form.departmentsLoading}
                className={cn(inputClasses, 'min-h-11')}
              >
                <option value="">{form.departmentsLoading ? 'Đang tải danh sách khoa...' : 'Chọn khoa khám'}</option>
                {form.departments.map((d) => (
                  <option key={d.code} value={d.code}>
                    {d.departmentName}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {form.usingFallback && (
            <Alert tone="warning" className="-mt-2">
              {FALLBACK_DEPARTMENTS_NOTICE}
            </Alert>
          )}
          {form.depositAsked != null && (
            <Alert tone="info" className="-mt-2">
              {depositNotice(form.depositAsked)}
            </Alert>
          )}

          <FormField
            label="Ngày khám"
            id="booking-date"
            required
            error={form.fieldError('appointmentDate') ?? dateIssue ?? undefined}
            hint={dateHint}
          >
            {(control) => (
              <Input
                {...form.withMissing(control, 'appointmentDate')}
                {...form.register('appointmentDate')}
                type="date"
                min={minDate}
                max={maxDate}
                className="min-h-11"
              />
            )}
          </FormField>

          <Controller
            control={form.control}
            name="appointmentTime"
            render={({ field }) => (
              <TimeSlotPicker
                name={field.name}
                slots={slots}
                places={places}
                // A full slot stays choosable here: the form then offers its waiting list.
                fullChoosable
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                emptyMessage={slotsEmptyMessage}
                hint={slotsHint}
                error={form.fieldError('appointmentTime')}
                invalid={form.isMissing('appointmentTime')}
                describedBy={form.isMissing('appointmentTime') ? missingAlertId : undefined}
              />
            )}
          />

          <AvailabilityStatus id={availabilityId} view={availabilityView} />
          {form.slotFull && (
            <WaitingListOffer onJoin={form.onJoinWaitingList} pending={form.joinPending} error={form.joinError}>
              <ConsentCheckbox
                id="waiting-consent"
                label={PRIVACY_TEXT.waitingConsent}
                error={form.fieldError('consentContact')}
                inputProps={form.register('consentContact')}
              />
            </WaitingListOffer>
          )}

          <FormField
            label="Lý do khám"
            id="booking-reason"
            error={form.fieldError('reason')}
            hint="Không bắt buộc. Mô tả ngắn triệu chứng hoặc nhu cầu khám."
          >
            {(control) => (
              <Textarea {...control} {...form.register('reason')} rows={4} maxLength={APPOINTMENT_LIMITS.reason} />
            )}
          </FormField>
          <ConsentCheckbox
            id="booking-consent"
            label={PRIVACY_TEXT.healthConsent}
            error={form.fieldError('consentHealthData')}
            inputProps={form.register('consentHealthData')}
          />
        </fieldset>

        {form.bookingError && <Alert tone="error">{form.bookingError}</Alert>}

        <div className="flex flex-col gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">Phòng khám sẽ liên hệ với bạn để xác nhận lịch hẹn.</p>
          <SlotSubmitButton
            size="lg"
            busy={form.busy}
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

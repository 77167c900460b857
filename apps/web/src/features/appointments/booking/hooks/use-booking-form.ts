import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { APPOINTMENT_MSG, reachedBy, type PublicAppointmentInput } from '@clinic/shared';
import type { FieldControlProps } from '@/components/ui/form-field';
import { usePublicDepartments } from '@/api/get-departments';
import { serverErrorText } from '@/lib/error-message';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { serverFieldError } from '@/lib/server-field-error';
import { useCreatePublicAppointment } from '../../api/create-public-appointment';
import { useJoinWaitingList } from '../../api/join-waiting-list';
import { slotRefusals, useSlotChoice } from '../../shared/use-slot-choice';
import type { BookedAppointment } from '../components/booking-success';
import type { JoinedWaitingList } from '../components/waiting-list-joined';
import { FALLBACK_DEPARTMENTS } from '../fallback-departments';
import type { BookingIdentity } from './use-booking-identity';

export type BookingFormOptions = {
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

/** Who she is, and her consent: the fields a waiting list asks of the form (the slot is already chosen). */
const isPersonField = (field: PropertyKey | undefined): field is 'fullName' | 'phone' | 'email' | 'consentContact' =>
  field === 'fullName' || field === 'phone' || field === 'email' || field === 'consentContact';

/** The fields a refusal from the server can be shown next to. */
const FORM_FIELDS = [
  'fullName',
  'phone',
  'email',
  'department',
  'appointmentDate',
  'appointmentTime',
  'reason',
  'consentHealthData',
] as const;

const joinFailed = 'Không thể ghi tên vào danh sách chờ. Vui lòng thử lại.';

/** The shared rules, downloaded when the form is first used (lib/lazy-zod-resolver.ts). */
const resolver = lazyZodResolver('bookingFormSchema');

/**
 * The public booking form's state (specification sections 4 and 5): its fields and their errors,
 * the one alert for missing required fields, the patient's locked fields, the slot being chosen,
 * and sending the booking or joining a full slot's waiting list.
 */
export function useBookingForm({ now, identity, onBooked, onWaiting, focusOnMount = false }: BookingFormOptions) {
  const ids = useId();
  const titleId = `${ids}-title`;
  const missingAlertId = `${ids}-missing`;
  const availabilityId = `${ids}-availability`;
  const lockedNoteId = `${ids}-locked`;
  const departmentsQuery = usePublicDepartments();
  const mutation = useCreatePublicAppointment();
  const queryClient = useQueryClient();
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
    resolver,
    defaultValues: {
      fullName: identity?.fullName ?? '',
      phone: identity?.phone ?? '',
      email: identity?.email ?? '',
      department: '',
      appointmentDate: '',
      appointmentTime: '',
      reason: '',
      // Never ticked for her (docs/PRODUCT.md §12): the schema accepts only a tick.
      consentHealthData: false as unknown as true,
      consentContact: false,
    },
  });
  const [date = '', time = '', department = ''] = useWatch({
    control,
    name: ['appointmentDate', 'appointmentTime', 'department'],
  });

  useEffect(() => {
    if (focusOnMount) document.getElementById(titleId)?.focus();
  }, [focusOnMount, titleId]);

  // Departments: the server's list, or the built-in one when that call fails.
  const usingFallback = departmentsQuery.isError;
  const departments = departmentsQuery.data ?? (usingFallback ? FALLBACK_DEPARTMENTS : []);
  const departmentName = (code: string) => departments.find((d) => d.code === code)?.departmentName ?? code;

  // Date, slots and the chosen slot's places, with the booking rules read against the page's clock.
  const slotChoice = useSlotChoice({
    date,
    time,
    department,
    now,
    onTimeWithdrawn: (message) => {
      setValue('appointmentTime', '');
      if (message) setError('appointmentTime', { type: 'expired', message });
    },
  });
  const { availabilityView, checking, confirm } = slotChoice;

  const isMissing = (name: RequiredField) => errors[name]?.message === APPOINTMENT_MSG.requiredFields;
  const anyMissing = REQUIRED_FIELDS.some(isMissing);
  const fieldError = (name: keyof typeof errors) => {
    const message = errors[name]?.message;
    return message && message !== APPOINTMENT_MSG.requiredFields ? message : undefined;
  };
  /** A missing field is marked invalid and pointed at the one alert that says so. */
  const withMissing = (control: FieldControlProps, name: RequiredField): FieldControlProps =>
    isMissing(name)
      ? {
          ...control,
          'aria-invalid': true,
          'aria-describedby': [control['aria-describedby'], missingAlertId].filter(Boolean).join(' '),
        }
      : control;

  const locked = { fullName: !!identity?.fullName, email: !!identity?.email, phone: !!identity?.phone };
  /** A locked field is read-only (still focusable and read aloud) and points at the note that explains why. */
  const lockedProps = (control: FieldControlProps, isLocked: boolean) =>
    isLocked
      ? { readOnly: true, 'aria-describedby': [control['aria-describedby'], lockedNoteId].filter(Boolean).join(' ') }
      : {};

  const onValid = async ({
    consentContact: _waiting,
    ...values
  }: PublicAppointmentInput & { consentContact?: boolean }) => {
    mutation.reset();
    if (
      !(await confirm(
        { date: values.appointmentDate, time: values.appointmentTime, department: values.department },
        slotRefusals({ setFocus, setValue, setError }),
      ))
    )
      return;

    mutation.mutate(values, {
      // A refusal that concerns one field is said next to it (and the places asked again: a full
      // slot's tile then says so); one that names no field stays above the button.
      onError: (error) => {
        const wrong = serverFieldError(error, FORM_FIELDS);
        if (wrong) setError(wrong.field, { type: 'server', message: wrong.message }, { shouldFocus: true });
        void queryClient.invalidateQueries({ queryKey: ['appointments', 'public'] });
      },
      onSuccess: (response) =>
        onBooked({
          response,
          // Where the server sends her link (issue 35); by its rule from what she gave, if it did not say.
          reachedBy: response.reachedBy ?? reachedBy(values),
          fullName: values.fullName,
          appointmentDate: values.appointmentDate,
          appointmentTime: values.appointmentTime,
          departmentName: departmentName(values.department),
        }),
    });
  };

  /** The waiting list asks who and which slot only: the form's fields are checked against that. */
  const onJoinWaitingList = async () => {
    joinWaiting.reset();
    const { waitingListJoinRequestSchema } = await import('@/lib/form-schemas');
    const parsed = waitingListJoinRequestSchema.safeParse(getValues());
    if (!parsed.success) {
      const wrong = parsed.error.issues.flatMap(({ path: [field], message }) =>
        isPersonField(field) ? [{ field, message }] : [],
      );
      for (const { field, message } of wrong) setError(field, { type: 'waiting', message });
      if (wrong[0]) setFocus(wrong[0].field);
      return;
    }
    const values = parsed.data;
    joinWaiting.mutate(values, {
      onSuccess: (response) =>
        onWaiting({
          response,
          fullName: values.fullName,
          appointmentDate: values.appointmentDate,
          appointmentTime: values.appointmentTime,
          departmentName: departmentName(values.department),
        }),
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

  return {
    ids: { titleId, missingAlertId, availabilityId, lockedNoteId },
    register,
    control,
    onSubmit: handleSubmit(onValid),
    /** The form's rules start downloading when she first steps into it. */
    onFocus: resolver.preload,
    departments,
    /** The deposit the chosen department asks to hold the slot (issue 28), or null. */
    depositAsked: departments.find((d) => d.code === department)?.depositAmount ?? null,
    departmentsLoading: departmentsQuery.isPending,
    usingFallback,
    slotChoice,
    isMissing,
    anyMissing,
    fieldError,
    withMissing,
    locked,
    lockedProps,
    personField,
    slotFull,
    onJoinWaitingList,
    joinPending: joinWaiting.isPending,
    joinError: joinWaiting.isError ? (serverErrorText(joinWaiting.error, 'error') ?? joinFailed) : null,
    busy: checking || mutation.isPending,
    bookingError:
      mutation.isError && !serverFieldError(mutation.error, FORM_FIELDS)
        ? (serverErrorText(mutation.error, 'error') ?? APPOINTMENT_MSG.bookingFailed)
        : null,
  };
}

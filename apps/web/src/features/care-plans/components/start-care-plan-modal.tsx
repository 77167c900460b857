import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  APPOINTMENT_LIMITS,
  CARE_PLAN_MSG,
  CARE_PLAN_TEXT,
  carePlanStartRequestSchema,
  clinicMoment,
  formatLongDate,
  PRIVACY_TEXT,
  type CarePlan,
  type CarePlanAnchor,
  type CarePlanProposal,
  type CarePlanProposalRequest,
  type ProposedVisit,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField, Input, inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { toastActionDone } from '@/lib/action-toast';
import { ApiError } from '@/lib/api-client';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { errorMessage } from '@/lib/error-message';
import { useCarePlanTemplates } from '../api/get-care-plan-templates';
import { useDoctors } from '../api/get-doctors';
import { useProposeCarePlan } from '../api/propose-care-plan';
import { useStartCarePlan } from '../api/start-care-plan';
import { DAY_PARTS, departmentName, WEEKDAYS, windowDates } from '../care-plan-labels';
import { schemaResolver } from '../schema-resolver';
import { SlotFields, slotProblem, type SlotChoice } from './slot-fields';

/** What the inputs hold. */
type StartValues = {
  templateId: string;
  anchor: string;
  anchorDate: string;
  weekday: string;
  part: string;
  doctorId: string;
  fullName: string;
  phone: string;
  email: string;
  consentInPerson: boolean;
};

/** Name, phone and e-mail of the appointment she is starting the plan from. */
export type StartPrefill = { fullName: string; phone: string; email?: string | null };

const FORM_ID = 'start-care-plan-form';
const PICK_TEMPLATE = 'Vui lòng chọn mẫu kế hoạch';
const PICK_ANCHOR = 'Vui lòng chọn mốc tính';

const startFieldsSchema = carePlanStartRequestSchema.omit({ visits: true });
type StartFields = z.output<typeof startFieldsSchema>;
const planRequestOf = (v: StartValues) => ({
  templateId: v.templateId ? Number(v.templateId) : undefined,
  anchor: v.anchor || undefined,
  anchorDate: v.anchorDate,
  preferences: {
    weekday: v.weekday ? Number(v.weekday) : null,
    part: v.part || null,
    doctorId: v.doctorId ? Number(v.doctorId) : null,
  },
});
const baseResolver = schemaResolver(
  startFieldsSchema,
  (v: StartValues) => ({
    ...planRequestOf(v),
    fullName: v.fullName,
    phone: v.phone,
    email: v.email,
    consentInPerson: v.consentInPerson,
  }),
  (path) => (path[0] === 'preferences' ? path.slice(1) : path),
);
/** The shared schema's rules, with the words of a choice not yet made. */
const resolver: typeof baseResolver = async (values, context, options) => {
  const result = await baseResolver(values, context, options);
  const errors = result.errors as Record<string, { type: string; message: string }>;
  if (!values.templateId && errors.templateId) errors.templateId.message = PICK_TEMPLATE;
  if (!values.anchor && errors.anchor) errors.anchor.message = PICK_ANCHOR;
  return result;
};

/** A visit's choice: the slot to book, or what to do when there is none. */
type VisitChoice = SlotChoice & { ifNoPlace: 'WAIT' | 'CALL_BACK' };

function choicesOf(proposal: CarePlanProposal): Record<string, VisitChoice> {
  return Object.fromEntries(
    proposal.visits.map((v) => [
      v.key,
      { date: v.proposal?.date ?? '', time: v.proposal?.time ?? '', ifNoPlace: 'CALL_BACK' as const },
    ]),
  );
}

/**
 * 'Tạo kế hoạch' (ADMIN, STAFF, DOCTOR; docs/PRODUCT.md §15): a template, the date it is counted from
 * and her preference; 'Đề xuất lịch' shows every visit's window and the first free slot in it (staff
 * may change any, inside the window), names those with no free place or whose window has passed;
 * 'Đặt tất cả' books every visit in one call, all or none.
 */
export function StartCarePlanModal({
  prefill,
  onClose,
  onStarted,
}: {
  prefill?: StartPrefill;
  onClose: () => void;
  onStarted?: (plan: CarePlan) => void;
}) {
  const zone = clinicTimeZone();
  const [now] = useState(() => new Date());
  const today = clinicMoment(now, zone).date;
  const templates = useCarePlanTemplates();
  const doctors = useDoctors();
  const propose = useProposeCarePlan();
  const start = useStartCarePlan();
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    formState: { errors, submitCount },
  } = useForm<StartValues, unknown, StartFields>({
    resolver,
    defaultValues: {
      templateId: '',
      anchor: '',
      anchorDate: '',
      weekday: '',
      part: '',
      doctorId: '',
      fullName: prefill?.fullName ?? '',
      phone: prefill?.phone ?? '',
      email: prefill?.email ?? '',
      consentInPerson: false,
    },
  });
  const watched = useWatch({ control });
  const active = (templates.data?.templates ?? []).filter((t) => t.active);
  const template = active.find((t) => String(t.id) === watched.templateId);
  const anchors: readonly CarePlanAnchor[] = template?.anchors ?? [];

  // A template that allows one anchor chooses it; another template starts the choice again. Once,
  // when the template changes, and with the anchor as it is then: an effect runs a moment after the
  // render, and an anchor she picked in that moment (a busy computer, a quick hand) was wiped by the
  // value the render had seen.
  useEffect(() => {
    if (!template) return;
    const current = getValues('anchor');
    if (template.anchors.length === 1) {
      if (current !== template.anchors[0]) setValue('anchor', template.anchors[0]!);
    } else if (current && !template.anchors.includes(current as CarePlanAnchor)) setValue('anchor', '');
  }, [template, getValues, setValue]);

  const [proposed, setProposed] = useState<{ request: string; proposal: CarePlanProposal } | null>(null);
  const [choices, setChoices] = useState<Record<string, VisitChoice>>({});
  const [visitErrors, setVisitErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ message: string; nothingBooked: boolean } | null>(null);
  const proposalHeading = useRef<HTMLHeadingElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const currentRequest = JSON.stringify(planRequestOf(watched as StartValues));
  const stale = proposed !== null && proposed.request !== currentRequest;
  const hasEmail = !!watched.email?.trim();

  useEffect(() => {
    if (proposed) proposalHeading.current?.focus();
  }, [proposed]);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const runProposal = (input: StartFields) => {
    setFailure(null);
    const request: CarePlanProposalRequest = {
      templateId: input.templateId,
      anchor: input.anchor,
      anchorDate: input.anchorDate,
      preferences: input.preferences,
    };
    propose.mutate(request, {
      onSuccess: (proposal) => {
        setChoices(choicesOf(proposal));
        setVisitErrors({});
        setProposed({ request: currentRequest, proposal });
      },
      onError: (error) => setFailure({ message: errorMessage(error, 'Không đề xuất được lịch'), nothingBooked: false }),
    });
  };

  const book = (input: StartFields) => {
    if (!proposed || stale) return;
    setFailure(null);
    const problems: Record<string, string> = {};
    const visits = proposed.proposal.visits.map((v) => {
      const choice = choices[v.key]!;
      if (v.unbookable) {
        // Waiting names the full slot she waits for (the server joins its waiting list); it needs her e-mail.
        const wait = v.unbookable === 'NO_PLACE' && hasEmail && choice.ifNoPlace === 'WAIT';
        if (wait) {
          const problem = slotProblem(v, choice, now, zone);
          if (problem) problems[v.key] = problem;
        }
        return {
          key: v.key,
          date: wait ? choice.date : null,
          time: wait ? choice.time : null,
          doctorId: null,
          ifNoPlace: wait ? ('WAIT' as const) : ('CALL_BACK' as const),
        };
      }
      const problem = slotProblem(v, choice, now, zone);
      if (problem) problems[v.key] = problem;
      const kept = v.proposal && v.proposal.date === choice.date && v.proposal.time === choice.time;
      return {
        key: v.key,
        date: choice.date,
        time: choice.time,
        doctorId: kept ? v.proposal!.doctorId : (input.preferences?.doctorId ?? null),
        ifNoPlace: 'CALL_BACK' as const,
      };
    });
    setVisitErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      document.getElementById(`visit-${first}-date`)?.focus();
      return;
    }
    const body = carePlanStartRequestSchema.safeParse({ ...input, visits });
    if (!body.success) {
      setFailure({ message: body.error.issues[0]?.message ?? 'Dữ liệu không hợp lệ', nothingBooked: false });
      return;
    }
    start.mutate(body.data, {
      onSuccess: (result) => {
        toastActionDone(result);
        onClose();
        onStarted?.(result.plan);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409)
          setFailure({ message: CARE_PLAN_MSG.slotTaken, nothingBooked: true });
        else setFailure({ message: errorMessage(error, 'Không tạo được kế hoạch chăm sóc'), nothingBooked: false });
      },
    });
  };

  const busy = propose.isPending || start.isPending;
  const errorCount = Object.keys(errors).length;
  const doctorOptions = (doctors.data ?? []).filter((d) => d.active);

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={start.isPending}
      size="xl"
      title="Tạo kế hoạch chăm sóc"
      description="Chọn mẫu, mốc tính và mong muốn của người bệnh, xem lịch đề xuất rồi đặt tất cả các lượt khám một lần."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={start.isPending}>
            Đóng
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            variant={proposed && !stale ? 'secondary' : 'primary'}
            loading={propose.isPending}
            disabled={busy}
          >
            {propose.isPending ? 'Đang đề xuất...' : proposed ? 'Đề xuất lại' : 'Đề xuất lịch'}
          </Button>
          {proposed && (
            <Button onClick={() => void handleSubmit(book)()} loading={start.isPending} disabled={busy || stale}>
              {start.isPending ? 'Đang đặt lịch...' : 'Đặt tất cả'}
            </Button>
          )}
        </>
      }
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={(e) => void handleSubmit(runProposal)(e)}
        className="space-y-4"
        aria-label="Tạo kế hoạch chăm sóc"
      >
        {submitCount > 0 && errorCount > 0 && (
          <Alert tone="error">Vui lòng kiểm tra {errorCount} ô được đánh dấu bên dưới.</Alert>
        )}
        {templates.isError && <Alert tone="error">{templates.error.message}</Alert>}
        <fieldset className="grid gap-3 md:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold text-brand-800">Kế hoạch</legend>
          <FormField label="Mẫu kế hoạch" required error={errors.templateId?.message}>
            {(c) => (
              <select {...c} data-autofocus className={inputClasses} {...register('templateId')}>
                <option value="">{templates.isPending ? 'Đang tải...' : 'Chọn mẫu...'}</option>
                {active.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name} ({CARE_PLAN_TEXT.kinds[t.kind]})
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Mốc tính" required error={errors.anchor?.message}>
            {(c) => (
              <select {...c} className={inputClasses} disabled={!template} {...register('anchor')}>
                <option value="">{template ? 'Chọn mốc tính...' : 'Chọn mẫu trước'}</option>
                {anchors.map((a) => (
                  <option key={a} value={a}>
                    {CARE_PLAN_TEXT.anchors[a]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            label={watched.anchor ? CARE_PLAN_TEXT.anchors[watched.anchor as CarePlanAnchor] : 'Ngày của mốc tính'}
            required
            error={errors.anchorDate?.message}
            hint={watched.anchorDate && !errors.anchorDate ? formatLongDate(watched.anchorDate) : undefined}
          >
            {(c) => <Input {...c} type="date" {...register('anchorDate')} />}
          </FormField>
        </fieldset>
        <fieldset className="grid gap-3 md:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold text-brand-800">
            Mong muốn của người bệnh (không bắt buộc)
          </legend>
          {(
            [
              { field: 'weekday', label: 'Thứ trong tuần', any: 'Bất kỳ ngày nào', options: WEEKDAYS },
              { field: 'part', label: 'Buổi', any: 'Sáng hoặc chiều', options: DAY_PARTS },
              {
                field: 'doctorId',
                label: 'Bác sĩ',
                any: 'Bác sĩ bất kỳ',
                options: doctorOptions.map((d) => ({ value: d.id, label: d.fullName ?? d.username })),
              },
            ] as const
          ).map(({ field, label, any, options }) => (
            <FormField key={field} label={label} error={errors[field]?.message}>
              {(c) => (
                <select {...c} className={inputClasses} {...register(field)}>
                  <option value="">{any}</option>
                  {options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          ))}
        </fieldset>
        <fieldset className="grid gap-3 md:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold text-brand-800">Người bệnh</legend>
          <FormField label="Họ tên" required error={errors.fullName?.message}>
            {(c) => (
              <Input {...c} autoComplete="off" maxLength={APPOINTMENT_LIMITS.fullName} {...register('fullName')} />
            )}
          </FormField>
          <FormField label="Số điện thoại" required error={errors.phone?.message}>
            {(c) => <Input {...c} type="tel" inputMode="tel" autoComplete="off" {...register('phone')} />}
          </FormField>
          <FormField label="Email (không bắt buộc)" error={errors.email?.message}>
            {(c) => <Input {...c} type="email" autoComplete="off" {...register('email')} />}
          </FormField>
          <div className="space-y-1 md:col-span-3">
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                {...register('consentInPerson')}
                aria-invalid={errors.consentInPerson ? true : undefined}
                aria-describedby={errors.consentInPerson ? 'plan-consent-error' : undefined}
                className="mt-0.5 size-4 rounded border-slate-300 accent-brand-700"
              />
              <span>{PRIVACY_TEXT.deskConsent}</span>
            </label>
            {errors.consentInPerson && (
              <p id="plan-consent-error" className="text-sm text-red-700">
                {errors.consentInPerson.message}
              </p>
            )}
          </div>
        </fieldset>
      </form>

      {failure && (
        <div ref={failureRef} tabIndex={-1} className="mt-4 focus:outline-none">
          <Alert tone="error" title={failure.nothingBooked ? 'Chưa lượt khám nào được đặt' : undefined}>
            {failure.message}
            {failure.nothingBooked && (
              <Button
                size="sm"
                variant="secondary"
                className="mt-2"
                disabled={busy}
                onClick={() => void handleSubmit(runProposal)()}
              >
                Đề xuất lại
              </Button>
            )}
          </Alert>
        </div>
      )}

      {proposed && (
        <ProposalList
          headingRef={proposalHeading}
          proposal={proposed.proposal}
          stale={stale}
          choices={choices}
          visitErrors={visitErrors}
          hasEmail={hasEmail}
          anchor={watched.anchor as CarePlanAnchor}
          anchorDate={watched.anchorDate ?? ''}
          today={today}
          now={now}
          zone={zone}
          onChange={(key, choice) => {
            setChoices((c) => ({ ...c, [key]: { ...c[key]!, ...choice } }));
            setVisitErrors((e) => ({ ...e, [key]: '' }));
          }}
        />
      )}
    </Modal>
  );
}

function ProposalList({
  headingRef,
  proposal,
  stale,
  choices,
  visitErrors,
  hasEmail,
  anchor,
  anchorDate,
  today,
  now,
  zone,
  onChange,
}: {
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  proposal: CarePlanProposal;
  stale: boolean;
  choices: Record<string, VisitChoice>;
  visitErrors: Record<string, string>;
  hasEmail: boolean;
  anchor: CarePlanAnchor;
  anchorDate: string;
  today: string;
  now: Date;
  zone: string;
  onChange: (key: string, choice: Partial<VisitChoice>) => void;
}) {
  const noPlace = proposal.visits.filter((v) => v.unbookable === 'NO_PLACE');
  const passed = proposal.visits.filter((v) => v.unbookable === 'PASSED');
  const booked = proposal.visits.length - noPlace.length - passed.length;
  return (
    <section aria-labelledby="plan-proposal-title" className="mt-6 space-y-3 border-t border-slate-200 pt-4">
      <h3
        id="plan-proposal-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
        Lịch đề xuất: {proposal.name}
      </h3>
      <p role="status" className="text-sm text-slate-700">
        {booked} lượt sẽ được đặt
        {noPlace.length > 0 && `; ${noPlace.length} lượt không còn chỗ trống`}
        {passed.length > 0 && `; ${passed.length} lượt đã qua khoảng thời gian`}.
      </p>
      {stale && (
        <Alert tone="warning" role="status">
          Mẫu, mốc tính hoặc mong muốn đã thay đổi: vui lòng đề xuất lại trước khi đặt.
        </Alert>
      )}
      <ol className="space-y-3">
        {proposal.visits.map((v) => (
          <li key={v.key}>
            <VisitProposal
              visit={v}
              choice={choices[v.key]!}
              error={visitErrors[v.key] || undefined}
              hasEmail={hasEmail}
              anchor={anchor}
              anchorDate={anchorDate}
              today={today}
              now={now}
              zone={zone}
              onChange={(choice) => onChange(v.key, choice)}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}

function VisitProposal({
  visit,
  choice,
  error,
  hasEmail,
  anchor,
  anchorDate,
  today,
  now,
  zone,
  onChange,
}: {
  visit: ProposedVisit;
  choice: VisitChoice;
  error: string | undefined;
  hasEmail: boolean;
  anchor: CarePlanAnchor;
  anchorDate: string;
  today: string;
  now: Date;
  zone: string;
  onChange: (choice: Partial<VisitChoice>) => void;
}) {
  const id = `visit-${visit.key}`;
  // Its slot: the one to book, or (no place) the one she waits for.
  const slotFields = (visitLabel: string) => (
    <SlotFields
      idPrefix={id}
      visitLabel={visitLabel}
      visit={visit}
      value={choice}
      onChange={onChange}
      error={error}
      anchor={anchor}
      anchorDate={anchorDate}
      today={today}
      now={now}
      zone={zone}
    />
  );
  return (
    <fieldset
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 p-3 md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)] md:gap-4"
    >
      <div className="mb-2 md:mb-0">
        <p id={`${id}-title`} className="font-semibold text-slate-900">
          {visit.label}
        </p>
        <p className="text-sm text-slate-600">{departmentName(visit.department)}</p>
        <p className="text-sm text-slate-700">Khoảng thời gian: {windowDates(visit.windowStart, visit.windowEnd)}</p>
        {visit.unbookable === 'NO_PLACE' && (
          <Badge tone="warning" className="mt-1">
            Không còn chỗ trống
          </Badge>
        )}
        {visit.unbookable === 'PASSED' && (
          <Badge tone="neutral" className="mt-1">
            Đã qua khoảng thời gian
          </Badge>
        )}
        {visit.proposal?.doctorName && <p className="text-sm text-slate-600">Bác sĩ: {visit.proposal.doctorName}</p>}
      </div>
      {visit.unbookable === 'PASSED' ? (
        <p className="text-sm text-slate-700">Khoảng thời gian của mốc này đã qua: mốc không được đặt lịch.</p>
      ) : visit.unbookable === 'NO_PLACE' ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">
            Không còn chỗ trống cho {visit.label}: chọn cách xử lý
          </legend>
          <div className="mt-1 space-y-1">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-if-no-place`}
                checked={choice.ifNoPlace === 'CALL_BACK'}
                onChange={() => onChange({ ifNoPlace: 'CALL_BACK' })}
                className="size-4 accent-brand-700"
              />
              Gọi lại sau (vào danh sách cần gọi lại)
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-if-no-place`}
                checked={choice.ifNoPlace === 'WAIT'}
                disabled={!hasEmail}
                aria-describedby={hasEmail ? undefined : `${id}-wait-hint`}
                onChange={() => onChange({ ifNoPlace: 'WAIT' })}
                className="size-4 accent-brand-700"
              />
              Vào danh sách chờ
            </label>
            {!hasEmail && (
              <p id={`${id}-wait-hint`} className="text-xs text-slate-600">
                Danh sách chờ cần e-mail của người bệnh để báo khi có chỗ.
              </p>
            )}
          </div>
          {choice.ifNoPlace === 'WAIT' && hasEmail && (
            <div className="mt-2">{slotFields(`${visit.label} (khung giờ muốn chờ)`)}</div>
          )}
        </fieldset>
      ) : (
        slotFields(visit.label)
      )}
    </fieldset>
  );
}

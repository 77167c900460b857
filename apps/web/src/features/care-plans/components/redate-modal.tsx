import { useEffect, useRef, useState } from 'react';
import {
  ANCHORS_OF_KIND,
  CARE_PLAN_TEXT,
  carePlanRedateRequestSchema,
  clinicMoment,
  type CarePlan,
  type CarePlanAnchor,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField, Input, inputClasses } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { closeWhenDone } from '@/lib/action-toast';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { errorMessage } from '@/lib/error-message';
import { useAskRedate } from '../api/ask-redate';
import { useProposeRedate, type CarePlanRedateProposal } from '../api/propose-redate';
import { useRedateCarePlan } from '../api/redate-care-plan';
import { windowDates } from '../care-plan-labels';
import { SlotFields, slotProblem, type SlotChoice } from './slot-fields';

/**
 * 'Đổi mốc tính' (a dating scan moves the due date): the remaining visits are proposed in their new
 * windows, any slot may be changed; the desk confirms (she is told once of all the changes), a doctor
 * sends it to the desk, which opens it again from the plan with his slots filled in.
 */
export function RedateModal({
  plan,
  mayConfirm,
  asked,
  onClose,
}: {
  plan: CarePlan;
  /** Moving her booked visits is the desk's (ADMIN, STAFF): a doctor sees the new schedule and sends it to the desk. */
  mayConfirm: boolean;
  /** The re-dating a doctor asked for, opened by the desk to confirm it. */
  asked?: CarePlan['pendingRedate'];
  onClose: () => void;
}) {
  const zone = clinicTimeZone();
  const [now] = useState(() => new Date());
  const today = clinicMoment(now, zone).date;
  const anchors = ANCHORS_OF_KIND[plan.kind];
  const [anchor, setAnchor] = useState<CarePlanAnchor>(asked?.anchor ?? plan.anchor);
  const [anchorDate, setAnchorDate] = useState(asked?.anchorDate ?? plan.anchorDate);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [proposal, setProposal] = useState<{ asked: string; visits: CarePlanRedateProposal['visits'] } | null>(null);
  const [choices, setChoices] = useState<Record<number, SlotChoice>>({});
  const [visitErrors, setVisitErrors] = useState<Record<number, string>>({});
  const propose = useProposeRedate();
  const redate = useRedateCarePlan();
  const ask = useAskRedate();
  const send = mayConfirm ? redate : ask;
  const heading = useRef<HTMLHeadingElement>(null);
  const askedKey = `${anchor}|${anchorDate}`;
  const stale = proposal !== null && proposal.asked !== askedKey;

  useEffect(() => {
    if (proposal) heading.current?.focus();
  }, [proposal]);

  const askProposal = () => {
    const parsed = carePlanRedateRequestSchema.safeParse({ anchor, anchorDate });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message);
    setFieldError(undefined);
    // The doctor's slots, where he chose one for the anchor he asked for; the proposal's elsewhere.
    const his = new Map(
      asked && asked.anchor === anchor && asked.anchorDate === anchorDate
        ? asked.visits.flatMap((m) => (m.date && m.time ? [[m.visitId, { date: m.date, time: m.time }] as const] : []))
        : [],
    );
    propose.mutate(
      { id: plan.id, anchor, anchorDate },
      {
        onSuccess: (answer) => {
          setChoices(
            Object.fromEntries(
              answer.visits.map((v) => [
                v.visitId,
                his.get(v.visitId) ?? { date: v.proposal?.date ?? '', time: v.proposal?.time ?? '' },
              ]),
            ),
          );
          setVisitErrors({});
          setProposal({ asked: askedKey, visits: answer.visits });
        },
      },
    );
  };

  // The desk opening a doctor's re-dating sees its schedule at once.
  const opened = useRef(false);
  useEffect(() => {
    if (!asked || opened.current) return;
    opened.current = true;
    askProposal();
    // Once, on opening: later proposals are asked with the button.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const confirm = () => {
    if (!proposal || stale) return;
    const problems: Record<number, string> = {};
    const visits = proposal.visits.map((v) => {
      if (v.unbookable) return { visitId: v.visitId, date: null, time: null };
      const choice = choices[v.visitId]!;
      const problem = slotProblem(v, choice, now, zone);
      if (problem) problems[v.visitId] = problem;
      return { visitId: v.visitId, date: choice.date, time: choice.time };
    });
    setVisitErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) return document.getElementById(`redate-${first}-date`)?.focus();
    send.mutate({ id: plan.id, body: { anchor, anchorDate, visits } }, closeWhenDone(onClose));
  };

  const error = propose.isError
    ? errorMessage(propose.error, 'Không đề xuất được lịch mới')
    : send.isError
      ? errorMessage(send.error, mayConfirm ? 'Không cập nhật được mốc tính' : 'Không gửi được đề xuất đổi mốc tính')
      : null;

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={send.isPending}
      size="xl"
      title="Đổi mốc tính"
      description={
        mayConfirm
          ? 'Các lượt khám còn lại được tính lại theo mốc mới. Người bệnh được báo một lần về mọi thay đổi.'
          : 'Các lượt khám còn lại được tính lại theo mốc mới. Quầy tiếp đón xác nhận rồi báo người bệnh một lần về mọi thay đổi.'
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
            Hủy
          </Button>
          <Button
            type="submit"
            form="redate-form"
            variant={proposal && !stale ? 'secondary' : 'primary'}
            loading={propose.isPending}
          >
            {propose.isPending ? 'Đang đề xuất...' : proposal ? 'Đề xuất lại' : 'Đề xuất lịch mới'}
          </Button>
          {proposal && (
            <Button onClick={confirm} loading={send.isPending} disabled={stale || propose.isPending}>
              {mayConfirm
                ? send.isPending
                  ? 'Đang cập nhật...'
                  : 'Xác nhận đổi lịch'
                : send.isPending
                  ? 'Đang gửi...'
                  : 'Gửi quầy xác nhận'}
            </Button>
          )}
        </>
      }
    >
      <form
        id="redate-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          askProposal();
        }}
        className="grid gap-3 md:grid-cols-2"
      >
        <FormField label="Mốc tính mới" required>
          {(c) => (
            <select
              {...c}
              data-autofocus
              className={inputClasses}
              value={anchor}
              onChange={(e) => setAnchor(e.target.value as CarePlanAnchor)}
            >
              {anchors.map((a) => (
                <option key={a} value={a}>
                  {CARE_PLAN_TEXT.anchors[a]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={`Ngày – ${CARE_PLAN_TEXT.anchors[anchor]}`} required error={fieldError}>
          {(c) => <Input {...c} type="date" value={anchorDate} onChange={(e) => setAnchorDate(e.target.value)} />}
        </FormField>
      </form>
      {error && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
      {proposal && (
        <section aria-labelledby="redate-proposal-title" className="mt-5 space-y-3 border-t border-slate-200 pt-4">
          <h3
            id="redate-proposal-title"
            ref={heading}
            tabIndex={-1}
            className="text-base font-semibold text-slate-900 focus:outline-none"
          >
            Lịch mới của {proposal.visits.length} lượt khám còn lại
          </h3>
          {!mayConfirm && (
            <Alert tone="info" role="status">
              Lịch hẹn của người bệnh chỉ đổi khi quầy tiếp đón xác nhận. Bấm “Gửi quầy xác nhận” để gửi mốc tính mới (
              {CARE_PLAN_TEXT.anchors[anchor]} {windowDates(anchorDate, anchorDate)}) và lịch này cho quầy.
            </Alert>
          )}
          {asked && mayConfirm && (
            <Alert tone="info" role="status">
              Lịch do {asked.askedByName ?? 'bác sĩ'} đề xuất: có thể đổi từng lượt trước khi xác nhận.
            </Alert>
          )}
          {stale && (
            <Alert tone="warning" role="status">
              Mốc tính đã thay đổi: vui lòng đề xuất lại trước khi xác nhận.
            </Alert>
          )}
          <ol className="space-y-3">
            {proposal.visits.map((v) => (
              <li
                key={v.visitId}
                className="rounded-xl border border-slate-200 p-3 md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)] md:gap-4"
              >
                <div className="mb-2 md:mb-0">
                  <p className="font-semibold text-slate-900">{v.label}</p>
                  <p className="text-sm text-slate-700">
                    Khoảng thời gian mới: {windowDates(v.windowStart, v.windowEnd)}
                  </p>
                  {v.unbookable === 'NO_PLACE' && (
                    <Badge tone="warning" className="mt-1">
                      Không còn chỗ trống: vào danh sách cần gọi lại
                    </Badge>
                  )}
                  {v.unbookable === 'PASSED' && (
                    <Badge tone="neutral" className="mt-1">
                      Đã qua khoảng thời gian
                    </Badge>
                  )}
                </div>
                {!v.unbookable && (
                  <SlotFields
                    idPrefix={`redate-${v.visitId}`}
                    visitLabel={v.label}
                    visit={v}
                    value={choices[v.visitId]!}
                    onChange={(choice) => {
                      setChoices((c) => ({ ...c, [v.visitId]: choice }));
                      setVisitErrors((e) => ({ ...e, [v.visitId]: '' }));
                    }}
                    error={visitErrors[v.visitId] || undefined}
                    anchor={anchor}
                    anchorDate={anchorDate}
                    today={today}
                    now={now}
                    zone={zone}
                  />
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
    </Modal>
  );
}

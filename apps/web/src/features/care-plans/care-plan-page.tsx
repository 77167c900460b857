import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, CalendarClock, CirclePlus, CircleStop, SkipForward } from 'lucide-react';
import {
  can,
  CARE_PLAN_MSG,
  CARE_PLAN_TEXT,
  carePlanSkipRequestSchema,
  carePlanStopRequestSchema,
  formatDate,
  formatDateTime,
  type CarePlan,
  type CarePlanVisit,
  type Role,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DetailField } from '@/components/ui/detail-field';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/hooks/use-current-user';
import { usePageTitle } from '@/hooks/use-page-title';
import { closeWhenDone, toastActionDone } from '@/lib/action-toast';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { useDeclineRedate } from './api/decline-redate';
import { useCarePlan } from './api/get-care-plan';
import { useSkipCarePlanVisit } from './api/skip-care-plan-visit';
import { useStopCarePlan } from './api/stop-care-plan';
import {
  CARE_PLANS_TITLE,
  departmentName,
  STATUS_TONES,
  statusText,
  telHref,
  VISIT_STATE_TONES,
  visitStateText,
  windowDates,
} from './care-plan-labels';
import { AddMilestoneModal } from './components/add-milestone-modal';
import { ReasonModal } from './components/reason-modal';
import { RedateModal } from './components/redate-modal';

type Dialog =
  | { kind: 'stop' }
  | { kind: 'skip'; visit: CarePlanVisit }
  | { kind: 'add' }
  | { kind: 'redate'; asked?: CarePlan['pendingRedate'] };

/** A visit still to come: not done, not skipped. */
const OPEN_STATES = new Set(['BOOKED', 'TO_BOOK', 'MISSED']);

/** The plan's visits as a timeline: those done, the next one, those later. */
export function timelineOf(visits: readonly CarePlanVisit[]) {
  const nextIndex = visits.findIndex((v) => OPEN_STATES.has(v.state));
  return visits.map((visit, i) => ({
    visit,
    place:
      nextIndex === -1 || i < nextIndex ? ('done' as const) : i === nextIndex ? ('next' as const) : ('later' as const),
  }));
}

const PLACE_TEXT = { done: 'Đã qua', next: 'Tiếp theo', later: 'Sau đó' } as const;

/** /admin/care-plans/:id — one plan: her, where she is today, the timeline of visits and the actions by role. */
export default function CarePlanPage() {
  const { id } = useParams();
  const planId = Number(id);
  const valid = Number.isInteger(planId) && planId > 0;
  const plan = useCarePlan(valid ? planId : null);
  usePageTitle(CARE_PLANS_TITLE);
  return (
    <div className="space-y-6">
      <Link
        to={paths.admin.carePlans}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {CARE_PLANS_TITLE}
      </Link>
      {!valid ? (
        <Alert tone="error">{CARE_PLAN_MSG.invalidId}</Alert>
      ) : (
        <QueryState query={plan} loadingLabel="Đang tải kế hoạch..." errorTitle={CARE_PLAN_MSG.notFound}>
          {(data) => <PlanDetail plan={data} />}
        </QueryState>
      )}
    </div>
  );
}

function PlanDetail({ plan }: { plan: CarePlan }) {
  const user = useCurrentUser();
  const zone = clinicTimeZone();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const active = plan.status === 'ACTIVE';
  const canChange = active && can(user.role, 'changeCarePlans');
  const stop = useStopCarePlan();
  const skip = useSkipCarePlanVisit();

  return (
    <>
      <div className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">{plan.fullName}</h1>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
              {plan.name} · {CARE_PLAN_TEXT.kinds[plan.kind]}
              <Badge tone={STATUS_TONES[plan.status]}>{statusText(plan.status)}</Badge>
            </p>
          </div>
          <PlanActions role={user.role} plan={plan} canChange={canChange} onOpen={setDialog} />
        </div>
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <DetailField label="Số điện thoại">
            <a href={telHref(plan.phone)} className="text-brand-800 hover:underline">
              {plan.phone}
            </a>
          </DetailField>
          <DetailField label="Email">{plan.email}</DetailField>
          <DetailField label={CARE_PLAN_TEXT.anchors[plan.anchor]}>{formatDate(plan.anchorDate)}</DetailField>
          <DetailField label="Hôm nay">{plan.todayText}</DetailField>
        </dl>
        {plan.stopRequestedAt && (
          <Alert tone="warning" role="status" title="Người bệnh đã yêu cầu dừng kế hoạch">
            Yêu cầu gửi lúc {formatDateTime(plan.stopRequestedAt, zone)}. Người bệnh không tự dừng được: hãy liên hệ rồi
            dừng kế hoạch nếu phù hợp.
          </Alert>
        )}
        {active && plan.pendingRedate && (
          <PendingRedate
            plan={plan}
            asked={plan.pendingRedate}
            mayConfirm={can(user.role, 'confirmCarePlanMoves')}
            onOpen={() => setDialog({ kind: 'redate', asked: plan.pendingRedate })}
          />
        )}
        {plan.status === 'STOPPED' && plan.stopReason && (
          <Alert tone="info" role="status" title="Lý do dừng">
            {plan.stopReason}
          </Alert>
        )}
      </div>

      <section aria-labelledby="plan-timeline" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 id="plan-timeline" className="mb-4 text-lg font-semibold text-slate-900">
          Các lượt khám
        </h2>
        <ol className="relative space-y-4 border-l border-slate-200 pl-5">
          {timelineOf(plan.visits).map(({ visit, place }) => (
            <li key={visit.id} className="relative" aria-current={place === 'next' ? 'step' : undefined}>
              <span
                aria-hidden="true"
                className={cn(
                  'absolute top-1.5 -left-[25px] size-2.5 rounded-full border-2 border-white ring-1',
                  place === 'next'
                    ? 'bg-brand-600 ring-brand-600'
                    : place === 'done'
                      ? 'bg-emerald-600 ring-emerald-600'
                      : 'bg-slate-300 ring-slate-300',
                )}
              />
              <VisitEntry
                visit={visit}
                place={place}
                canSkip={canChange && OPEN_STATES.has(visit.state)}
                onSkip={() => setDialog({ kind: 'skip', visit })}
              />
            </li>
          ))}
        </ol>
      </section>

      {dialog?.kind === 'stop' && (
        <ReasonModal
          title="Dừng kế hoạch"
          description="Các lượt khám sắp tới của kế hoạch sẽ bị hủy (hoàn tiền nếu đã thanh toán); người bệnh nhận một tin báo."
          label="Lý do dừng kế hoạch"
          confirmText="Dừng kế hoạch"
          pendingText="Đang dừng..."
          danger
          schema={carePlanStopRequestSchema}
          pending={stop.isPending}
          error={stop.isError ? errorMessage(stop.error, 'Không dừng được kế hoạch') : null}
          onSubmit={(reason) => stop.mutate({ id: plan.id, reason }, closeWhenDone(close))}
          onClose={close}
        />
      )}
      {dialog?.kind === 'skip' && (
        <ReasonModal
          title={`Bỏ qua mốc: ${dialog.visit.label}`}
          description="Lịch hẹn của mốc này (nếu có) sẽ bị hủy."
          label="Lý do bỏ qua mốc"
          confirmText="Bỏ qua mốc"
          pendingText="Đang lưu..."
          schema={carePlanSkipRequestSchema}
          pending={skip.isPending}
          error={skip.isError ? errorMessage(skip.error, 'Không bỏ qua được mốc này') : null}
          onSubmit={(reason) => skip.mutate({ id: plan.id, visitId: dialog.visit.id, reason }, closeWhenDone(close))}
          onClose={close}
        />
      )}
      {dialog?.kind === 'add' && <AddMilestoneModal plan={plan} onClose={close} />}
      {dialog?.kind === 'redate' && (
        <RedateModal
          plan={plan}
          mayConfirm={can(user.role, 'confirmCarePlanMoves')}
          asked={dialog.asked}
          onClose={close}
        />
      )}
    </>
  );
}

/** A doctor's re-dating waiting for the desk: the desk opens it to confirm, or turns it down. */
function PendingRedate({
  plan,
  asked,
  mayConfirm,
  onOpen,
}: {
  plan: CarePlan;
  asked: NonNullable<CarePlan['pendingRedate']>;
  mayConfirm: boolean;
  onOpen: () => void;
}) {
  const zone = clinicTimeZone();
  const decline = useDeclineRedate();
  return (
    <Alert tone="warning" role="status" title="Bác sĩ đề nghị đổi mốc tính">
      <p>
        {asked.askedByName ?? 'Bác sĩ'} đề nghị tính lại kế hoạch từ{' '}
        {CARE_PLAN_TEXT.anchors[asked.anchor].toLowerCase()} {formatDate(asked.anchorDate)} (gửi lúc{' '}
        {formatDateTime(asked.askedAt, zone)}).{' '}
        {mayConfirm
          ? 'Lịch hẹn của người bệnh chưa đổi: xem lịch mới rồi xác nhận, hoặc bỏ đề xuất.'
          : 'Đang chờ quầy tiếp đón xác nhận; lịch hẹn của người bệnh chưa đổi.'}
      </p>
      {mayConfirm && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={onOpen}>
            Xem và xác nhận
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={decline.isPending}
            onClick={() => decline.mutate(plan.id, { onSuccess: toastActionDone })}
          >
            {decline.isPending ? 'Đang bỏ...' : 'Bỏ đề xuất'}
          </Button>
        </div>
      )}
      {decline.isError && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-800">
          {errorMessage(decline.error, 'Không bỏ được đề xuất đổi mốc tính')}
        </p>
      )}
    </Alert>
  );
}

function PlanActions({
  role,
  plan,
  canChange,
  onOpen,
}: {
  role: Role;
  plan: CarePlan;
  canChange: boolean;
  onOpen: (dialog: Dialog) => void;
}) {
  const canStop = plan.status === 'ACTIVE' && can(role, 'stopCarePlans');
  if (!canChange && !canStop) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {canChange && (
        <>
          <Button variant="secondary" size="sm" onClick={() => onOpen({ kind: 'add' })}>
            <CirclePlus aria-hidden="true" className="size-4" />
            Thêm mốc
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onOpen({ kind: 'redate' })}>
            <CalendarClock aria-hidden="true" className="size-4" />
            Đổi mốc tính
          </Button>
        </>
      )}
      {canStop && (
        <Button variant="danger" size="sm" onClick={() => onOpen({ kind: 'stop' })}>
          <CircleStop aria-hidden="true" className="size-4" />
          Dừng kế hoạch
        </Button>
      )}
    </div>
  );
}

function VisitEntry({
  visit,
  place,
  canSkip,
  onSkip,
}: {
  visit: CarePlanVisit;
  place: 'done' | 'next' | 'later';
  canSkip: boolean;
  onSkip: () => void;
}) {
  const a = visit.appointment;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
      <div className="space-y-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{visit.label}</span>
          <Badge tone={VISIT_STATE_TONES[visit.state]}>{visitStateText(visit.state)}</Badge>
          <span className={cn('text-xs', place === 'next' ? 'font-semibold text-brand-800' : 'text-slate-500')}>
            {PLACE_TEXT[place]}
          </span>
        </p>
        <p className="text-sm text-slate-700">
          Khoảng thời gian: {windowDates(visit.windowStart, visit.windowEnd)} · {departmentName(visit.department)}
        </p>
        {a && (
          <p className="text-sm text-slate-700">
            Lịch hẹn: {a.time} ngày {formatDate(a.date)} · {a.dayText}
            {a.doctorName ? ` · ${a.doctorName}` : ''}
          </p>
        )}
        {visit.skipReason && <p className="text-sm text-slate-600">Lý do bỏ qua: {visit.skipReason}</p>}
      </div>
      {canSkip && (
        <Button variant="ghost" size="sm" onClick={onSkip} aria-label={`Bỏ qua mốc ${visit.label}`}>
          <SkipForward aria-hidden="true" className="size-4" />
          Bỏ qua mốc
        </Button>
      )}
    </div>
  );
}

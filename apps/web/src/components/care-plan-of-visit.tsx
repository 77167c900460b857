import { ClipboardList } from 'lucide-react';
import { CARE_PLAN_MSG, formatDate } from '@clinic/shared';
import { useCarePlanOfAppointment } from '@/api/get-care-plan-of-appointment';
import { PlanVisitItem, visitPhases } from '@/components/care-plan-timeline';
import { Button } from '@/components/ui/button';
import { clinicTimeZone } from '@/lib/clinic-time-zone';
import { cn } from '@/lib/cn';

export const CARE_PLAN_BLOCK_TITLE = 'Kế hoạch chăm sóc';

/**
 * 'Kế hoạch chăm sóc' on the doctor's (and the desk's) view of one visit (issue 37, docs/PRODUCT.md
 * §15): the plan, this visit's milestone, where she is that day (the week of pregnancy, the day of
 * the cycle), and the visits before it with their states. Nothing at all while it loads or when the
 * visit belongs to no plan, so the view does not jump or flash an empty box.
 */
export function CarePlanOfVisit({
  appointmentId,
  headingLevel = 3,
  className,
}: {
  appointmentId: number;
  headingLevel?: 3 | 4;
  className?: string;
}) {
  const query = useCarePlanOfAppointment(appointmentId);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const headingId = `care-plan-of-${appointmentId}`;

  if (query.isError) {
    return (
      <p className={cn('flex flex-wrap items-center gap-2 text-sm text-slate-600', className)}>
        Không tải được kế hoạch chăm sóc của lượt khám này.
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Tải lại
        </Button>
      </p>
    );
  }
  const data = query.data;
  if (!data?.plan) return null;
  const plan = data.plan;

  const index = plan.visits.findIndex((v) => v.id === data.visitId);
  const visit = index >= 0 ? plan.visits[index]! : null;
  const phases = visitPhases(plan.visits, plan.status);
  const before = index >= 0 ? plan.visits.slice(0, index) : [];

  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-xl border border-brand-200 bg-brand-50/40 p-4', className)}
    >
      <Heading id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <ClipboardList aria-hidden="true" className="size-5 text-brand-700" />
        {CARE_PLAN_BLOCK_TITLE}
      </Heading>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">Kế hoạch</dt>
        <dd className="font-medium text-slate-900">
          {plan.name} <span className="font-normal text-slate-600">({CARE_PLAN_MSG.statuses[plan.status]})</span>
        </dd>
        {visit && (
          <>
            <dt className="text-slate-600">Mốc của lượt khám này</dt>
            <dd className="font-medium text-slate-900">{visit.label}</dd>
          </>
        )}
        {data.dayText && (
          <>
            <dt className="text-slate-600">Vào ngày khám</dt>
            <dd className="font-medium text-slate-900">{data.dayText}</dd>
          </>
        )}
        {plan.stopRequestedAt && (
          <>
            <dt className="text-slate-600">Yêu cầu dừng</dt>
            <dd className="text-slate-900">
              Bệnh nhân đã yêu cầu dừng kế hoạch ngày {formatDate(plan.stopRequestedAt, clinicTimeZone())}
            </dd>
          </>
        )}
      </dl>
      <p className="mt-4 text-sm font-medium text-slate-800">Các lượt khám trước</p>
      {before.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Đây là lượt khám đầu tiên của kế hoạch.</p>
      ) : (
        <ol aria-label="Các lượt khám trước của kế hoạch" className="mt-2 space-y-2">
          {before.map((v, i) => (
            // Before this visit: over, or still open (missed, to book), never "next" from here.
            <PlanVisitItem key={v.id} plan={plan} visit={v} phase={phases[i] === 'done' ? 'done' : 'later'} />
          ))}
        </ol>
      )}
    </section>
  );
}

import type { ReactNode } from 'react';
import { CalendarCheck, CalendarClock, CircleCheck, CircleSlash, CircleX } from 'lucide-react';
import {
  CARE_PLAN_MSG,
  formatDate,
  formatLongDate,
  planDayText,
  type CarePlanStatus,
  type CarePlanVisit,
  type PatientCarePlan,
  type PlanVisitState,
} from '@clinic/shared';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

// A care plan as she (and the doctor) read it (issue 37, docs/PRODUCT.md §15): an ordered list of its
// visits, each saying its state in words, for a pregnancy the week and day; read on a 360px phone.

/** Where a visit stands in her course: over, the one to come next, or after it. */
export type VisitPhase = 'done' | 'next' | 'later';

export const PHASE_TEXT: Record<VisitPhase, string> = { done: 'Đã qua', next: 'Tiếp theo', later: 'Sắp tới' };

const STATE_TONE: Record<PlanVisitState, BadgeTone> = {
  DONE: 'success',
  BOOKED: 'brand',
  TO_BOOK: 'warning',
  MISSED: 'danger',
  SKIPPED: 'neutral',
};

const STATE_ICON = {
  DONE: CircleCheck,
  BOOKED: CalendarCheck,
  TO_BOOK: CalendarClock,
  MISSED: CircleX,
  SKIPPED: CircleSlash,
} as const;

const STATUS_TONE: Record<CarePlanStatus, BadgeTone> = { ACTIVE: 'brand', STOPPED: 'neutral', COMPLETED: 'success' };

/** A visit that took place or was skipped is over; the first one after the last of those is next (a running plan only). */
export function visitPhases(visits: readonly Pick<CarePlanVisit, 'state'>[], status: CarePlanStatus): VisitPhase[] {
  const over = (state: PlanVisitState) => state === 'DONE' || state === 'SKIPPED';
  let nextGiven = status !== 'ACTIVE';
  return visits.map((v) => {
    if (over(v.state)) return 'done';
    if (nextGiven) return 'later';
    nextGiven = true;
    return 'next';
  });
}

type PlanCounting = Pick<PatientCarePlan, 'kind' | 'anchor' | 'anchorDate'>;

/**
 * When a visit is: its appointment's day and time once booked (and not missed), else its window
 * "từ … đến …"; and where she is then: the server's dayText, or for a pregnancy the window in weeks.
 */
export function visitWhen(plan: PlanCounting, visit: CarePlanVisit): { when: string; day: string | null } {
  const booked = visit.appointment && (visit.state === 'DONE' || visit.state === 'BOOKED') ? visit.appointment : null;
  if (booked) return { when: `${formatLongDate(booked.date)}, ${booked.time}`, day: booked.dayText };
  const when = `Từ ${formatDate(visit.windowStart)} đến ${formatDate(visit.windowEnd)}`;
  if (plan.kind !== 'ANTENATAL') return { when, day: null };
  const from = planDayText(plan.anchor, plan.anchorDate, visit.windowStart);
  const to = planDayText(plan.anchor, plan.anchorDate, visit.windowEnd);
  return { when, day: from === to ? from : `${from} đến ${to.toLowerCase()}` };
}

/** One visit of a plan: its label, when, where she is then, and its state in words (the colour only repeats it). */
export function PlanVisitItem({
  plan,
  visit,
  phase,
  className,
}: {
  plan: PlanCounting;
  visit: CarePlanVisit;
  phase: VisitPhase;
  className?: string;
}) {
  const { when, day } = visitWhen(plan, visit);
  const Icon = STATE_ICON[visit.state];
  return (
    <li
      aria-current={phase === 'next' ? 'step' : undefined}
      className={cn(
        'relative flex gap-3 rounded-xl border px-3 py-3',
        phase === 'next' ? 'border-brand-300 bg-brand-50/60' : 'border-slate-200 bg-white',
        phase === 'done' && 'bg-slate-50',
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'mt-0.5 size-5 shrink-0',
          visit.state === 'DONE' && 'text-emerald-700',
          visit.state === 'MISSED' && 'text-red-700',
          visit.state !== 'DONE' && visit.state !== 'MISSED' && 'text-slate-500',
        )}
      />
      <div className="min-w-0 flex-1 space-y-1">
        {phase === 'next' && (
          <p className="text-xs font-semibold tracking-wide text-brand-800 uppercase">{PHASE_TEXT.next}</p>
        )}
        <p className="font-medium break-words text-slate-900">{visit.label}</p>
        <p className="text-sm text-slate-700">{when}</p>
        {day && <p className="text-sm text-slate-600">{day}</p>}
        <p>
          <Badge tone={STATE_TONE[visit.state]}>
            <span className="sr-only">Trạng thái: </span>
            {CARE_PLAN_MSG.visitStates[visit.state]}
          </Badge>
        </p>
      </div>
    </li>
  );
}

/** The plan's name, status and "today", with room under them for what she may do (`children`). */
export function CarePlanTimeline({
  plan,
  headingLevel = 2,
  children,
}: {
  plan: PatientCarePlan;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `care-plan-${plan.id}-title`;
  const phases = visitPhases(plan.visits, plan.status);
  const counts = {
    done: phases.filter((p) => p === 'done').length,
    total: plan.visits.length,
  };
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={headingId} className="min-w-0 text-lg font-semibold break-words text-slate-900">
          {plan.name}
        </Heading>
        <Badge tone={STATUS_TONE[plan.status]}>
          <span className="sr-only">Trạng thái kế hoạch: </span>
          {CARE_PLAN_MSG.statuses[plan.status]}
        </Badge>
      </div>
      {plan.status === 'ACTIVE' && (
        <p className="mt-1 text-sm text-slate-700">
          Hôm nay: <span className="font-medium text-slate-900">{plan.todayText}</span>
        </p>
      )}
      <p className="mt-1 text-sm text-slate-600">
        Đã qua {counts.done} trên {counts.total} lượt khám
      </p>
      <ol aria-label={`Các lượt khám của ${plan.name}`} className="mt-4 space-y-2">
        {plan.visits.map((visit, i) => (
          <PlanVisitItem key={visit.id} plan={plan} visit={visit} phase={phases[i]!} />
        ))}
      </ol>
      {children && <div className="mt-4 border-t border-slate-100 pt-4">{children}</div>}
    </section>
  );
}

import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { ADMIN_SCREENS, CARE_PLAN_KINDS, CARE_PLAN_TEXT } from '@clinic/shared';
import { Spinner } from '@/components/ui/spinner';
import { useCarePlanSummary } from '../api/get-care-plan-summary';

/** "80%" of the month's milestone visits that took place inside their window, or none yet. */
export function inWindowShare(month: { done: number; inWindow: number }): string | null {
  if (month.done === 0) return null;
  return `${Math.round((month.inWindow / month.done) * 100).toLocaleString('vi-VN')}%`;
}

/**
 * The dashboard's care plans (issue 37; who may read them): the plans running by kind, and how many
 * of this month's milestone visits took place inside their window.
 */
export function CarePlansPanel() {
  const summary = useCarePlanSummary(true);
  return (
    <section aria-labelledby="care-plans-panel" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="care-plans-panel" className="mb-4 text-base font-semibold text-slate-900">
        Kế hoạch chăm sóc
      </h2>
      {summary.isPending ? (
        <Spinner label="Đang tải số liệu kế hoạch chăm sóc..." />
      ) : summary.isError ? (
        <p className="text-sm text-slate-600">
          Không tải được số liệu kế hoạch chăm sóc.{' '}
          <button
            type="button"
            className="font-medium text-brand-700 hover:underline"
            onClick={() => void summary.refetch()}
          >
            Thử lại
          </button>
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
          <dl className="grid grid-cols-3 gap-3 text-sm">
            {CARE_PLAN_KINDS.map((kind) => (
              <div key={kind}>
                <dt className="text-slate-600">{CARE_PLAN_TEXT.kinds[kind]}</dt>
                <dd className="text-2xl font-bold text-slate-900 tabular-nums">
                  {(summary.data.running[kind] ?? 0).toLocaleString('vi-VN')}
                </dd>
              </div>
            ))}
          </dl>
          <div className="text-sm">
            <p className="text-slate-600">Lượt khám theo mốc tháng này đúng khoảng thời gian</p>
            <p className="text-2xl font-bold text-slate-900 tabular-nums">{inWindowShare(summary.data.month) ?? '—'}</p>
            <p className="text-slate-600">
              {summary.data.month.inWindow.toLocaleString('vi-VN')} / {summary.data.month.done.toLocaleString('vi-VN')}{' '}
              lượt đã khám
            </p>
          </div>
        </div>
      )}
      <p className="mt-3">
        <Link
          to={ADMIN_SCREENS.carePlans.path}
          className="inline-flex min-h-11 items-center gap-1 rounded-lg text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Xem các kế hoạch đang theo dõi
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </p>
    </section>
  );
}

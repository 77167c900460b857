import type { UseQueryResult } from '@tanstack/react-query';
import type { PatientCarePlan } from '@clinic/shared';
import { CarePlanTimeline } from '@/components/care-plan-timeline';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { useAskStopMyCarePlan } from '../api/ask-stop-my-care-plan';
import { MY_CARE_PLANS_FAILED } from '../api/get-my-care-plans';
import { CarePlanStopRequest } from './care-plan-stop-request';

/**
 * Her care plans on 'Lịch hẹn của tôi' (issue 37, docs/PRODUCT.md §15), above her appointments: each
 * a timeline, with her request to stop it. Nothing when she has none; the page waits for them
 * before it shows her appointments, so the list does not jump down when they arrive.
 */
export function MyCarePlans({ plans }: { plans: UseQueryResult<PatientCarePlan[]> }) {
  const ask = useAskStopMyCarePlan();
  if (plans.isError) {
    return (
      <div className="mt-6">
        <LoadErrorAlert
          title={MY_CARE_PLANS_FAILED}
          message={plans.error.message === MY_CARE_PLANS_FAILED ? '' : plans.error.message}
          onRetry={() => void plans.refetch()}
          retrying={plans.isFetching}
        />
      </div>
    );
  }
  if (!plans.data || plans.data.length === 0) return null;
  return (
    <section aria-labelledby="my-care-plans-title" className="mt-6 space-y-4">
      <h2 id="my-care-plans-title" className="text-xl font-semibold text-slate-900">
        Kế hoạch chăm sóc của tôi
      </h2>
      <ul className="grid gap-4 lg:grid-cols-2">
        {plans.data.map((plan) => (
          <li key={plan.id} className="min-w-0">
            <CarePlanTimeline plan={plan} headingLevel={3}>
              <CarePlanStopRequest
                plan={plan}
                sender={{
                  send: ({ onSuccess }) => ask.mutate(plan.id, { onSuccess }),
                  pending: ask.isPending && ask.variables === plan.id,
                  error: ask.isError && ask.variables === plan.id ? ask.error : null,
                  reset: ask.reset,
                }}
              />
            </CarePlanTimeline>
          </li>
        ))}
      </ul>
    </section>
  );
}

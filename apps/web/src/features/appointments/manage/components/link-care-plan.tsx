import type { PatientCarePlan } from '@clinic/shared';
import { CarePlanTimeline } from '@/components/care-plan-timeline';
import { useAskStopCarePlanByLink } from '../../api/ask-stop-care-plan-by-link';
import { CarePlanStopRequest } from '../../components/care-plan-stop-request';

/** The care plan her visit belongs to, behind her private link (issue 37): its timeline and her request to stop it. */
export function LinkCarePlan({ token, plan }: { token: string; plan: PatientCarePlan }) {
  const ask = useAskStopCarePlanByLink();
  return (
    <CarePlanTimeline plan={plan}>
      <CarePlanStopRequest
        plan={plan}
        sender={{
          send: ({ onSuccess }) => ask.mutate(token, { onSuccess }),
          pending: ask.isPending,
          error: ask.isError ? ask.error : null,
          reset: ask.reset,
        }}
      />
    </CarePlanTimeline>
  );
}

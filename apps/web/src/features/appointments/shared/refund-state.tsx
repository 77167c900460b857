import { refundStateText, refundTiming, type RefundSummary } from '@clinic/shared';

/**
 * Her money back as she reads it (issue 35): the words staff read, and, until it is done, how and
 * when it comes. Her link and My Appointments show it under 'Hoàn tiền'.
 */
export function RefundState({ refund }: { refund: RefundSummary }) {
  return (
    <>
      {refundStateText(refund, false)}
      {refund.status !== 'DONE' && (
        <span className="mt-0.5 block text-sm font-normal text-slate-700">
          Tiền sẽ được {refundTiming(refund.provider)}.
        </span>
      )}
    </>
  );
}

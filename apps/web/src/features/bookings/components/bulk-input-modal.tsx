import { useState } from 'react';
import { APPOINTMENT_LIMITS, APPOINTMENT_MSG, bulkRequestPaymentRequestSchema, REACHED_TEXT } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { CharCount } from '@/components/ui/char-count';
import { FormField, Textarea } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { cancelReasonProblem } from './cancel-appointment-modal';
import { AmountField, parseAmount } from './request-payment-modal';

type BulkInputModalProps = {
  kind: 'cancel' | 'request-payment';
  count: number;
  pending: boolean;
  onSubmit: (value: { reason?: string; amount?: number }) => void;
  onClose: () => void;
};

/** What a bulk cancel (a reason) or a bulk payment request (one amount, 'Vui lòng nhập số tiền hợp lệ') needs. */
export function BulkInputModal({ kind, count, pending, onSubmit, onClose }: BulkInputModalProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = kind === 'cancel';

  function submit() {
    if (cancel) {
      const problem = cancelReasonProblem(text);
      if (problem) return setError(problem);
      return onSubmit({ reason: text.trim() });
    }
    const amount = parseAmount(text);
    const parsed = bulkRequestPaymentRequestSchema.safeParse({
      ids: [1],
      amount: text.trim() === '' ? undefined : amount,
    });
    if (!parsed.success)
      return setError(
        parsed.error.issues.find((i) => i.path[0] === 'amount')?.message ?? APPOINTMENT_MSG.bulkAmountInvalid,
      );
    onSubmit({ amount: parsed.data.amount });
  }

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={pending}
      title={cancel ? `Hủy ${count} lịch hẹn` : `Yêu cầu thanh toán cho ${count} lịch hẹn`}
      description={
        cancel
          ? REACHED_TEXT.eachPatientHears('thông báo hủy với lý do này')
          : REACHED_TEXT.eachPatientHears('số tiền này và liên kết thanh toán')
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Đóng
          </Button>
          <Button variant={cancel ? 'danger' : 'primary'} onClick={submit} loading={pending}>
            {pending ? 'Đang xử lý...' : cancel ? 'Hủy các lịch hẹn' : 'Gửi yêu cầu'}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {cancel ? (
          <FormField
            label="Lý do hủy"
            required
            error={error ?? undefined}
            hint={<CharCount length={text.trim().length} max={APPOINTMENT_LIMITS.cancelReason} />}
          >
            {(c) => (
              <Textarea
                {...c}
                rows={4}
                value={text}
                onChange={(event) => {
                  setText(event.target.value);
                  setError(null);
                }}
                data-autofocus
              />
            )}
          </FormField>
        ) : (
          <AmountField
            text={text}
            error={error}
            onChange={(value) => {
              setText(value);
              setError(null);
            }}
          />
        )}
      </form>
    </Modal>
  );
}

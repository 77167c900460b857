import { useState } from 'react';
import {
  APPOINTMENT_MSG,
  BOOKING_UI_MSG,
  formatVnd,
  reachedBy,
  REACHED_TEXT,
  requestPaymentRequestSchema,
  type Appointment,
} from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, Input } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { closeWhenDone } from '@/lib/action-toast';
import { useBackOfficeErrorText } from '@/hooks/use-back-office-text';
import { useRequestPayment } from '../api/request-payment';

/** The typed amount ("500.000" or "500000") as a number, or the text as it is when it is no number. */
export function parseAmount(text: string): number | string {
  const digits = text.replace(/[.\s,]|VNĐ|đ/gi, '');
  return /^-?\d+$/.test(digits) ? Number(digits) : text.trim();
}

/** 'Số tiền (VNĐ)': the typed amount, shown back in đồng as it is typed. */
export function AmountField({
  text,
  error,
  onChange,
}: {
  text: string;
  error: string | null;
  onChange: (text: string) => void;
}) {
  const amount = parseAmount(text);
  return (
    <FormField
      label="Số tiền (VNĐ)"
      required
      error={error ?? undefined}
      hint={typeof amount === 'number' && amount > 0 ? formatVnd(amount) : 'Ví dụ: 500000'}
    >
      {(c) => (
        <Input
          {...c}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          data-autofocus
        />
      )}
    </FormField>
  );
}

/** 'Yêu cầu thanh toán' (CONFIRMED or NEEDS_PAYMENT): an amount in đồng, > 0, checked with the shared rule. */
export function RequestPaymentModal({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const request = useRequestPayment();
  const errorText = useBackOfficeErrorText();
  const [text, setText] = useState(appointment.paymentAmount ? String(appointment.paymentAmount) : '');
  const [error, setError] = useState<string | null>(null);
  const amount = parseAmount(text);

  function submit() {
    const parsed = requestPaymentRequestSchema.safeParse({ amount: text.trim() === '' ? undefined : amount });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? APPOINTMENT_MSG.amountPositive);
    request.mutate({ id: appointment.id, amount: parsed.data.amount }, closeWhenDone(onClose));
  }

  return (
    <Modal
      open
      onClose={onClose}
      preventClose={request.isPending}
      title="Yêu cầu thanh toán"
      description={`#${appointment.id} · ${appointment.fullName}. ${REACHED_TEXT.patientHears(reachedBy(appointment), 'số tiền cần thanh toán và liên kết thanh toán')}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={request.isPending}>
            Đóng
          </Button>
          <Button onClick={submit} loading={request.isPending}>
            {request.isPending ? 'Đang gửi...' : 'Gửi yêu cầu'}
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
        className="space-y-4"
      >
        {request.isError && <Alert tone="error">{errorText(request.error, BOOKING_UI_MSG.requestPaymentFailed)}</Alert>}
        <AmountField
          text={text}
          error={error}
          onChange={(value) => {
            setText(value);
            setError(null);
          }}
        />
      </form>
    </Modal>
  );
}

import type { ReactNode } from 'react';
import { APPOINTMENT_LIMITS, type Appointment } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CharCount } from '@/components/ui/char-count';
import { FormField, Textarea } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { AssignmentSummary } from './approval-parts';

type AnswerModalProps = {
  appointment: Appointment;
  onClose: () => void;
  title: string;
  /** The answer is on its way: the window stays open and its buttons wait. */
  pending: boolean;
  /** The server refused it: said above the field. */
  failure: string | null;
  submit: { label: string; onClick: () => void; disabled: boolean; danger?: boolean };
  /** What the answer will do, said before the field. */
  notice?: ReactNode;
  field: {
    label: string;
    required?: boolean;
    value: string;
    onChange: (value: string) => void;
    onBlur?: () => void;
    error: string | undefined;
    placeholder: string;
  };
};

/** The doctor's answer to an assignment (accept with a message, decline with a reason): the appointment, one text, two buttons. */
export function AssignmentAnswerModal({
  appointment,
  onClose,
  title,
  pending,
  failure,
  submit,
  notice,
  field,
}: AnswerModalProps) {
  return (
    <Modal
      open
      onClose={onClose}
      preventClose={pending}
      title={title}
      description={`#${appointment.id} · ${appointment.fullName}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Đóng
          </Button>
          <Button
            variant={submit.danger ? 'danger' : undefined}
            onClick={submit.onClick}
            loading={pending}
            disabled={submit.disabled}
          >
            {submit.label}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <AssignmentSummary appointment={appointment} />
        {notice}
        {failure && <Alert tone="error">{failure}</Alert>}
        <FormField
          label={field.label}
          required={field.required}
          error={field.error}
          hint={<CharCount length={field.value.trim().length} max={APPOINTMENT_LIMITS.doctorResponse} />}
        >
          {(c) => (
            <Textarea
              {...c}
              rows={4}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
              onBlur={field.onBlur}
              placeholder={field.placeholder}
              data-autofocus
            />
          )}
        </FormField>
      </div>
    </Modal>
  );
}

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, Textarea } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';

type ReasonSchema = z.ZodType<{ reason: string }, { reason: string }>;

/**
 * A window asking a required reason (stopping a plan, skipping a milestone), checked with the shared
 * schema of its call; the server's refusal is shown in it.
 */
export function ReasonModal({
  title,
  description,
  label,
  confirmText,
  pendingText,
  schema,
  pending,
  error,
  danger,
  onSubmit,
  onClose,
}: {
  title: string;
  description: string;
  label: string;
  confirmText: string;
  pendingText: string;
  schema: ReasonSchema;
  pending: boolean;
  error: string | null;
  danger?: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ reason: string }>({ resolver: zodResolver(schema), defaultValues: { reason: '' } });
  const formId = 'reason-form';
  return (
    <Modal
      open
      onClose={onClose}
      preventClose={pending}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Hủy
          </Button>
          <Button type="submit" form={formId} variant={danger ? 'danger' : 'primary'} loading={pending}>
            {pending ? pendingText : confirmText}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void handleSubmit(({ reason }) => onSubmit(reason))(e)}>
        {error && (
          <Alert tone="error" className="mb-3">
            {error}
          </Alert>
        )}
        <FormField label={label} required error={errors.reason?.message}>
          {(c) => <Textarea {...c} data-autofocus rows={3} maxLength={500} {...register('reason')} />}
        </FormField>
      </form>
    </Modal>
  );
}

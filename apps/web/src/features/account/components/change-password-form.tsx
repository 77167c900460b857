import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { ACCOUNT_MSG, changePasswordFormSchema, PASSWORD_MIN_LENGTH } from '@clinic/shared';
import { PasswordInput } from '@/components/ui/password-input';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { useChangePassword } from '../api/change-password';

export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const mutation = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    mutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset();
          toast.success(ACCOUNT_MSG.passwordChanged);
          onChanged?.();
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Đổi mật khẩu">
      {mutation.isError && <Alert tone="error">{mutation.error.message || ACCOUNT_MSG.changePasswordFailed}</Alert>}

      <FormField label="Mật khẩu hiện tại" id="currentPassword" error={errors.currentPassword?.message} required>
        {(control) => <PasswordInput {...control} {...register('currentPassword')} autoComplete="current-password" />}
      </FormField>
      <FormField
        label="Mật khẩu mới"
        id="newPassword"
        error={errors.newPassword?.message}
        hint={`Ít nhất ${PASSWORD_MIN_LENGTH} ký tự.`}
        required
      >
        {(control) => <PasswordInput {...control} {...register('newPassword')} autoComplete="new-password" />}
      </FormField>
      <FormField label="Xác nhận mật khẩu mới" id="confirmPassword" error={errors.confirmPassword?.message} required>
        {(control) => <PasswordInput {...control} {...register('confirmPassword')} autoComplete="new-password" />}
      </FormField>

      <Button type="submit" loading={mutation.isPending}>
        {mutation.isPending ? 'Đang lưu...' : 'Đổi mật khẩu'}
      </Button>
    </form>
  );
}

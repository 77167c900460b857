import { useState, type FormEvent } from 'react';
import { ShieldCheck } from 'lucide-react';
import { isTotpCode, MFA_MSG, MSG, type LoginResponse } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, Input } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { useLoginWithCode } from '../api/login-mfa';

type SecondFactorFormProps = {
  challenge: string;
  onSuccess: (response: LoginResponse) => void;
  /** Back to the password (also when the challenge has expired, with the reason). */
  onRestart: (reason?: string) => void;
};

/** The second step of a sign-in with two-factor sign-in on: a code of the app, or a recovery code. */
export function SecondFactorForm({ challenge, onSuccess, onRestart }: SecondFactorFormProps) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const mutation = useLoginWithCode();

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.replace(/[\s-]/g, '');
    if (!typed) return setFieldError(MFA_MSG.codeRequired);
    if (!recovery && !isTotpCode(typed)) return setFieldError(MFA_MSG.codeInvalidFormat);
    setFieldError(undefined);
    mutation.mutate(
      { challenge, code: code.trim() },
      {
        onSuccess,
        onError: (error) => {
          // Five minutes passed, or the password changed meanwhile: the password step again.
          if (error instanceof ApiError && error.code === 'MFA_CHALLENGE_EXPIRED') onRestart(error.message);
        },
      },
    );
  }

  function switchKind() {
    setRecovery((r) => !r);
    setCode('');
    setFieldError(undefined);
    mutation.reset();
  }

  const busy = mutation.isPending;
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="second-factor-title">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="second-factor-title" className="text-lg font-semibold text-slate-900">
            Xác thực hai bước
          </h2>
          <p className="text-sm text-slate-600">
            {recovery
              ? 'Nhập một trong các mã khôi phục bạn đã lưu khi bật xác thực hai bước. Mỗi mã chỉ dùng được một lần.'
              : 'Mở ứng dụng xác thực trên điện thoại và nhập mã 6 chữ số đang hiển thị.'}
          </p>
        </div>
      </div>

      {mutation.isError && <Alert tone="error">{mutation.error.message || MSG.loginFailed}</Alert>}

      <FormField label={recovery ? 'Mã khôi phục' : 'Mã xác thực'} id="mfa-code" error={fieldError} required>
        {(control) => (
          <Input
            {...control}
            key={recovery ? 'recovery' : 'app'}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoFocus
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            inputMode={recovery ? 'text' : 'numeric'}
            placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
            maxLength={recovery ? 32 : 7}
            className="font-mono text-lg tracking-widest"
          />
        )}
      </FormField>

      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {busy ? 'Đang xác nhận...' : 'Xác nhận'}
      </Button>

      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <button
          type="button"
          onClick={switchKind}
          className="font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
        >
          {recovery ? 'Dùng mã từ ứng dụng xác thực' : 'Dùng mã khôi phục'}
        </button>
        <button
          type="button"
          onClick={() => onRestart()}
          className="font-medium text-slate-600 underline-offset-2 hover:text-slate-800 hover:underline"
        >
          Quay lại đăng nhập
        </button>
      </div>
    </form>
  );
}

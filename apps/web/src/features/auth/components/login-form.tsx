import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MSG, type LoginAnswer, type LoginResponse } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, Input } from '@/components/ui/form-field';
import { setAuth } from '@/lib/auth-storage';
import { useLogin } from '../api/login';
import { PasswordInput } from '@/components/ui/password-input';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { SecondFactorForm } from './second-factor-form';

/** The shared rules, downloaded when the form is first used (lib/lazy-zod-resolver.ts). */
const resolver = lazyZodResolver('loginRequestSchema');

type LoginFormProps = {
  onSuccess: (response: LoginResponse) => void;
  /** A notice shown above the fields until the first failed attempt (session expired). */
  notice?: string | undefined;
  /** Field ids' prefix, when the form sits over a page that may have its own 'password' field. */
  idPrefix?: string;
};

/** Keeps the session the server gave, then hands it on. */
function signedIn(response: LoginResponse, onSuccess: (response: LoginResponse) => void) {
  setAuth(response.token, {
    id: response.userId,
    username: response.username,
    email: response.email,
    fullName: response.fullName,
    role: response.role,
  });
  onSuccess(response);
}

export function LoginForm({ onSuccess, notice, idPrefix = '' }: LoginFormProps) {
  // Set when the password was right and the account signs in with a second factor.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [restartNotice, setRestartNotice] = useState<string>();
  if (challenge)
    return (
      <SecondFactorForm
        challenge={challenge}
        onSuccess={(response) => signedIn(response, onSuccess)}
        onRestart={(reason) => {
          setRestartNotice(reason);
          setChallenge(null);
        }}
      />
    );
  return (
    <PasswordForm
      idPrefix={idPrefix}
      notice={restartNotice ?? notice}
      onAnswer={(answer) => {
        if ('mfaRequired' in answer) setChallenge(answer.challenge);
        else signedIn(answer, onSuccess);
      }}
    />
  );
}

function PasswordForm({
  onAnswer,
  notice,
  idPrefix,
}: {
  onAnswer: (answer: LoginAnswer) => void;
  notice?: string | undefined;
  idPrefix: string;
}) {
  const [forgotOpen, setForgotOpen] = useState(false);
  const loginMutation = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver,
    defaultValues: { usernameOrEmail: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit((values) => {
    loginMutation.mutate(values, { onSuccess: onAnswer });
  });

  const busy = loginMutation.isPending;
  const serverError = loginMutation.isError ? loginMutation.error.message || MSG.loginFailed : null;

  return (
    <form onFocus={resolver.preload} onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Đăng nhập">
      {serverError ? <Alert tone="error">{serverError}</Alert> : notice && <Alert tone="warning">{notice}</Alert>}

      <FormField
        label="Username hoặc Email"
        id={`${idPrefix}usernameOrEmail`}
        error={errors.usernameOrEmail?.message}
        required
      >
        {(control) => (
          <Input
            {...control}
            {...register('usernameOrEmail')}
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
          />
        )}
      </FormField>

      <FormField label="Mật khẩu" id={`${idPrefix}password`} error={errors.password?.message} required>
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}
      </FormField>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            {...register('rememberMe')}
            className="size-4 rounded border-slate-400 text-brand-700 accent-brand-700 focus-visible:outline-brand-600"
          />
          Ghi nhớ đăng nhập
        </label>
        <button
          type="button"
          onClick={() => setForgotOpen((open) => !open)}
          aria-expanded={forgotOpen}
          aria-controls={`${idPrefix}forgot-password-help`}
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
        >
          Quên mật khẩu?
        </button>
      </div>
      {forgotOpen && (
        <p id={`${idPrefix}forgot-password-help`} className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
          {MSG.forgotPassword}
        </p>
      )}

      <Button type="submit" size="lg" className="w-full" loading={busy}>
        {busy ? 'Đang đăng nhập...' : 'Đăng nhập'}
      </Button>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Check, Copy, ShieldCheck } from 'lucide-react';
import { formatDate, isTotpCode, MFA_MSG, type MfaSetupResponse } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField, Input } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { useDisableMfa } from '../api/disable-mfa';
import { useEnableMfa } from '../api/enable-mfa';
import { useMfaStatus } from '../api/get-mfa-status';
import { useRenewRecoveryCodes } from '../api/renew-recovery-codes';
import { useSetupMfa } from '../api/setup-mfa';

type TwoFactorCardProps = {
  /** A pending password change comes first: the server refuses enrolment until then. */
  passwordChangeFirst: boolean;
  /** Told once the recovery codes of an enrolment the role required have been seen: the user may go on. */
  onEnrolled?: () => void;
};

/** /settings: two-factor sign-in (TOTP) — set up with a QR code or a key, recovery codes, renewal, removal. */
export function TwoFactorCard({ passwordChangeFirst, onEnrolled }: TwoFactorCardProps) {
  const status = useMfaStatus();
  const [setup, setSetup] = useState<MfaSetupResponse | null>(null);
  const [codes, setCodes] = useState<{ list: string[]; afterEnrolment: boolean } | null>(null);
  const [confirming, setConfirming] = useState<'disable' | 'renew' | null>(null);
  const startSetup = useSetupMfa();

  let body;
  if (status.isPending) body = <Spinner label="Đang tải trạng thái xác thực hai bước..." />;
  else if (status.isError) body = <Alert tone="error">{status.error.message}</Alert>;
  else if (codes)
    body = (
      <RecoveryCodes
        codes={codes.list}
        onDone={() => {
          setCodes(null);
          // Required of the role and only now on: she was kept here until it was done.
          if (codes.afterEnrolment && status.data?.required) onEnrolled?.();
        }}
      />
    );
  else if (setup)
    body = (
      <SetupSteps
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(list) => {
          setSetup(null);
          setCodes({ list, afterEnrolment: true });
        }}
      />
    );
  else if (!status.data.enabled)
    body = (
      <div className="space-y-4">
        {status.data.required && <Alert tone="warning">{MFA_MSG.enrolmentRequired}</Alert>}
        {passwordChangeFirst && <Alert tone="info">{MFA_MSG.passwordChangeFirst}</Alert>}
        {startSetup.isError && <Alert tone="error">{startSetup.error.message}</Alert>}
        <Button
          disabled={passwordChangeFirst}
          loading={startSetup.isPending}
          onClick={() => startSetup.mutate(undefined, { onSuccess: setSetup })}
        >
          Bật xác thực hai bước
        </Button>
      </div>
    );
  else
    body = (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          Còn <strong>{status.data.recoveryCodesLeft}</strong> mã khôi phục chưa dùng.
        </p>
        {confirming ? (
          <ConfirmPresence
            action={confirming}
            onCancel={() => setConfirming(null)}
            onRenewed={(list) => {
              setConfirming(null);
              setCodes({ list, afterEnrolment: false });
            }}
            onDisabled={() => setConfirming(null)}
          />
        ) : (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setConfirming('renew')}>
              Tạo mã khôi phục mới
            </Button>
            <Button variant="danger" onClick={() => setConfirming('disable')}>
              Tắt xác thực hai bước
            </Button>
          </div>
        )}
      </div>
    );

  return (
    <section
      aria-labelledby="two-factor-title"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <div className="mb-6 flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="two-factor-title" className="text-lg font-semibold text-slate-900">
              Xác thực hai bước
            </h2>
            {status.data &&
              (status.data.enabled ? (
                <Badge tone="success">
                  Đang bật{status.data.enabledAt ? ` từ ${formatDate(status.data.enabledAt)}` : ''}
                </Badge>
              ) : (
                <Badge tone={status.data.required ? 'warning' : 'neutral'}>Chưa bật</Badge>
              ))}
          </div>
          <p className="text-sm text-slate-600">
            Khi đăng nhập, ngoài mật khẩu bạn nhập thêm mã 6 chữ số từ ứng dụng xác thực trên điện thoại (Google
            Authenticator, Microsoft Authenticator...).
          </p>
        </div>
      </div>
      {body}
    </section>
  );
}

/** The key in groups of four, as authenticator apps show a key typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function SetupSteps({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: MfaSetupResponse;
  onCancel: () => void;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const enable = useEnableMfa();

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!typed) return setFieldError(MFA_MSG.codeRequired);
    if (!isTotpCode(typed)) return setFieldError(MFA_MSG.codeInvalidFormat);
    setFieldError(undefined);
    enable.mutate(typed, {
      onSuccess: (result) => {
        toast.success(result.message);
        onEnabled(result.recoveryCodes);
      },
    });
  }

  return (
    <div className="space-y-6">
      <ol className="space-y-6">
        <li className="space-y-3">
          <p className="text-sm font-medium text-slate-900">1. Quét mã QR bằng ứng dụng xác thực trên điện thoại</p>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <img
              src={setup.qrCode}
              alt="Mã QR để thêm tài khoản vào ứng dụng xác thực"
              width={192}
              height={192}
              className="size-48 shrink-0 rounded-lg border border-slate-200 bg-white p-1"
            />
            <div className="min-w-0 space-y-1.5 text-sm text-slate-700">
              <p>Không quét được? Chọn nhập khóa thủ công trong ứng dụng và nhập khóa này:</p>
              <code
                data-testid="mfa-secret"
                className="block rounded-lg bg-slate-100 px-3 py-2 font-mono text-base break-all text-slate-900 select-all"
              >
                {grouped(setup.secret)}
              </code>
              <p className="text-xs text-slate-600">Loại: dựa trên thời gian (TOTP), 6 chữ số, 30 giây.</p>
              {/* On the phone that holds the app, a QR code on its own screen cannot be scanned: the app opens this link. */}
              <a
                href={setup.otpauthUri}
                className="inline-block font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
              >
                Mở trong ứng dụng xác thực trên máy này
              </a>
            </div>
          </div>
        </li>
        <li>
          <form onSubmit={submit} noValidate className="space-y-4" aria-label="Xác nhận mã xác thực">
            <p className="text-sm font-medium text-slate-900">2. Nhập mã 6 chữ số ứng dụng hiển thị</p>
            {enable.isError && <Alert tone="error">{enable.error.message}</Alert>}
            <FormField label="Mã xác thực" id="mfa-enable-code" error={fieldError} required className="max-w-xs">
              {(control) => (
                <Input
                  {...control}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={7}
                  placeholder="123456"
                  className="font-mono text-lg tracking-widest"
                />
              )}
            </FormField>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={enable.isPending}>
                {enable.isPending ? 'Đang xác nhận...' : 'Xác nhận và bật'}
              </Button>
              <Button type="button" variant="secondary" onClick={onCancel}>
                Hủy
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

/** Shown once (enrolment, renewal): they are never stored in clear, so they cannot be shown again. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      toast.error('Không thể sao chép. Hãy chép tay các mã.');
    }
  }
  return (
    <div className="space-y-4">
      <Alert tone="warning" title="Lưu các mã khôi phục này ngay bây giờ">
        Khi không có điện thoại, mỗi mã dùng được một lần thay cho mã 6 chữ số. Các mã chỉ hiển thị lần này.
      </Alert>
      <ul
        aria-label="Mã khôi phục"
        className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-4 font-mono text-base text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? 'Đã sao chép' : 'Sao chép các mã'}
        </Button>
        <Button onClick={onDone}>Tôi đã lưu các mã</Button>
      </div>
    </div>
  );
}

/** Turning off, or renewing the recovery codes: a current code, or the password. */
function ConfirmPresence({
  action,
  onCancel,
  onRenewed,
  onDisabled,
}: {
  action: 'disable' | 'renew';
  onCancel: () => void;
  onRenewed: (codes: string[]) => void;
  onDisabled: () => void;
}) {
  const [withPassword, setWithPassword] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const disable = useDisableMfa();
  const renew = useRenewRecoveryCodes();
  const mutation = action === 'disable' ? disable : renew;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) return setFieldError(withPassword ? MFA_MSG.codeOrPasswordRequired : MFA_MSG.codeRequired);
    setFieldError(undefined);
    const body = withPassword ? { password: value } : { code: value.trim() };
    if (action === 'disable')
      disable.mutate(body, {
        onSuccess: (result) => {
          toast.success(result.message);
          onDisabled();
        },
      });
    else
      renew.mutate(body, {
        onSuccess: (result) => {
          toast.success(result.message);
          onRenewed(result.recoveryCodes);
        },
      });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-xl border border-slate-200 p-4"
      aria-label={action === 'disable' ? 'Tắt xác thực hai bước' : 'Tạo mã khôi phục mới'}
    >
      <p className="text-sm text-slate-700">
        {action === 'disable'
          ? 'Để tắt xác thực hai bước, nhập mã xác thực hiện tại hoặc mật khẩu. Các phiên đăng nhập khác sẽ bị đăng xuất.'
          : 'Các mã khôi phục cũ sẽ không còn dùng được. Nhập mã xác thực hiện tại hoặc mật khẩu.'}
      </p>
      {mutation.isError && <Alert tone="error">{mutation.error.message}</Alert>}
      <FormField
        label={withPassword ? 'Mật khẩu' : 'Mã xác thực'}
        id="mfa-confirm"
        error={fieldError}
        required
        className="max-w-xs"
      >
        {(control) =>
          withPassword ? (
            <PasswordInput
              {...control}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoComplete="current-password"
            />
          ) : (
            <Input
              {...control}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoComplete="one-time-code"
              inputMode="numeric"
              className="font-mono tracking-widest"
            />
          )
        }
      </FormField>
      <button
        type="button"
        onClick={() => {
          setWithPassword((w) => !w);
          setValue('');
          setFieldError(undefined);
        }}
        className="text-sm font-medium text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline"
      >
        {withPassword ? 'Dùng mã xác thực' : 'Dùng mật khẩu thay cho mã'}
      </button>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={action === 'disable' ? 'danger' : 'primary'} loading={mutation.isPending}>
          {action === 'disable' ? 'Tắt xác thực hai bước' : 'Tạo mã mới'}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Hủy
        </Button>
      </div>
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { CLAIM_MSG, isValidEmail, isValidPhone, APPOINTMENT_MSG } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, Input } from '@/components/ui/form-field';
import { useAuth } from '@/hooks/use-auth';
import { cn } from '@/lib/cn';
import { serverMessageOr } from '@/lib/error-message';
import { useSendClaimCode, useVerifyClaimCode } from '../api/claim-with-code';

const SEND_FAILED = 'Không thể gửi mã xác nhận. Vui lòng thử lại.';
const VERIFY_FAILED = 'Không thể kiểm tra mã xác nhận. Vui lòng thử lại.';

type Channel = 'email' | 'phone';
const CHANNELS: { value: Channel; label: string }[] = [
  { value: 'email', label: 'E-mail' },
  { value: 'phone', label: 'Số điện thoại' },
];

/**
 * 'Thêm lịch hẹn đã đặt khi chưa đăng nhập' (issue 25, defect 9): a 6-digit code goes to the e-mail
 * or the phone she booked with (her account's own unless she types another), and typing it adds those
 * visits to My Appointments. The e-mail or number alone adds nothing: the code proves it is hers.
 */
export function ClaimWithCode() {
  const { user } = useAuth();
  const name = useId();
  const [channel, setChannel] = useState<Channel>(user?.email || !user?.phone ? 'email' : 'phone');
  const [email, setEmail] = useState(user?.email ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [contactError, setContactError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const send = useSendClaimCode();
  const verify = useVerifyClaimCode();

  function choose(next: Channel) {
    setChannel(next);
    setContactError(null);
    send.reset();
    verify.reset();
  }

  function onSend(event: FormEvent) {
    event.preventDefault();
    verify.reset();
    const typed = (channel === 'email' ? email : phone).trim();
    if (channel === 'email' && !isValidEmail(typed)) return setContactError(APPOINTMENT_MSG.invalidEmail);
    if (channel === 'phone' && !isValidPhone(typed)) return setContactError(APPOINTMENT_MSG.invalidPhone);
    setContactError(null);
    send.mutate(channel === 'email' ? { email: typed } : { phone: typed }, {
      onError: (error) => setContactError(serverMessageOr(error, 'Failed to send code', SEND_FAILED)),
    });
  }

  function onVerify(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    if (!/^\d{6}$/.test(typed)) return setCodeError(CLAIM_MSG.codeFormat);
    setCodeError(null);
    verify.mutate(
      { code: typed },
      {
        onSuccess: () => setCode(''),
        onError: (error) => setCodeError(serverMessageOr(error, 'Failed to verify code', VERIFY_FAILED)),
      },
    );
  }

  return (
    <details className="group mt-8 rounded-2xl border border-slate-200 bg-white shadow-sm">
      <summary className="cursor-pointer list-none rounded-2xl px-5 py-4 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 sm:px-6">
        <span className="mr-2 inline-block transition-transform group-open:rotate-90" aria-hidden="true">
          ›
        </span>
        Không thấy lịch hẹn đã đặt khi chưa đăng nhập?
      </summary>
      <div className="space-y-5 border-t border-slate-100 px-5 py-5 sm:px-6">
        <p className="text-sm text-slate-700">
          Chọn email hoặc số điện thoại bạn đã dùng khi đặt lịch. Phòng khám gửi một mã gồm 6 chữ số tới đó (số điện
          thoại nhận qua Zalo hoặc SMS); nhập mã để thêm các lịch hẹn đặt bằng email hoặc số điện thoại này vào Lịch hẹn
          của tôi. Bạn cũng có thể mở liên kết quản lý lịch hẹn và chọn 'Thêm vào tài khoản của tôi'.
        </p>
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">Gửi mã tới</legend>
          <div className="flex flex-wrap gap-2">
            {CHANNELS.map((c) => (
              <label
                key={c.value}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm',
                  c.value === channel ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  className="size-4 text-brand-700 focus-visible:ring-brand-600"
                  checked={c.value === channel}
                  onChange={() => choose(c.value)}
                />
                {c.label}
              </label>
            ))}
          </div>
        </fieldset>
        <form noValidate onSubmit={onSend} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          {channel === 'email' ? (
            <FormField label="Email đã dùng khi đặt lịch" error={contactError ?? undefined} className="flex-1">
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
              )}
            </FormField>
          ) : (
            <FormField label="Số điện thoại đã dùng khi đặt lịch" error={contactError ?? undefined} className="flex-1">
              {(control) => (
                <Input
                  {...control}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                />
              )}
            </FormField>
          )}
          <Button type="submit" variant="secondary" loading={send.isPending} className="sm:mt-7">
            {send.isSuccess ? 'Gửi lại mã' : 'Gửi mã xác nhận'}
          </Button>
        </form>
        {send.isSuccess && (
          <>
            <Alert tone="info" role="status">
              {send.data.message}
            </Alert>
            <form noValidate onSubmit={onVerify} className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <FormField label="Mã xác nhận" error={codeError ?? undefined} className="flex-1">
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9]*"
                    maxLength={6}
                    value={code}
                    onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                  />
                )}
              </FormField>
              <Button type="submit" loading={verify.isPending} className="sm:mt-7">
                Thêm vào tài khoản của tôi
              </Button>
            </form>
          </>
        )}
        {verify.isSuccess && (
          <Alert tone="success" role="status">
            {verify.data.message}
          </Alert>
        )}
      </div>
    </details>
  );
}

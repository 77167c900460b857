import { useState, type FormEvent } from 'react';
import { CLAIM_MSG, isValidEmail, APPOINTMENT_MSG } from '@clinic/shared';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, Input } from '@/components/ui/form-field';
import { useAuth } from '@/hooks/use-auth';
import { serverMessageOr } from '@/lib/error-message';
import { useSendClaimCode, useVerifyClaimCode } from '../api/claim-with-code';

const SEND_FAILED = 'Không thể gửi mã xác nhận. Vui lòng thử lại.';
const VERIFY_FAILED = 'Không thể kiểm tra mã xác nhận. Vui lòng thử lại.';

/**
 * 'Thêm lịch hẹn đã đặt khi chưa đăng nhập' (issue 25, defect 9): a 6-digit code goes to the e-mail
 * she booked with (her account's unless she types another), and typing it adds those visits to My
 * Appointments. The e-mail alone adds nothing: the code proves it is hers.
 */
export function ClaimWithCode() {
  const { user } = useAuth();
  const [email, setEmail] = useState(user?.email ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const send = useSendClaimCode();
  const verify = useVerifyClaimCode();

  function onSend(event: FormEvent) {
    event.preventDefault();
    verify.reset();
    const typed = email.trim();
    if (!isValidEmail(typed)) return setEmailError(APPOINTMENT_MSG.invalidEmail);
    setEmailError(null);
    send.mutate(
      { email: typed },
      { onError: (error) => setEmailError(serverMessageOr(error, 'Failed to send code', SEND_FAILED)) },
    );
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
          Nhập email bạn đã dùng khi đặt lịch. Phòng khám gửi một mã gồm 6 chữ số tới email đó; nhập mã để thêm các lịch
          hẹn đặt bằng email này vào Lịch hẹn của tôi. Bạn cũng có thể mở liên kết quản lý lịch hẹn trong email và chọn
          'Thêm vào tài khoản của tôi'.
        </p>
        <form noValidate onSubmit={onSend} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <FormField label="Email đã dùng khi đặt lịch" error={emailError ?? undefined} className="flex-1">
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

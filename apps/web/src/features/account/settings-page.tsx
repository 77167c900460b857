import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { KeyRound } from 'lucide-react';
import { homePathForRole, MSG } from '@clinic/shared';
import { useProfile } from '@/api/get-profile';
import { MyDataPanel } from '@/components/my-data-panel';
import { PageContainer } from '@/components/page-container';
import { Alert } from '@/components/ui/alert';
import { paths, type ReturnToState } from '@/config/paths';
import { useAuth } from '@/hooks/use-auth';
import { usePageTitle } from '@/hooks/use-page-title';
import { returnPathFor } from '@/lib/return-path';
import { BackOfficeLanguageCard } from './components/back-office-language-card';
import { ChangePasswordForm } from './components/change-password-form';
import { Spinner } from '@/components/ui/spinner';

// Its own chunk: most people here change a password, and the page stays as quick to open as before.
const TwoFactorCard = lazy(() => import('./components/two-factor-card').then((m) => ({ default: m.TwoFactorCard })));

/**
 * Settings: changing the password (docs/PRODUCT.md §6), required after an imported or reset
 * account's first login, and two-factor sign-in, required of the roles MFA_REQUIRED_ROLES names.
 */
export default function SettingsPage() {
  usePageTitle('Cài đặt');
  const navigate = useNavigate();
  const location = useLocation();
  const { token, user } = useAuth();
  const profile = useProfile(token);
  const mustChange = profile.data?.mustChangePassword === true;
  const mustEnrol = profile.data?.mfaEnrolmentRequired === true;

  /**
   * Sent here to change the password or to set up two-factor sign-in: on to the page asked for (or
   * the role's home) once nothing more is pending.
   */
  function moveOn(stillPending: boolean) {
    const role = profile.data?.role ?? user?.role;
    if (stillPending || !role) return;
    const next = returnPathFor((location.state as ReturnToState | null)?.from, role);
    void navigate(next === paths.settings ? homePathForRole(role) : next, { replace: true });
  }

  // What she was sent here for comes first, decided once: the cards do not swap under her when it is done.
  const [twoFactorFirst, setTwoFactorFirst] = useState<boolean | null>(null);
  if (twoFactorFirst === null && profile.data) setTwoFactorFirst(mustEnrol && !mustChange);

  const changePassword = (
    <section
      key="password"
      aria-labelledby="change-password-title"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <div className="mb-6 flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 id="change-password-title" className="text-lg font-semibold text-slate-900">
            Đổi mật khẩu
          </h2>
          <p className="text-sm text-slate-600">Sau khi đổi, các phiên đăng nhập khác của bạn sẽ bị đăng xuất.</p>
        </div>
      </div>
      <ChangePasswordForm onChanged={() => mustChange && moveOn(mustEnrol)} />
    </section>
  );
  const twoFactor = (
    <Suspense
      key="two-factor"
      fallback={
        <div className="mt-6 flex min-h-40 items-center justify-center rounded-2xl border border-slate-200 bg-white">
          <Spinner label="Đang tải xác thực hai bước..." />
        </div>
      }
    >
      <TwoFactorCard passwordChangeFirst={mustChange} onEnrolled={() => moveOn(mustChange)} />
    </Suspense>
  );

  return (
    <PageContainer className="max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Cài đặt</h1>
      <p className="mt-1 text-slate-600">Quản lý bảo mật tài khoản của bạn.</p>

      {mustChange && (
        <Alert tone="warning" className="mt-6">
          {MSG.mustChangePassword}
        </Alert>
      )}

      {twoFactorFirst ? [twoFactor, changePassword] : [changePassword, twoFactor]}
      {!mustChange && !mustEnrol && user && user.role !== 'PATIENT' && <BackOfficeLanguageCard userId={user.id} />}
      {!mustChange && !mustEnrol && (
        <div className="mt-8">
          <MyDataPanel subject={{ kind: 'account' }} />
        </div>
      )}
    </PageContainer>
  );
}

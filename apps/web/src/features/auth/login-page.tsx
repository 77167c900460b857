import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { CLINIC, homePathForRole, MSG, ROLE_LABELS, type LoginResponse } from '@clinic/shared';
import { ClinicMark } from '@/components/clinic-logo';
import { buttonClasses } from '@/components/ui/button';
import { paths, type LoginRedirectState } from '@/config/paths';
import { useAuth } from '@/hooks/use-auth';
import { usePageTitle } from '@/hooks/use-page-title';
import { LoginForm } from './components/login-form';
import { destinationAfterLogin } from './login-redirect';

export default function LoginPage() {
  usePageTitle('Đăng nhập', `Đăng nhập vào ${CLINIC.name}.`);
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const { user, isSignedIn, signOutReason } = useAuth();
  const state = (location.state ?? {}) as LoginRedirectState;

  const expired =
    state.reason === 'expired' || searchParams.get('expired') === '1' || (!isSignedIn && signOutReason === 'expired');

  function handleSuccess(response: LoginResponse) {
    const { to, state: next } = destinationAfterLogin(response, state.from);
    void navigate(to, { replace: true, state: next });
  }

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-br from-brand-50 via-white to-accent-50">
      <main id="main-content" className="flex flex-1 items-center justify-center px-4 py-10 sm:py-16">
        <div className="w-full max-w-md">
          <div className="mb-6 flex flex-col items-center text-center">
            <ClinicMark className="size-14" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-[1.65rem]">{CLINIC.name}</h1>
            <p className="mt-1 text-sm font-medium tracking-wide text-brand-700">{CLINIC.tagline}</p>
          </div>

          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg shadow-brand-900/5 sm:p-8">
            {isSignedIn && user && (
              <div
                className="mb-6 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900"
                role="status"
              >
                <p>
                  Bạn đang đăng nhập với tài khoản <strong>{user.fullName || user.username}</strong> (
                  {ROLE_LABELS[user.role]}).
                </p>
                <Link to={homePathForRole(user.role)} className={buttonClasses({ size: 'sm', className: 'mt-3' })}>
                  Tiếp tục
                </Link>
              </div>
            )}

            <LoginForm onSuccess={handleSuccess} notice={expired ? MSG.sessionExpired : undefined} />

            <p className="mt-6 text-center text-sm text-slate-600">Chưa có tài khoản? Liên hệ quản trị viên</p>
          </div>

          <div className="mt-6 text-center">
            <Link
              to={paths.home}
              className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Về trang chủ
            </Link>
          </div>
        </div>
      </main>
    </div>
  );
}

import { Suspense, useCallback, type ComponentType, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { Menu, X } from 'lucide-react';
import { CLINIC, type User } from '@clinic/shared';
import { useProfile } from '@/api/get-profile';
import { useValidateToken } from '@/api/validate-token';
import { ClinicMark } from '@/components/clinic-logo';
import { ConnectionBanner } from '@/components/connection-banner';
import { Redirect } from '@/components/redirect';
import { SkipLink } from '@/components/skip-link';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths, type LoginRedirectState, type ReturnToState } from '@/config/paths';
import { useAuth } from '@/hooks/use-auth';
import { CurrentUserContext } from '@/hooks/use-current-user';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { clearAuth, mergeProfileIntoUserInfo } from '@/lib/auth-storage';
import { AdminSidebar } from './components/admin-sidebar';

/**
 * The back-office: needs a stored token, checks it with the server on entry and loads the
 * profile; a token the server refuses on entry ends the session ('Phiên đăng nhập đã hết hạn...').
 * A session lost while she works (issue 25, defect 5) keeps the screen and what she typed under a
 * 'Đăng nhập lại' window instead of sending her to /login.
 */
/** The 'Đăng nhập lại' window (features/auth), given by the router: a layout does not import features. */
export type SessionLostDialogComponent = ComponentType<{ userId: number }>;

export default function AdminLayout({ SessionLostDialog }: { SessionLostDialog?: SessionLostDialogComponent }) {
  const { token, signOutReason } = useAuth();
  const location = useLocation();
  // The session whose screen is shown: kept while a lost session is signed into again.
  const [shown, setShown] = useState<{ token: string; userId: number } | null>(null);
  const onReady = useCallback((ready: { token: string; userId: number }) => setShown(ready), []);
  const held = !token && signOutReason === 'expired' && SessionLostDialog ? shown : null;
  if (!token && !held) {
    const state: LoginRedirectState = {
      from: `${location.pathname}${location.search}`,
      ...(signOutReason === 'expired' ? { reason: 'expired' as const } : {}),
    };
    return <Redirect to={paths.login} state={signOutReason === 'logout' ? {} : state} />;
  }
  return (
    <>
      <AdminSession token={token ?? held!.token} onReady={onReady} />
      {held && SessionLostDialog && (
        <Suspense fallback={null}>
          <SessionLostDialog userId={held.userId} />
        </Suspense>
      )}
    </>
  );
}

function AdminSession({
  token,
  onReady,
}: {
  token: string;
  onReady: (ready: { token: string; userId: number }) => void;
}) {
  const location = useLocation();
  // Checked on entry; a sign-in again over the same screen keeps it (and its profile) as it is.
  const [entryToken, setEntryToken] = useState(token);
  const validation = useValidateToken(entryToken);
  if (validation.data === false && token !== entryToken) setEntryToken(token);
  const valid = validation.data === true;
  const profile = useProfile(entryToken, { enabled: valid });

  useEffect(() => {
    if (validation.data === false) clearAuth('expired');
  }, [validation.data]);

  useEffect(() => {
    if (profile.data) mergeProfileIntoUserInfo(profile.data);
  }, [profile.data]);

  const readyUserId = valid ? profile.data?.id : undefined;
  useEffect(() => {
    if (readyUserId !== undefined) onReady({ token: entryToken, userId: readyUserId });
  }, [readyUserId, entryToken, onReady]);

  if (!valid || profile.isPending) return <FullPageSpinner label="Đang kiểm tra phiên đăng nhập..." />;
  // The server refuses every other call until the password is changed or two-factor sign-in is set
  // up: settings first, then back here.
  if (profile.data?.mustChangePassword || profile.data?.mfaEnrolmentRequired) {
    const state: ReturnToState = { from: `${location.pathname}${location.search}` };
    return <Redirect to={paths.settings} state={state} />;
  }
  if (profile.isError) {
    return (
      <main id="main-content" className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
        <div className="w-full max-w-md space-y-4 text-center">
          <Alert tone="error" title="Không thể tải thông tin người dùng">
            {profile.error.message}
          </Alert>
          <Button onClick={() => void profile.refetch()} loading={profile.isFetching}>
            Thử lại
          </Button>
        </div>
      </main>
    );
  }

  return (
    <CurrentUserContext value={profile.data}>
      <AdminShell user={profile.data} />
    </CurrentUserContext>
  );
}

function AdminShell({ user }: { user: User }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerRef = useRef<HTMLDivElement>(null);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  useFocusTrap(drawerRef, drawerOpen, closeDrawer);

  // 'Đăng xuất' here ends at /login: the layout itself redirects once the token is gone.
  const logout = useCallback(() => clearAuth('logout'), []);

  return (
    <div className="min-h-dvh bg-slate-50">
      <SkipLink />
      <aside className="hidden lg:fixed lg:inset-y-0 lg:left-0 lg:z-30 lg:flex lg:w-64 lg:flex-col">
        <AdminSidebar user={user} onLogout={logout} />
      </aside>

      <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-4 lg:hidden">
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
          aria-label="Mở menu"
          aria-expanded={drawerOpen}
          aria-controls="admin-drawer"
          onClick={() => setDrawerOpen(true)}
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
        <Link to={paths.admin.dashboard} className="flex items-center gap-2 font-semibold text-brand-800">
          <ClinicMark className="size-8" />
          {CLINIC.shortName}
        </Link>
      </header>

      {drawerOpen && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" onClick={closeDrawer} />
          <div
            ref={drawerRef}
            id="admin-drawer"
            role="dialog"
            aria-modal="true"
            aria-label="Menu quản trị"
            tabIndex={-1}
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col shadow-xl"
          >
            <button
              type="button"
              onClick={closeDrawer}
              aria-label="Đóng menu"
              className="absolute top-4 right-3 z-10 inline-flex size-9 items-center justify-center rounded-lg text-brand-50 hover:bg-white/10"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
            <AdminSidebar user={user} onLogout={logout} onNavigate={closeDrawer} />
          </div>
        </div>
      )}

      <div className="lg:pl-64">
        <ConnectionBanner />
        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto max-w-7xl px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
        >
          <Suspense fallback={<FullPageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

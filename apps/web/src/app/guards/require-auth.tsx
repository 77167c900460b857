import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useProfile } from '@/api/get-profile';
import { Redirect } from '@/components/redirect';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths, type LoginRedirectState, type ReturnToState } from '@/config/paths';
import { useAuth } from '@/hooks/use-auth';
import { mergeProfileIntoUserInfo } from '@/lib/auth-storage';

const SessionExpiredDialog = lazy(() => import('@/features/auth/components/session-expired-dialog'));

/**
 * Public pages that need a session (profile, my appointments, ...). Without a stored token the
 * visitor goes to /login, or home right after pressing 'Đăng xuất' on such a page.
 */
export function RequireAuth() {
  const { token, signOutReason } = useAuth();
  const location = useLocation();
  // Whose page is shown: a session lost on it (issue 25) keeps the page under 'Đăng nhập lại'.
  const [shown, setShown] = useState<{ token: string; userId: number } | null>(null);
  const held = !token && signOutReason === 'expired' ? shown : null;
  if (token || held)
    return (
      <>
        <SignedIn token={token ?? held!.token} onReady={setShown} />
        {held && (
          <Suspense fallback={null}>
            <SessionExpiredDialog userId={held.userId} />
          </Suspense>
        )}
      </>
    );
  if (signOutReason === 'logout') return <Redirect to={paths.home} />;
  const state: LoginRedirectState = {
    from: `${location.pathname}${location.search}`,
    ...(signOutReason === 'expired' ? { reason: 'expired' as const } : {}),
  };
  return <Redirect to={paths.login} state={state} />;
}

/**
 * Whoever must change the password (an imported or reset account), or set up two-factor sign-in
 * (a role MFA_REQUIRED_ROLES names), is kept on /settings until he has; the server refuses his other
 * calls meanwhile. The profile says so, and its name and phone
 * refresh the stored userInfo. If it cannot be read, the page shows its own error.
 */
function SignedIn({ token, onReady }: { token: string; onReady: (ready: { token: string; userId: number }) => void }) {
  const location = useLocation();
  const profile = useProfile(token);
  const readyUserId = profile.data?.id;
  useEffect(() => {
    if (readyUserId !== undefined) onReady({ token, userId: readyUserId });
  }, [readyUserId, token, onReady]);

  useEffect(() => {
    if (profile.data) mergeProfileIntoUserInfo(profile.data);
  }, [profile.data]);

  // Only the first load waits: once it has failed, the page shows the failure and its own retry
  // (a page's retry puts the query back to pending, which must not unmount that page again).
  // A new token on the same page (signed in again, a changed password) keeps the page as it is.
  const [shownOnce, setShownOnce] = useState(false);
  if (profile.isPending && profile.errorUpdateCount === 0 && !shownOnce)
    return <FullPageSpinner label="Đang kiểm tra phiên đăng nhập..." />;
  if (!shownOnce) setShownOnce(true);
  const pending = profile.data?.mustChangePassword || profile.data?.mfaEnrolmentRequired;
  if (pending && location.pathname !== paths.settings) {
    const state: ReturnToState = { from: `${location.pathname}${location.search}` };
    return <Redirect to={paths.settings} state={state} />;
  }
  return <Outlet />;
}

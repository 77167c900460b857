import { Navigate, Outlet, useLocation } from 'react-router';
import { paths, type LoginRedirectState } from '@/config/paths';
import { useAuth } from '@/hooks/use-auth';

/**
 * Public pages that need a session (profile, my appointments, ...). Without a stored token the
 * visitor goes to /login, or home right after pressing 'Đăng xuất' on such a page.
 */
export function RequireAuth() {
  const { isSignedIn, signOutReason } = useAuth();
  const location = useLocation();
  if (isSignedIn) return <Outlet />;
  if (signOutReason === 'logout') return <Navigate to={paths.home} replace />;
  const state: LoginRedirectState = {
    from: `${location.pathname}${location.search}`,
    ...(signOutReason === 'expired' ? { reason: 'expired' as const } : {}),
  };
  return <Navigate to={paths.login} replace state={state} />;
}

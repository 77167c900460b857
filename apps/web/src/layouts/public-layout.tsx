import { Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ConnectionBanner } from '@/components/connection-banner';
import { SkipLink } from '@/components/skip-link';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/hooks/use-auth';
import { clearAuth } from '@/lib/auth-storage';
import { PublicFooter } from './components/public-footer';
import { PublicHeader } from './components/public-header';

export function PublicLayout() {
  const { user, isSignedIn } = useAuth();
  const navigate = useNavigate();

  function logout() {
    clearAuth('logout');
    void navigate(paths.home);
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {/* A signed-in patient (My Appointments, her profile) is told once that the server does not answer (issue 25). */}
      {isSignedIn && <ConnectionBanner />}
      <PublicHeader user={isSignedIn ? user : null} onLogout={logout} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Suspense fallback={<FullPageSpinner fillScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicFooter user={isSignedIn ? user : null} />
    </div>
  );
}

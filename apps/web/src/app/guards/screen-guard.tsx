import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { canOpenScreen, MSG, type AdminScreen } from '@clinic/shared';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/hooks/use-current-user';
import { usePageTitle } from '@/hooks/use-page-title';

/** Shows a back-office screen only to the roles of specification section 6. */
export function ScreenGuard({ screen, children }: { screen: AdminScreen; children: ReactNode }) {
  const user = useCurrentUser();
  if (!canOpenScreen(user.role, screen)) return <NoAccessPanel />;
  return children;
}

export function NoAccessPanel() {
  usePageTitle('Không có quyền truy cập');
  return (
    <section
      aria-labelledby="no-access-title"
      className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
    >
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-accent-50 text-accent-700">
        <ShieldAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 id="no-access-title" className="mt-4 text-xl font-bold text-slate-900">
        Không có quyền truy cập
      </h1>
      <p className="mt-2 text-slate-600">{MSG.noAccess}</p>
      <Link to={paths.admin.dashboard} className={buttonClasses({ className: 'mt-6' })}>
        Về Dashboard
      </Link>
    </section>
  );
}

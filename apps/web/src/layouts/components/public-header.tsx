import { useCallback, useRef, useSyncExternalStore } from 'react';
import { Link, NavLink } from 'react-router';
import { LogOut, Menu, X } from 'lucide-react';
import { ROLE_LABELS, type StoredUserInfo } from '@clinic/shared';
import { ClinicLogo } from '@/components/clinic-logo';
import { buttonClasses } from '@/components/ui/button';
import { UserAvatar } from '@/components/user-avatar';
import { paths } from '@/config/paths';
import { useDismiss } from '@/hooks/use-dismiss';
import { cn } from '@/lib/cn';
import { PATIENT_MENU, PUBLIC_NAV, STAFF_MENU } from './public-nav';
import { UserMenu } from './user-menu';

type PublicHeaderProps = { user: StoredUserInfo | null; onLogout: () => void };

/** A <details> opened or closed anywhere in the page (the event does not bubble: it is caught on its way down). */
function subscribeToToggles(onChange: () => void) {
  document.addEventListener('toggle', onChange, true);
  return () => document.removeEventListener('toggle', onChange, true);
}
const noSubscription = () => () => {};

export function PublicHeader({ user, onLogout }: PublicHeaderProps) {
  const headerRef = useRef<HTMLElement>(null);
  // The phone's menu is a plain <details>: on a slow phone it opens at the first tap, before the app
  // arrives (issue 25). Whether it is open is the element's own state, read from it (opened before the
  // app hydrated the page, it stays open and is taken as it is).
  const menuRef = useRef<HTMLDetailsElement>(null);
  const mobileOpen = useSyncExternalStore(
    subscribeToToggles,
    () => !!menuRef.current?.open,
    () => false,
  );
  // Its links are in the page the server drew; once the app runs, they are drawn only while it is open.
  const live = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const closeMobile = useCallback(() => {
    if (menuRef.current) menuRef.current.open = false;
  }, []);
  useDismiss(headerRef, mobileOpen, closeMobile);

  return (
    <header ref={headerRef} className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={paths.home} className="rounded-lg" onClick={closeMobile}>
          <ClinicLogo />
        </Link>

        <nav aria-label="Điều hướng chính" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {PUBLIC_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(
                      'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                      isActive
                        ? 'bg-brand-50 text-brand-800'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <div className="hidden lg:block">
            {user ? (
              <UserMenu user={user} onLogout={onLogout} />
            ) : (
              <Link to={paths.login} className={buttonClasses()}>
                Đăng nhập
              </Link>
            )}
          </div>
          <details ref={menuRef} className="lg:hidden">
            <summary
              role="button"
              className="inline-flex size-10 cursor-pointer list-none items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
              aria-expanded={mobileOpen}
              aria-controls="mobile-menu"
              aria-label={mobileOpen ? 'Đóng menu' : 'Mở menu'}
            >
              {mobileOpen ? (
                <X aria-hidden="true" className="size-6" />
              ) : (
                <Menu aria-hidden="true" className="size-6" />
              )}
            </summary>
            {(mobileOpen || !live) && (
              <div
                id="mobile-menu"
                className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-b border-slate-200 bg-white shadow-sm"
              >
                <nav aria-label="Điều hướng chính (di động)" className="px-4 py-3">
                  <ul className="space-y-1">
                    {PUBLIC_NAV.map((item) => (
                      <li key={item.to}>
                        <NavLink
                          to={item.to}
                          end={item.end}
                          onClick={closeMobile}
                          className={({ isActive }) =>
                            cn(
                              'block rounded-lg px-3 py-2.5 text-base font-medium',
                              isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
                            )
                          }
                        >
                          {item.label}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </nav>
                <div className="border-t border-slate-200 px-4 py-4">
                  {user ? (
                    <MobileUserSection
                      user={user}
                      onNavigate={closeMobile}
                      onLogout={() => {
                        closeMobile();
                        onLogout();
                      }}
                    />
                  ) : (
                    <Link to={paths.login} onClick={closeMobile} className={buttonClasses({ className: 'w-full' })}>
                      Đăng nhập
                    </Link>
                  )}
                </div>
              </div>
            )}
          </details>
        </div>
      </div>
    </header>
  );
}

function MobileUserSection({
  user,
  onNavigate,
  onLogout,
}: {
  user: StoredUserInfo;
  onNavigate: () => void;
  onLogout: () => void;
}) {
  const name = user.fullName || user.username;
  const items = user.role === 'PATIENT' ? PATIENT_MENU : STAFF_MENU;
  return (
    <div>
      <div className="flex items-center gap-3 px-3 pb-3">
        <UserAvatar name={name} className="size-10" />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{name}</p>
          <p className="text-sm text-brand-700">{ROLE_LABELS[user.role]}</p>
        </div>
      </div>
      <ul className="space-y-1">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'block rounded-lg px-3 py-2.5 text-base',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={onLogout}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2.5 text-left text-base text-red-700 hover:bg-red-50"
          >
            <LogOut aria-hidden="true" className="size-5" />
            Đăng xuất
          </button>
        </li>
      </ul>
    </div>
  );
}

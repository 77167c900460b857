import { Link, NavLink } from 'react-router';
import { ExternalLink, LogOut } from 'lucide-react';
import { canOpenScreen, CLINIC, ROLE_LABELS, type User } from '@clinic/shared';
import { ClinicMark } from '@/components/clinic-logo';
import { ADMIN_NAV } from '@/config/admin-nav';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useBackOfficeText } from '@/hooks/use-back-office-text';

type AdminSidebarProps = {
  user: User;
  onLogout: () => void;
  /** Called when a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
};

/** Menu items by role (canOpenScreen), the signed-in name and role, the public site and logout. */
export function AdminSidebar({ user, onLogout, onNavigate }: AdminSidebarProps) {
  const items = ADMIN_NAV.filter((item) => canOpenScreen(user.role, item.screen));
  const name = user.fullName || user.username;
  const t = useBackOfficeText();

  return (
    <div className="flex h-full flex-col bg-brand-900 text-brand-50">
      <Link to={paths.admin.dashboard} onClick={onNavigate} className="flex items-center gap-3 px-5 py-5">
        <ClinicMark className="size-9 ring-1 ring-white/20" />
        <span className="leading-tight">
          <span className="block font-bold text-white">{CLINIC.shortName}</span>
          <span className="block text-xs text-brand-200">Trang quản trị</span>
        </span>
      </Link>

      <nav aria-label="Menu quản trị" className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="space-y-1">
          {items.map(({ screen, label, description, path, icon: Icon }) => (
            <li key={screen}>
              <NavLink
                to={path}
                end={screen === 'dashboard'}
                onClick={onNavigate}
                title={description}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
                    isActive ? 'bg-white text-brand-900 shadow-sm' : 'text-brand-50 hover:bg-white/10 hover:text-white',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="border-t border-white/10 p-4">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/15 font-semibold text-white"
          >
            {name.charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-white">{name}</p>
            <p className="truncate text-xs text-brand-200">{ROLE_LABELS[user.role]}</p>
          </div>
        </div>
        <div className="mt-4 grid gap-1">
          <Link
            to={paths.home}
            onClick={onNavigate}
            className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-brand-50 hover:bg-white/10 hover:text-white"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Xem trang chủ
          </Link>
          <button
            type="button"
            onClick={onLogout}
            className="flex items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-brand-50 hover:bg-white/10 hover:text-white"
          >
            <LogOut aria-hidden="true" className="size-4" />
            Đăng xuất
          </button>
        </div>
      </div>
    </div>
  );
}

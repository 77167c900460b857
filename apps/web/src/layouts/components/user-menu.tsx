import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown, LogOut } from 'lucide-react';
import { ROLE_LABELS, type StoredUserInfo } from '@clinic/shared';
import { UserAvatar } from '@/components/user-avatar';
import { useDismiss } from '@/hooks/use-dismiss';
import { cn } from '@/lib/cn';
import { PATIENT_MENU, STAFF_MENU } from './public-nav';

type UserMenuProps = { user: StoredUserInfo; onLogout: () => void };

/** The name button of the header and its list (a disclosure: Escape and a click outside close it). */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const name = user.fullName || user.username;
  const items = user.role === 'PATIENT' ? PATIENT_MENU : STAFF_MENU;

  const close = useCallback(() => {
    setOpen(false);
    if (containerRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
  }, []);
  useDismiss(containerRef, open, close);

  return (
    <div ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls="user-menu-panel"
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-3 pl-1 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50"
      >
        <UserAvatar name={name} />
        <span className="max-w-40 truncate">{name}</span>
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 text-slate-600 transition-transform', open && 'rotate-180')}
        />
      </button>

      {open && (
        <div
          id="user-menu-panel"
          className="absolute right-0 z-40 mt-2 w-64 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <div className="border-b border-slate-100 px-4 py-3">
            <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
            <p className="truncate text-xs text-slate-600">{user.email}</p>
            <p className="mt-1 text-xs font-medium text-brand-700">{ROLE_LABELS[user.role]}</p>
          </div>
          <ul className="py-1">
            {items.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={() => setOpen(false)}
                  className="block px-4 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800"
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="border-t border-slate-100 py-1">
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
              className="flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-red-700 hover:bg-red-50"
            >
              <LogOut aria-hidden="true" className="size-4" />
              Đăng xuất
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

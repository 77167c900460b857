import { useContext, useId } from 'react';
import {
  CalendarClock,
  KeyRound,
  Pencil,
  ShieldCheck,
  ShieldOff,
  Trash2,
  UserCheck,
  UserX,
  type LucideIcon,
} from 'lucide-react';
import { USER_MSG, type User } from '@clinic/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CurrentUserContext } from '@/hooks/use-current-user';
import { ROLE_NAMES, ROLE_TONES, displayName } from '../user-labels';

export type UserRowAction = 'edit' | 'resetPassword' | 'resetMfa' | 'activate' | 'deactivate' | 'reassign' | 'delete';
export type UserRowActionHandler = (action: UserRowAction, user: User) => void;

/** Administrator accounts are never selected, edited or changed here (specification section 5, docs/PRODUCT.md §5). */
export const isProtected = (user: User) => user.role === 'ADMIN';
export const isSelectable = (user: User) => !isProtected(user);

export function RowCheckbox({
  user,
  checked,
  onToggle,
}: {
  user: User;
  checked: boolean;
  onToggle: (id: number) => void;
}) {
  const reasonId = useId();
  const name = displayName(user);
  if (isProtected(user)) {
    // Disabled but still named and explained, so a screen reader hears why it cannot be ticked.
    return (
      <>
        <input
          type="checkbox"
          disabled
          aria-label={`Select ${name}`}
          aria-describedby={reasonId}
          title={USER_MSG.adminProtected}
          className="size-4 rounded border-slate-300"
        />
        <span id={reasonId} className="sr-only">
          {USER_MSG.adminProtected}
        </span>
      </>
    );
  }
  return (
    <input
      type="checkbox"
      checked={checked}
      onChange={() => onToggle(user.id)}
      aria-label={`Select ${name}`}
      className="size-4 rounded border-slate-300 accent-brand-700"
    />
  );
}

export function RoleBadge({ role }: { role: User['role'] }) {
  return <Badge tone={ROLE_TONES[role]}>{ROLE_NAMES[role]}</Badge>;
}

export function StatusBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? 'Active' : 'Inactive'}</Badge>;
}

/** Signs in with a second factor (TOTP). */
export function TwoFactorBadge({ user }: { user: User }) {
  if (!user.mfaEnabled) return null;
  return (
    <Badge tone="info">
      <ShieldCheck aria-hidden="true" className="size-3" />
      2FA<span className="sr-only">: two-factor sign-in on</span>
    </Badge>
  );
}

/**
 * An administrator resets another account's second factor (a lost phone), administrators' too:
 * when ADMIN must use one, another administrator is the only way back in. One's own is turned off
 * from Settings.
 */
function ResetMfaButton({ user, onAction }: { user: User; onAction: UserRowActionHandler }) {
  const me = useContext(CurrentUserContext);
  if (!user.mfaEnabled || me?.id === user.id) return null;
  const label = `Reset two-factor sign-in for ${displayName(user)}`;
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-9"
      aria-label={label}
      title={label}
      onClick={() => onAction('resetMfa', user)}
    >
      <ShieldOff aria-hidden="true" className="size-4" />
    </Button>
  );
}

/** A doctor's specialty by its display name (the code until the list arrives); nothing for other roles. */
export function SpecialtyName({ user, names }: { user: User; names: ReadonlyMap<string, string> }) {
  if (user.role !== 'DOCTOR' || !user.specialty) return <span className="text-slate-400">—</span>;
  return <span>{names.get(user.specialty) ?? user.specialty}</span>;
}

const ACTIONS: { action: UserRowAction; label: string; icon: LucideIcon; danger?: boolean }[] = [
  { action: 'edit', label: 'Edit', icon: Pencil },
  { action: 'resetPassword', label: 'Reset password for', icon: KeyRound },
  { action: 'activate', label: 'Activate', icon: UserCheck },
  { action: 'deactivate', label: 'Deactivate', icon: UserX },
  { action: 'delete', label: 'Delete', icon: Trash2, danger: true },
];

/** Each action as its own button named after the row ('Edit Lê Văn Tâm'); none for an administrator. */
export function RowActions({ user, onAction }: { user: User; onAction: UserRowActionHandler }) {
  if (isProtected(user)) {
    return (
      <div className="flex items-center justify-end gap-1">
        <span className="inline-flex items-center gap-1 text-xs text-slate-500" title={USER_MSG.adminProtected}>
          <ShieldCheck aria-hidden="true" className="size-4" />
          Protected
          <span className="sr-only">: {USER_MSG.adminProtected}</span>
        </span>
        <ResetMfaButton user={user} onAction={onAction} />
      </div>
    );
  }
  const name = displayName(user);
  return (
    <div className="flex items-center justify-end gap-1">
      {ACTIONS.filter(({ action }) => action !== (user.active ? 'activate' : 'deactivate')).map(
        ({ action, label, icon: Icon, danger }) => (
          <Button
            key={action}
            variant="ghost"
            size="icon"
            className={danger ? 'size-9 text-red-700 hover:bg-red-50' : 'size-9'}
            aria-label={`${label} ${name}`}
            title={`${label} ${name}`}
            onClick={() => onAction(action, user)}
          >
            <Icon aria-hidden="true" className="size-4" />
          </Button>
        ),
      )}
      {user.role === 'DOCTOR' && !user.active && (
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label={`Chuyển lịch hẹn của ${name}`}
          title={`Chuyển lịch hẹn của ${name}`}
          onClick={() => onAction('reassign', user)}
        >
          <CalendarClock aria-hidden="true" className="size-4" />
        </Button>
      )}
      <ResetMfaButton user={user} onAction={onAction} />
    </div>
  );
}

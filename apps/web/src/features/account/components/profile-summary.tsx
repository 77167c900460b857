import { ROLE_LABELS, type User } from '@clinic/shared';
import { Badge } from '@/components/ui/badge';
import { UserAvatar } from '@/components/user-avatar';

/** The profile's head: the initial, the name (or the username), the e-mail and the role. */
export function ProfileSummary({ user }: { user: User }) {
  const name = user.fullName || user.username;
  return (
    <div className="flex min-w-0 items-center gap-4">
      <UserAvatar name={name} size="lg" />
      <div className="min-w-0">
        <h2 className="truncate text-xl font-bold text-slate-900">{name}</h2>
        <p className="truncate text-sm text-slate-600">{user.email}</p>
        <Badge tone="brand" className="mt-1.5">
          {ROLE_LABELS[user.role]}
        </Badge>
      </div>
    </div>
  );
}

import { Trash2, UserCheck, UserX, X } from 'lucide-react';
import type { UserBulkAction } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { BULK_ACTION_NAMES } from '../user-labels';

const ACTIONS = [
  { action: 'activate', icon: UserCheck, variant: 'secondary' },
  { action: 'deactivate', icon: UserX, variant: 'secondary' },
  { action: 'delete', icon: Trash2, variant: 'danger' },
] as const;

/** Shown while users are selected: the same change for all of them at once. */
export function UserBulkBar({
  count,
  busy,
  onAction,
  onClear,
}: {
  count: number;
  busy: boolean;
  onAction: (action: UserBulkAction) => void;
  onClear: () => void;
}) {
  return (
    <section
      aria-label="Bulk actions"
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 sm:flex-row sm:items-center"
    >
      <p className="text-sm font-semibold text-brand-900" aria-live="polite">
        {count} {count === 1 ? 'user' : 'users'} selected
      </p>
      <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
        {ACTIONS.map(({ action, icon: Icon, variant }) => (
          <Button key={action} size="sm" variant={variant} disabled={busy} onClick={() => onAction(action)}>
            <Icon aria-hidden="true" className="size-4" />
            {BULK_ACTION_NAMES[action]}
          </Button>
        ))}
        <Button size="sm" variant="ghost" onClick={onClear}>
          <X aria-hidden="true" className="size-4" />
          Clear selection
        </Button>
      </div>
    </section>
  );
}

import { formatDate, type User } from '@clinic/shared';
import { SelectAllCheckbox } from '@/components/ui/select-all-checkbox';
import { useMediaQuery } from '@/hooks/use-media-query';
import { SelectableCard } from '@/components/ui/selectable-card';
import { cn } from '@/lib/cn';
import { displayName } from '../user-labels';
import {
  RoleBadge,
  RowActions,
  RowCheckbox,
  SpecialtyName,
  StatusBadge,
  TwoFactorBadge,
  isSelectable,
  type UserRowActionHandler,
} from './user-row-parts';

type UserTableProps = {
  items: User[];
  /** Specialty code → display name. */
  specialtyNames: ReadonlyMap<string, string>;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (checked: boolean) => void;
  onAction: UserRowActionHandler;
};

const SELECT_ALL = 'Select all users on this page';

/** One page of users: a table from laptop width up, cards on a phone or a narrow tablet, so the page never scrolls sideways. */
export function UserTable(props: UserTableProps) {
  // With the menu open, the table needs 1280 px to show every column and the row's buttons.
  const wide = useMediaQuery('(min-width: 1280px)');
  return wide ? <UserDesktopTable {...props} /> : <UserCards {...props} />;
}

function UserDesktopTable({ items, specialtyNames, selected, onToggle, onToggleAll, onAction }: UserTableProps) {
  const selectable = items.filter(isSelectable).length;
  return (
    // relative: the screen-reader-only header text is placed inside this box, not past the page's edge.
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[880px] text-left text-sm">
        <caption className="sr-only">Users</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-700 uppercase">
          <tr>
            <th scope="col" className="w-10 px-3 py-3">
              <SelectAllCheckbox
                count={selectable}
                selected={selected.size}
                onToggleAll={onToggleAll}
                label={SELECT_ALL}
              />
            </th>
            <th scope="col" className="px-2 py-3">
              Name
            </th>
            <th scope="col" className="px-2 py-3">
              Email / Phone
            </th>
            <th scope="col" className="px-2 py-3">
              Role
            </th>
            <th scope="col" className="px-2 py-3">
              Specialty
            </th>
            <th scope="col" className="px-2 py-3">
              Status
            </th>
            <th scope="col" className="px-2 py-3">
              Created
            </th>
            <th scope="col" className="px-3 py-3 text-right">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {items.map((user) => {
            const isSelected = selected.has(user.id);
            return (
              <tr key={user.id} className={cn(isSelected ? 'bg-brand-50/60' : 'hover:bg-slate-50')}>
                <td className="px-3 py-3">
                  <RowCheckbox user={user} checked={isSelected} onToggle={onToggle} />
                </td>
                <td className="min-w-44 px-2 py-3">
                  <p className="font-semibold break-words text-slate-900">{displayName(user)}</p>
                  <p className="text-slate-600">@{user.username}</p>
                </td>
                <td className="max-w-60 px-2 py-3 text-slate-700">
                  <p className="truncate" title={user.email}>
                    {user.email}
                  </p>
                  <p className="whitespace-nowrap text-slate-600 tabular-nums">
                    {user.phone ?? <span className="text-slate-500">No phone</span>}
                  </p>
                </td>
                <td className="px-2 py-3">
                  <RoleBadge role={user.role} />
                </td>
                <td className="px-2 py-3 text-slate-700">
                  <SpecialtyName user={user} names={specialtyNames} />
                </td>
                <td className="px-2 py-3">
                  <span className="flex flex-wrap gap-1">
                    <StatusBadge active={user.active} />
                    <TwoFactorBadge user={user} />
                  </span>
                </td>
                <td className="px-2 py-3 whitespace-nowrap text-slate-700 tabular-nums">
                  <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
                </td>
                <td className="px-3 py-2 text-right">
                  <RowActions user={user} onAction={onAction} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function UserCards({ items, specialtyNames, selected, onToggle, onToggleAll, onAction }: UserTableProps) {
  const selectable = items.filter(isSelectable).length;
  return (
    <div className="space-y-3">
      <label className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-700 shadow-sm">
        <SelectAllCheckbox count={selectable} selected={selected.size} onToggleAll={onToggleAll} label={SELECT_ALL} />
        <span aria-hidden="true">Select all</span>
      </label>
      <ul className="space-y-3" aria-label="Users">
        {items.map((user) => {
          const isSelected = selected.has(user.id);
          return (
            <SelectableCard
              key={user.id}
              selected={isSelected}
              checkbox={<RowCheckbox user={user} checked={isSelected} onToggle={onToggle} />}
              className="space-y-2"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">{displayName(user)}</p>
                  <p className="text-sm break-all text-slate-600">@{user.username}</p>
                </div>
                <div className="flex flex-wrap gap-1.5">
                  <RoleBadge role={user.role} />
                  <StatusBadge active={user.active} />
                  <TwoFactorBadge user={user} />
                </div>
              </div>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                <dt className="text-slate-500">Email</dt>
                <dd className="break-all text-slate-800">{user.email}</dd>
                {user.role === 'DOCTOR' && (
                  <>
                    <dt className="text-slate-500">Specialty</dt>
                    <dd className="text-slate-800">
                      <SpecialtyName user={user} names={specialtyNames} />
                    </dd>
                  </>
                )}
                <dt className="text-slate-500">Phone</dt>
                <dd className="text-slate-800 tabular-nums">{user.phone ?? '—'}</dd>
                <dt className="text-slate-500">Created</dt>
                <dd className="text-slate-800 tabular-nums">
                  <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
                </dd>
              </dl>
              <div className="border-t border-slate-100 pt-2">
                <RowActions user={user} onAction={onAction} />
              </div>
            </SelectableCard>
          );
        })}
      </ul>
    </div>
  );
}

import { X } from 'lucide-react';
import { USER_LIMITS, type Role, type UserSort, type UserStatusFilter } from '@clinic/shared';
import { Button } from '@/components/ui/button';
import { FilterSelect } from '@/components/ui/filter-select';
import { SearchField } from '@/components/ui/search-field';
import type { UserListParams } from '../api/get-users';
import { ROLE_FILTER_OPTIONS, SORT_OPTIONS, STATUS_FILTER_OPTIONS } from '../user-labels';
import { useBackOfficeText } from '@/hooks/use-back-office-text';

/** The list has a filter (a search, a role or a status) beyond its order. */
export const isFiltered = (params: UserListParams) => params.q !== '' || params.role !== '' || params.status !== '';

/** Search (name, username, e-mail, phone), role and status filters and the order, all kept in the address. */
export function UserToolbar({
  params,
  onChange,
  onClear,
}: {
  params: UserListParams;
  onChange: (patch: Partial<UserListParams>) => void;
  onClear: () => void;
}) {
  const t = useBackOfficeText();
  return (
    <div
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      role="search"
      aria-label={t('Search and filter users')}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
        <SearchField
          id="user-search"
          label={t('Search')}
          value={params.q}
          onSearch={(q) => onChange({ q })}
          maxLength={USER_LIMITS.search}
          placeholder={t('Name, username, email or phone')}
          className="sm:col-span-2 lg:col-span-1"
        />
        <FilterSelect
          id="user-filter-role"
          label={t('Role')}
          value={params.role}
          onChange={(role) => onChange({ role: role as Role | '' })}
          options={ROLE_FILTER_OPTIONS}
        />
        <FilterSelect
          id="user-filter-status"
          label={t('Status')}
          value={params.status}
          onChange={(status) => onChange({ status: status as UserStatusFilter | '' })}
          options={STATUS_FILTER_OPTIONS}
        />
        <FilterSelect
          id="user-sort"
          label={t('Sort by')}
          value={params.sort}
          onChange={(sort) => onChange({ sort: sort as UserSort })}
          options={SORT_OPTIONS}
          className="sm:col-span-2 lg:col-span-1"
        />
      </div>
      {isFiltered(params) && (
        <div className="mt-3 flex justify-end">
          <Button variant="ghost" size="sm" onClick={onClear}>
            <X aria-hidden="true" className="size-4" />
            Clear filters
          </Button>
        </div>
      )}
    </div>
  );
}

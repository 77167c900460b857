import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { FileSpreadsheet, RefreshCw, UserPlus, UserSearch } from 'lucide-react';
import {
  USER_LIMITS,
  USER_MSG,
  type ImportResult,
  type User,
  type UserBulkAction,
  type UserBulkResult,
} from '@clinic/shared';
import { ErrorBoundary } from '@/components/error-boundary';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryList } from '@/components/ui/query-list';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { usePageSelection } from '@/hooks/use-page-selection';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/error-message';
import { ACTIVATE_FAILED, useChangeUserStatus } from './api/change-user-status';
import { useDeleteUser } from './api/delete-user';
import { useSpecialties } from './api/get-specialties';
import { useUsers } from './api/get-users';
import { RESET_PASSWORD_FAILED, useResetPassword } from './api/reset-password';
import { RESET_MFA_FAILED, useResetMfa } from './api/reset-mfa';
import { USER_BULK_FAILED, useUserBulkAction } from './api/run-user-bulk-action';
import { BulkResultModal } from './components/bulk-result-modal';
import { ImportResultsModal } from './components/import-results-modal';
import { ImportUsersModal } from './components/import-users-modal';
import { TemporaryPasswordModal } from './components/temporary-password-modal';
import { DeactivateDoctorModal } from './components/deactivate-doctor-modal';
import { UserBulkBar } from './components/user-bulk-bar';
import { UserFormModal } from './components/user-form-modal';
import { isSelectable, type UserRowAction } from './components/user-row-parts';
import { UserTable } from './components/user-table';
import { UserToolbar, isFiltered } from './components/user-toolbar';
import { DEFAULT_USER_LIST, useUserListState } from './hooks/use-user-list-state';
import { BULK_ACTION_NAMES, displayName } from './user-labels';
import { usePastTheEnd } from '@/hooks/use-past-the-end';
import { useBackOfficeLanguage, useBackOfficeText } from '@/hooks/use-back-office-text';

const DEACTIVATE_NOTE = 'Tài khoản sẽ không đăng nhập được nữa cho đến khi được kích hoạt lại.';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'delete' | 'resetPassword' | 'resetMfa' | 'deactivate' | 'reassign'; user: User }
  | { kind: 'temporaryPassword'; user: User; password: string }
  | { kind: 'bulk-delete' }
  | { kind: 'bulk-result'; title: string; result: UserBulkResult; names: Map<number, string> }
  | { kind: 'import' }
  | { kind: 'import-result'; result: ImportResult };

/** A user a bulk change left out for a reason worth reading; one already in the state asked for is not. */
const needsExplaining = (r: UserBulkResult['results'][number]) =>
  r.outcome === 'failed' || (r.outcome === 'skipped' && r.code !== 'ALREADY_ACTIVE' && r.code !== 'ALREADY_INACTIVE');

/** /admin/users — User Management (ADMIN): every account, paged, searched, filtered and sorted on the server. */
export default function UsersPage() {
  const t = useBackOfficeText();
  const language = useBackOfficeLanguage();
  usePageTitle(t('User Management'));
  const { params, update } = useUserListState();
  const query = useUsers(params);
  const specialties = useSpecialties();
  const data = query.data;
  const items = useMemo(() => data?.items ?? [], [data]);
  const specialtyNames = useMemo(
    () => new Map((specialties.data ?? []).map((s) => [s.code, s.displayName])),
    [specialties.data],
  );
  const {
    selected,
    selectedItems,
    toggle,
    toggleAll,
    clear: clearSelection,
  } = usePageSelection(JSON.stringify(params), items, isSelectable);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const changeStatus = useChangeUserStatus();
  const remove = useDeleteUser();
  const reset = useResetPassword();
  const resetMfa = useResetMfa();
  const bulk = useUserBulkAction();

  function onRowAction(action: UserRowAction, user: User) {
    if (action === 'activate') {
      changeStatus.mutate(
        { id: user.id, active: true },
        {
          onSuccess: (result) => toast.success(`${result.message}: ${displayName(user)}`),
          onError: (error) => toast.error(errorMessage(error, ACTIVATE_FAILED)),
        },
      );
    } else if (action === 'deactivate' || action === 'reassign') {
      // Asked first; a doctor's window lists his upcoming visits and reassigns them (issue 25, defect 4).
      setDialog({ kind: user.role === 'DOCTOR' ? 'reassign' : 'deactivate', user });
    } else {
      setDialog({ kind: action, user });
    }
  }

  const single = dialog && 'user' in dialog ? dialog.user : null;

  function runBulk(action: UserBulkAction) {
    const names = new Map(selectedItems.map((u) => [u.id, displayName(u)]));
    bulk.mutate(
      { action, ids: [...selected] },
      {
        onSuccess: (result) => {
          if (result.failed > 0) toast.error(`${USER_BULK_FAILED[action]}. ${result.message}`);
          else toast.success(result.message);
          clearSelection();
          if (result.results.some(needsExplaining))
            setDialog({ kind: 'bulk-result', title: `${BULK_ACTION_NAMES[action]}: results`, result, names });
          else close();
        },
        onError: (error) => {
          toast.error(errorMessage(error, USER_BULK_FAILED[action]));
          close();
        },
      },
    );
  }

  const pastTheEnd = usePastTheEnd(
    data && { shown: data.items.length, total: data.total, totalPages: data.totalPages },
    params.page,
    update,
  );
  const clearFilters = () => update({ ...DEFAULT_USER_LIST, sort: params.sort });

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('User Management')}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {t('Create, edit, activate and import the accounts of staff, doctors and patients.')}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => void query.refetch()}
            loading={query.isFetching && !query.isPending}
          >
            {!(query.isFetching && !query.isPending) && <RefreshCw aria-hidden="true" className="size-4" />}
            {t('Refresh')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog({ kind: 'import' })}>
            <FileSpreadsheet aria-hidden="true" className="size-4" />
            {t('Import from Excel')}
          </Button>
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <UserPlus aria-hidden="true" className="size-4" />
            {t('Add user')}
          </Button>
        </div>
      </header>

      <UserToolbar params={params} onChange={update} onClear={clearFilters} />

      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {data && !query.isPlaceholderData ? `${data.total} ${data.total === 1 ? 'user' : 'users'} found` : ''}
      </p>

      {selected.size > 0 && (
        <UserBulkBar
          count={selected.size}
          busy={bulk.isPending}
          onClear={clearSelection}
          onAction={(action) => (action === 'delete' ? setDialog({ kind: 'bulk-delete' }) : runBulk(action))}
        />
      )}

      <ErrorBoundary>
        <QueryList
          query={{ ...query, isPending: query.isPending || pastTheEnd }}
          loadingLabel={t('Loading users...')}
          errorTitle={USER_MSG.loadFailed}
          retryLabel={t('Retry')}
          hasData={data !== undefined}
          isEmpty={items.length === 0}
          empty={
            isFiltered(params) ? (
              <EmptyState
                icon={UserSearch}
                title={t('No users match these filters')}
                description={t('Try another search, or clear the filters.')}
                action={
                  <Button variant="secondary" onClick={clearFilters}>
                    {t('Clear filters')}
                  </Button>
                }
              />
            ) : (
              <EmptyState title={t('No users yet')} description={t('Add a user, or import a list from Excel.')} />
            )
          }
          footer={
            data && (
              <Pagination
                page={data.page}
                pageSize={data.size || USER_LIMITS.pageSize}
                total={data.total}
                maxButtons={USER_LIMITS.pageButtons}
                onPageChange={(page) => update({ page })}
                previousLabel={t('Previous')}
                nextLabel={t('Next')}
                summary={(from, to, total) =>
                  language === 'vi'
                    ? `Hiển thị ${from} đến ${to} trong ${total} người dùng`
                    : `Showing ${from} to ${to} of ${total} users`
                }
              />
            )
          }
        >
          <UserTable
            items={items}
            specialtyNames={specialtyNames}
            selected={selected}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onAction={onRowAction}
          />
        </QueryList>
      </ErrorBoundary>

      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <UserFormModal key={single?.id ?? 'new'} user={single} onClose={close} />
      )}
      {dialog?.kind === 'reassign' && <DeactivateDoctorModal user={dialog.user} onClose={close} />}
      <ConfirmDialog
        open={dialog?.kind === 'deactivate'}
        title="Deactivate user"
        message={single ? `Deactivate ${displayName(single)} (@${single.username})? ${DEACTIVATE_NOTE}` : ''}
        confirmLabel="Deactivate"
        cancelLabel="Cancel"
        closeLabel="Close"
        loading={changeStatus.isPending}
        onConfirm={() =>
          single &&
          changeStatus.mutate(
            { id: single.id, active: false },
            {
              onSuccess: (result) => {
                toast.success(`${result.message}: ${displayName(single)}`);
                close();
              },
              onError: (error) => toast.error(errorMessage(error, USER_MSG.deactivateFailed)),
            },
          )
        }
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete user"
        message={single ? `Delete ${displayName(single)} (@${single.username})? This cannot be undone.` : ''}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        closeLabel="Close"
        loading={remove.isPending}
        onConfirm={() =>
          single &&
          remove.mutate(single.id, {
            onSuccess: (result) => {
              toast.success(result.message);
              close();
            },
            onError: (error) => toast.error(errorMessage(error, USER_MSG.deleteFailed)),
          })
        }
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'resetPassword'}
        title="Reset password"
        message={
          single
            ? `Reset the password of ${displayName(single)}? They get a temporary password, shown to you once, and must change it at next sign-in.`
            : ''
        }
        tone="primary"
        confirmLabel="Reset password"
        cancelLabel="Cancel"
        closeLabel="Close"
        loading={reset.isPending}
        onConfirm={() =>
          single &&
          reset.mutate(single.id, {
            onSuccess: (result) =>
              setDialog({ kind: 'temporaryPassword', user: single, password: result.temporaryPassword }),
            onError: (error) => toast.error(errorMessage(error, RESET_PASSWORD_FAILED)),
          })
        }
        onCancel={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'resetMfa'}
        title="Reset two-factor sign-in"
        message={
          single
            ? `Remove the two-factor sign-in of ${displayName(single)}? Their sessions end; they sign in with the password and set it up again.`
            : ''
        }
        tone="primary"
        confirmLabel="Reset two-factor sign-in"
        cancelLabel="Cancel"
        closeLabel="Close"
        loading={resetMfa.isPending}
        onConfirm={() =>
          single &&
          resetMfa.mutate(single.id, {
            onSuccess: (result) => {
              toast.success(result.message);
              close();
            },
            onError: (error) => toast.error(errorMessage(error, RESET_MFA_FAILED)),
          })
        }
        onCancel={close}
      />
      {dialog?.kind === 'temporaryPassword' && (
        <TemporaryPasswordModal name={displayName(dialog.user)} password={dialog.password} onClose={close} />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'bulk-delete'}
        title="Delete users"
        message={`Delete ${selected.size} selected ${selected.size === 1 ? 'user' : 'users'}? This cannot be undone.`}
        confirmLabel={`Delete ${selected.size} ${selected.size === 1 ? 'user' : 'users'}`}
        cancelLabel="Cancel"
        closeLabel="Close"
        loading={bulk.isPending}
        onConfirm={() => runBulk('delete')}
        onCancel={close}
      />
      {dialog?.kind === 'bulk-result' && (
        <BulkResultModal title={dialog.title} result={dialog.result} names={dialog.names} onClose={close} />
      )}
      {dialog?.kind === 'import' && (
        <ImportUsersModal onClose={close} onImported={(result) => setDialog({ kind: 'import-result', result })} />
      )}
      {dialog?.kind === 'import-result' && <ImportResultsModal result={dialog.result} onClose={close} />}
    </div>
  );
}

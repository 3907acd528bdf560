import { ADMIN_FALLBACK, ADMIN_PAGE_SIZE, type AdminUser } from '@prelaunch/api';
import {
  ConfirmDialog,
  ExportButton,
  FilterSelect,
  ListCard,
  Pagination,
  SearchBox,
  useDocumentMeta,
  useErrorToast,
  usePage,
  ResponsiveTable,
  useUrlSearch,
} from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { profileQueryOptions } from '../features/session/api/session';
import { useAddUser, useApproveUser, useDeleteUser, useResetTwoFactor, useUpdateUser, usersQueryOptions } from '../features/users/api/users';
import { AddUserDialog, UpdateUserDialog } from '../features/users/components/UserDialogs';
import { userColumns } from '../features/users/components/userColumns';
import { useAdminBrand } from '../features/session/hooks/useAdminBrand';

type Filter = 'waiting' | 'verified';
type Confirm = { kind: 'delete' | 'approve' | 'reset2fa'; user: AdminUser } | null;

const CONFIRM_TEXT = {
  delete: { title: 'Delete User', message: 'Aye you sure, you want to Delete?' },
  approve: { title: 'Approve User', message: 'Aye you sure, you want to Approve?' },
  reset2fa: {
    title: 'Reset two-factor sign-in',
    message: 'Wrong codes locked this admin\'s two-factor sign-in. Reset it only once you know they entered them, not someone with their password.',
  },
};

const FILTERS = [
  { value: 'waiting', label: 'Waiting For Verification' },
  { value: 'verified', label: 'Verified User' },
];

/** SPEC §2 "Admin Manage User (/admin/usermanage)". */
export default function UserManage() {
  const site = useAdminBrand();
  useDocumentMeta({ title: `${site.title} | User Manage` });
  const { input, setInput, term } = useUrlSearch('search');
  const [filter, setFilter] = useState<Filter>('waiting');
  const [page, setPage] = usePage(`${term}|${filter}`);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);

  const list = useQuery(usersQueryOptions({ page, search: term, isApproved: filter === 'verified' }));
  useErrorToast(list.error, ADMIN_FALLBACK.users);

  const me = useQuery(profileQueryOptions()).data?.data;
  const [updateFailure, setUpdateFailure] = useState<unknown>();
  const add = useAddUser();
  const update = useUpdateUser({ onDone: () => setEditing(null), onFailed: setUpdateFailure });
  const remove = useDeleteUser({ onDone: () => setConfirm(null) });
  const approve = useApproveUser({ onDone: () => setConfirm(null) });
  const resetTwoFactor = useResetTwoFactor({ onDone: () => setConfirm(null) });

  const data = list.data?.data;
  const columns = userColumns({
    page,
    limit: data?.limit || ADMIN_PAGE_SIZE,
    onApprove: (user) => setConfirm({ kind: 'approve', user }),
    onEdit: setEditing,
    onDelete: (user) => setConfirm({ kind: 'delete', user }),
    onResetTwoFactor: me?.isOwner ? (user) => setConfirm({ kind: 'reset2fa', user }) : undefined,
  });
  // DESIGN §16 "Honest states": no 0 count before the list has loaded.
  const total = data ? data.total : '…';
  const header = filter === 'waiting' ? `Waiting For Verification: ${total}` : `Verified User: ${total}`;

  return (
    <div className="container-fluid py-4">
      <h1 className="h3 pl-page-title">User Manage</h1>
      <ListCard
        title={header}
        tools={
          <>
            <FilterSelect label="Status" value={filter} options={FILTERS} onChange={(v) => setFilter(v as Filter)} />
            <SearchBox value={input} onChange={setInput} placeholder="Search by name, email, mobile..." />
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              Add User
            </button>
            {/* DESIGN §12: the users of the status on screen (waiting or verified). */}
            <ExportButton
              download={() => api.exportUsers({ isApproved: filter === 'verified' })}
              fallback={ADMIN_FALLBACK.export}
            />
          </>
        }
      >
        <ResponsiveTable
          label="Users"
          columns={columns}
          rows={data?.records}
          loading={list.isPending}
          error={list.isError ? list.error : undefined}
          errorFallback={ADMIN_FALLBACK.users}
          onRetry={() => void list.refetch()}
          emptyText={
            term
              ? 'No data available. No user matches this search; clear it or switch the status filter.'
              : filter === 'waiting'
                ? 'No data available. Nobody is waiting for verification; new sign-ups appear here.'
                : 'No data available. Verify users from the waiting list or add one with Add User.'
          }
        />
        <Pagination compact page={page} pageCount={data?.lastPage ?? 1} onPageChange={setPage} />
      </ListCard>

      <AddUserDialog show={adding} onClose={() => setAdding(false)} pending={add.isPending} onSubmit={(b) => add.mutate(b)} />
      {editing ? (
        <UpdateUserDialog
          key={editing.id}
          show
          user={editing}
          askCode={me?.twoFactorEnabled}
          failure={updateFailure}
          pending={update.isPending}
          onClose={() => setEditing(null)}
          onSubmit={(b) => {
            setUpdateFailure(undefined);
            update.mutate(b);
          }}
        />
      ) : null}
      <ConfirmDialog
        show={confirm !== null}
        title={CONFIRM_TEXT[confirm?.kind ?? 'approve'].title}
        message={CONFIRM_TEXT[confirm?.kind ?? 'approve'].message}
        target={
          confirm ? (
            <>
              <div className="fw-semibold">{confirm.user.name}</div>
              <div className="small text-body-secondary text-break">{confirm.user.email}</div>
            </>
          ) : null
        }
        danger={confirm?.kind === 'delete'}
        confirmLabel={confirm?.kind === 'reset2fa' ? 'Reset' : undefined}
        pending={remove.isPending || approve.isPending || resetTwoFactor.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          if (confirm.kind === 'delete') remove.mutate(confirm.user.id);
          else if (confirm.kind === 'reset2fa') resetTwoFactor.mutate(confirm.user.id);
          else approve.mutate(confirm.user.id);
        }}
      />
    </div>
  );
}

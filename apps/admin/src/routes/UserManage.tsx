import { ADMIN_FALLBACK, type AdminUser } from '@prelaunch/api';
import {
  ConfirmDialog,
  ExportButton,
  FilterSelect,
  ListCard,
  ListPager,
  SearchBox,
  useDocumentMeta,
  useErrorToast,
  useListParams,
  ResponsiveTable,
  useUrlSearch,
} from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { profileQueryOptions, useAdminBrand } from '../features/session';
import { AddUserDialog, ChangeRoleDialog, UpdateUserDialog, useAddUser, useApproveUser, useDeleteUser, userColumns, useResetTwoFactor, usersQueryOptions, useUpdateUser } from '../features/users';

type Filter = 'all' | 'waiting' | 'verified' | 'admins';
type Confirm = { kind: 'delete' | 'approve' | 'reset2fa'; user: AdminUser } | null;

const CONFIRM_TEXT = {
  delete: { title: 'Delete User', message: 'Are you sure you want to Delete?' },
  approve: { title: 'Approve User', message: 'Are you sure you want to Approve?' },
  reset2fa: {
    title: 'Reset two-factor sign-in',
    message: 'Wrong codes locked this admin\'s two-factor sign-in. Reset it only once you know they entered them, not someone with their password.',
  },
};

// The buyers (waiting, verified or all of them), or the company's admins: never mixed.
const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'waiting', label: 'Waiting For Verification' },
  { value: 'verified', label: 'Verified User' },
  { value: 'admins', label: 'Admins' },
];
const HEADERS: Record<Filter, string> = {
  all: 'All Users',
  waiting: 'Waiting For Verification',
  verified: 'Verified User',
  admins: 'Admins',
};
const approvalOf = (f: Filter) => (f === 'waiting' ? false : f === 'verified' ? true : undefined);

/** Admin Manage User (/admin/usermanage). */
export default function UserManage() {
  const site = useAdminBrand();
  useDocumentMeta({ title: `${site.title} | User Manage` });
  // Filter, search, sort, page and page size live in the URL: a reload or Back keeps them.
  const { input, setInput, term } = useUrlSearch('search', ['page']);
  const lp = useListParams({ sort: 'date', dir: 'desc', filters: { filter: 'waiting' } });
  const filter = (FILTERS.some((f) => f.value === lp.filter('filter')) ? lp.filter('filter') : 'waiting') as Filter;
  const page = lp.page;
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [roleOf, setRoleOf] = useState<AdminUser | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);

  const list = useQuery(
    usersQueryOptions({
      page,
      limit: lp.size,
      search: term,
      isApproved: approvalOf(filter),
      role: filter === 'admins' ? 'ADMIN' : 'USER',
      sort: lp.sort as 'date' | 'name',
      dir: lp.dir,
    }),
  );
  useErrorToast(list.error, ADMIN_FALLBACK.users);

  const me = useQuery(profileQueryOptions()).data?.data;
  const [updateFailure, setUpdateFailure] = useState<unknown>();
  const add = useAddUser();
  const update = useUpdateUser({ onDone: () => setEditing(null), onFailed: setUpdateFailure });
  const changeRole = useUpdateUser({ onDone: () => setRoleOf(null) });
  const remove = useDeleteUser({ onDone: () => setConfirm(null) });
  const approve = useApproveUser({ onDone: () => setConfirm(null) });
  const resetTwoFactor = useResetTwoFactor({ onDone: () => setConfirm(null) });

  const data = list.data?.data;
  const columns = userColumns({
    page,
    limit: data?.limit || lp.size,
    symbol: site.query.data?.data?.token?.symbol,
    onApprove: (user) => setConfirm({ kind: 'approve', user }),
    onEdit: setEditing,
    onRole: setRoleOf,
    onDelete: (user) => setConfirm({ kind: 'delete', user }),
    onResetTwoFactor: me?.isOwner ? (user) => setConfirm({ kind: 'reset2fa', user }) : undefined,
  });
  // No 0 count before the list has loaded.
  const total = data ? data.total : '…';
  const header = `${HEADERS[filter]}: ${total}`;

  return (
    <div className="container-fluid py-4">
      <h1 className="h3 pl-page-title">User Manage</h1>
      <ListCard
        title={header}
        tools={
          <>
            <FilterSelect label="Status" value={filter} options={FILTERS} onChange={(v) => lp.setFilter('filter', v)} />
            <SearchBox value={input} onChange={setInput} placeholder="Search by name, email, mobile..." />
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              Add User
            </button>
            {/* The users of the status on screen (waiting, verified or all). */}
            {filter !== 'admins' ? (
              <ExportButton download={() => api.exportUsers({ isApproved: approvalOf(filter) })} fallback={ADMIN_FALLBACK.export} />
            ) : null}
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
          sort={{ key: lp.sort, dir: lp.dir, onChange: lp.setSort }}
          emptyText={
            term
              ? 'No data available. No user matches this search; clear it or switch the status filter.'
              : filter === 'waiting'
                ? 'No data available. Nobody is waiting for verification; new sign-ups appear here.'
                : 'No data available. Verify users from the waiting list or add one with Add User.'
          }
        />
        <ListPager
          page={page}
          pageCount={data?.lastPage ?? 1}
          onPageChange={lp.setPage}
          size={lp.size}
          onSizeChange={lp.setSize}
          total={data?.total}
        />
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
      {roleOf ? (
        <ChangeRoleDialog
          key={roleOf.id}
          show
          user={roleOf}
          pending={changeRole.isPending}
          onClose={() => setRoleOf(null)}
          onSubmit={(b) => changeRole.mutate(b)}
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

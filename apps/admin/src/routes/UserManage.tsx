import { ADMIN_PAGE_SIZE, type AdminUser } from '@prelaunch/api';
import { ConfirmDialog, DataTable, toastSuccess, useDocumentMeta, type Column } from '@prelaunch/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api';
import { AdminPagination } from '../components/AdminPagination';
import { PenIcon, TrashIcon } from '../components/Icons';
import { ListCard } from '../components/ListCard';
import { SearchBox } from '../components/SearchBox';
import { AddUserDialog, UpdateUserDialog } from '../components/UserDialogs';
import { useUrlSearch } from '../components/useUrlSearch';
import { dash, serial, ymd } from '../format';
import { ADMIN_FALLBACK, reportError, useErrorToast } from '../state/errors';
import { useSite } from '../state/site';

type Filter = 'waiting' | 'verified';
type Confirm = { kind: 'delete' | 'approve'; user: AdminUser } | null;

/** SPEC §2 "Admin Manage User (/admin/usermanage)". */
export default function UserManage() {
  const site = useSite();
  useDocumentMeta({ title: `${site.title} | User Manage` });
  const qc = useQueryClient();
  const { input, setInput, term } = useUrlSearch('search');
  const [filter, setFilter] = useState<Filter>('waiting');
  const [page, setPage] = useState(1);
  const [lastKey, setLastKey] = useState(`${term}|${filter}`);
  if (lastKey !== `${term}|${filter}`) {
    setLastKey(`${term}|${filter}`);
    setPage(1);
  }
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);

  const list = useQuery({
    queryKey: ['admin', 'users', { page, term, filter }],
    queryFn: () => api.userList({ page, search: term, isApproved: filter === 'verified' }),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error, ADMIN_FALLBACK.users);

  // SPEC §4: after every admin mutation the list is refetched.
  const refetch = () => qc.invalidateQueries({ queryKey: ['admin'] });
  const mutation = (fn: () => Promise<{ message: string | string[] }>, fallback: string, done?: () => void) => ({
    mutationFn: fn,
    onSuccess: (res: { message: string | string[] }) => {
      toastSuccess(res.message);
      done?.();
    },
    onError: (err: unknown) => reportError(err, fallback),
    onSettled: refetch,
  });

  const add = useMutation({
    mutationFn: (body: Parameters<typeof api.userAdd>[0]) => api.userAdd(body),
    onSuccess: (res) => toastSuccess(res.message),
    onError: (err) => reportError(err, ADMIN_FALLBACK.userAdd),
    onSettled: refetch,
  });
  const update = useMutation({
    mutationFn: (body: Parameters<typeof api.userUpdate>[0]) => api.userUpdate(body),
    onSuccess: (res) => {
      toastSuccess(res.message);
      setEditing(null);
    },
    onError: (err) => reportError(err, ADMIN_FALLBACK.userUpdate),
    onSettled: refetch,
  });
  const remove = useMutation(
    mutation(() => api.userDelete(confirm!.user.id), ADMIN_FALLBACK.userDelete, () => setConfirm(null)),
  );
  const approve = useMutation(
    mutation(() => api.userApprove(confirm!.user.id), ADMIN_FALLBACK.userApprove, () => setConfirm(null)),
  );

  const data = list.data?.data;
  const limit = data?.limit || ADMIN_PAGE_SIZE;

  const columns: Column<AdminUser>[] = [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i) },
    { key: 'name', header: 'Name' },
    { key: 'email', header: 'Email' },
    { key: 'mobile', header: 'Mobile' },
    { key: 'referralCode', header: 'Referral Code', render: (r) => dash(r.referralCode) },
    { key: 'createdAt', header: 'Date', render: (r) => ymd(r.createdAt), className: 'text-nowrap' },
    {
      key: 'approval',
      header: 'Approval',
      render: (r) =>
        r.isApproved ? (
          <span className="badge text-bg-success">Verified</span>
        ) : (
          <button type="button" className="btn btn-sm btn-warning" onClick={() => setConfirm({ kind: 'approve', user: r })}>
            Waiting
          </button>
        ),
    },
    {
      key: 'action',
      header: 'Action',
      className: 'text-nowrap',
      render: (r) => (
        <div className="d-flex gap-1">
          <button type="button" className="btn btn-sm btn-outline-primary" aria-label={`Edit ${r.name}`} onClick={() => setEditing(r)}>
            <PenIcon />
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            aria-label={`Delete ${r.name}`}
            onClick={() => setConfirm({ kind: 'delete', user: r })}
          >
            <TrashIcon />
          </button>
        </div>
      ),
    },
  ];

  const header = filter === 'waiting' ? `Waiting For Verification: ${data?.total ?? 0}` : `Verified User: ${data?.total ?? 0}`;

  return (
    <div className="container-fluid py-4">
      <h1 className="h3 mb-4">User Manage</h1>
      <ListCard
        title={header}
        tools={
          <>
            <select
              className="form-select w-auto"
              aria-label="Status"
              value={filter}
              onChange={(e) => setFilter(e.target.value as Filter)}
            >
              <option value="waiting">Waiting For Verification</option>
              <option value="verified">Verified User</option>
            </select>
            <SearchBox value={input} onChange={setInput} placeholder="Search by name, email, mobile..." />
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              Add User
            </button>
          </>
        }
      >
        <DataTable columns={columns} rows={data?.records} loading={list.isPending} />
        <AdminPagination page={page} pageCount={data?.lastPage ?? 1} onPageChange={setPage} />
      </ListCard>

      <AddUserDialog show={adding} onClose={() => setAdding(false)} pending={add.isPending} onSubmit={(b) => add.mutate(b)} />
      {editing ? (
        <UpdateUserDialog
          key={editing.id}
          show
          user={editing}
          pending={update.isPending}
          onClose={() => setEditing(null)}
          onSubmit={(b) => update.mutate(b)}
        />
      ) : null}
      <ConfirmDialog
        show={confirm !== null}
        message={confirm?.kind === 'delete' ? 'Aye you sure, you want to Delete?' : 'Aye you sure, you want to Approve?'}
        pending={remove.isPending || approve.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => (confirm?.kind === 'delete' ? remove.mutate() : approve.mutate())}
      />
    </div>
  );
}

import { ADMIN_PAGE_SIZE, type Company } from '@prelaunch/api';
import { DataTable, toastSuccess, useDocumentMeta, type Column } from '@prelaunch/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { superApi } from '../api';
import { AdminPagination } from '../components/AdminPagination';
import { AddCompanyDialog } from '../components/CompanyDialog';
import { ListCard } from '../components/ListCard';
import { SearchBox } from '../components/SearchBox';
import { usePage } from '../components/usePage';
import { useUrlSearch } from '../components/useUrlSearch';
import { serial, ymd } from '../format';
import { ADMIN_FALLBACK, reportError, useErrorToast } from '../state/errors';

/** SPEC §2 super admin Company Manage. */
export default function CompanyManage() {
  useDocumentMeta({ title: 'Super Admin | Company Manage' });
  const qc = useQueryClient();
  const { input, setInput, term } = useUrlSearch('search');
  const [page, setPage] = usePage(term);
  const [adding, setAdding] = useState(false);
  const list = useQuery({
    queryKey: ['super', 'companies', { page, term }],
    queryFn: () => superApi.companyList({ page, search: term }),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error, ADMIN_FALLBACK.companies, '/superadmin/login');
  const add = useMutation({
    mutationFn: superApi.companyAdd,
    onSuccess: (res) => {
      toastSuccess(res.message);
      setAdding(false);
    },
    onError: (err) => reportError(err, ADMIN_FALLBACK.companyAdd),
    onSettled: () => qc.invalidateQueries({ queryKey: ['super'] }),
  });
  const data = list.data?.data;
  const limit = data?.limit || ADMIN_PAGE_SIZE;
  const columns: Column<Company>[] = [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i) },
    { key: 'companyName', header: 'Name' },
    { key: 'email', header: 'Email' },
    { key: 'mobile', header: 'Mobile' },
    { key: 'companyAadhaarCard', header: 'Aadhaar' },
    { key: 'companyPan', header: 'PAN' },
    { key: 'companyAddress', header: 'Address' },
    { key: 'companyPincode', header: 'PIN' },
    { key: 'tokenName', header: 'Token' },
    { key: 'tokenSymbol', header: 'Symbol' },
    { key: 'createdAt', header: 'Date', render: (r) => ymd(r.createdAt), className: 'text-nowrap' },
  ];
  return (
    <div className="container-fluid py-4">
      <h1 className="h3 mb-4">Company Manage</h1>
      <ListCard
        title={`Companies: ${data?.total ?? 0}`}
        tools={
          <>
            <SearchBox value={input} onChange={setInput} placeholder="Search companies..." />
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              Add Company
            </button>
          </>
        }
      >
        <DataTable columns={columns} rows={data?.records} loading={list.isPending} />
        <AdminPagination page={page} pageCount={data?.lastPage ?? 1} onPageChange={setPage} />
      </ListCard>
      {adding ? (
        <AddCompanyDialog show pending={add.isPending} onClose={() => setAdding(false)} onSubmit={(b) => add.mutate(b)} />
      ) : null}
    </div>
  );
}

import { ADMIN_FALLBACK, ADMIN_PAGE_SIZE, type Company } from '@prelaunch/api';
import {
  ListCard,
  Pagination,
  SearchBox,
  serial,
  useDocumentMeta,
  useErrorToast,
  usePage,
  ResponsiveTable,
  useUrlSearch,
  ymd,
  type ResponsiveColumn,
} from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { companiesQueryOptions, useAddCompany } from '../features/companies/api/companies';
import { AddCompanyDialog } from '../features/companies/components/CompanyDialog';
import { maskAadhaar } from '../lib/money';

/** SPEC §2 super admin Company Manage. */
export default function CompanyManage() {
  useDocumentMeta({ title: 'Super Admin | Company Manage' });
  const { input, setInput, term } = useUrlSearch('search');
  const [page, setPage] = usePage(term);
  const [adding, setAdding] = useState(false);
  const list = useQuery(companiesQueryOptions({ page, search: term }));
  useErrorToast(list.error, ADMIN_FALLBACK.companies);
  const add = useAddCompany({ onDone: () => setAdding(false) });
  const data = list.data?.data;
  const limit = data?.limit || ADMIN_PAGE_SIZE;
  const columns: ResponsiveColumn<Company>[] = [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i), card: 'hidden' },
    { key: 'companyName', header: 'Name', card: 'title', className: 'pl-wrap' },
    {
      key: 'contact',
      header: 'Email / Mobile',
      cardLabel: 'Contact',
      render: (r) => (
        <span className="d-inline-flex flex-column">
          <span>{r.email}</span>
          <span className="small text-body-secondary">{r.mobile}</span>
        </span>
      ),
    },
    { key: 'companyAadhaarCard', header: 'Aadhaar', render: (r) => maskAadhaar(r.companyAadhaarCard), className: 'text-nowrap' },
    { key: 'companyPan', header: 'PAN' },
    { key: 'companyAddress', header: 'Address', className: 'pl-wrap' },
    { key: 'companyPincode', header: 'PIN' },
    { key: 'tokenName', header: 'Token' },
    { key: 'tokenSymbol', header: 'Symbol', card: 'status' },
    { key: 'createdAt', header: 'Date', render: (r) => ymd(r.createdAt), className: 'text-nowrap' },
  ];
  return (
    <div className="container-fluid py-4">
      <h1 className="h3 pl-page-title">Company Manage</h1>
      <ListCard
        title={`Companies: ${data ? data.total : '…'}`}
        tools={
          <>
            <SearchBox value={input} onChange={setInput} placeholder="Search companies..." />
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              Add Company
            </button>
          </>
        }
      >
        <ResponsiveTable
          label="Companies"
          columns={columns}
          rows={data?.records}
          loading={list.isPending}
          error={list.isError ? list.error : undefined}
          errorFallback={ADMIN_FALLBACK.companies}
          onRetry={() => void list.refetch()}
          emptyText={
            term
              ? 'No data available. Nothing matches this search; clear it to see the whole list.'
              : 'No data available. Add the first company with Add Company.'
          }
        />
        <Pagination compact page={page} pageCount={data?.lastPage ?? 1} onPageChange={setPage} />
      </ListCard>
      {adding ? (
        <AddCompanyDialog show pending={add.isPending} onClose={() => setAdding(false)} onSubmit={(b) => add.mutate(b)} />
      ) : null}
    </div>
  );
}

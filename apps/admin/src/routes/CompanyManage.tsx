import { ADMIN_FALLBACK, type CompanyStatus } from '@prelaunch/api';
import {
  FilterSelect,
  ListCard,
  ListPager,
  ResponsiveTable,
  SearchBox,
  useDocumentMeta,
  useErrorToast,
  useListParams,
  useUrlSearch,
} from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { AddCompanyDialog, companiesQueryOptions, COMPANY_STATUSES, companyColumns, useAddCompany, useStatusFilter } from '../features/companies';

/** Super admin Company Manage, with the domains, status and figures. */
export default function CompanyManage() {
  useDocumentMeta({ title: 'Super Admin | Company Manage' });
  const { input, setInput, term } = useUrlSearch('search', ['page']);
  // The page and its size live in the URL too (a reload or Back keeps them).
  const lp = useListParams();
  const page = lp.page;
  const [status, setStatus] = useStatusFilter();
  const [adding, setAdding] = useState(false);
  const { search: listSearch } = useLocation();
  const list = useQuery(companiesQueryOptions({ page, limit: lp.size, search: term, status: status || undefined }));
  useErrorToast(list.error, ADMIN_FALLBACK.companies);
  const add = useAddCompany({ onDone: () => setAdding(false) });
  const data = list.data?.data;
  const filtered = Boolean(term || status);
  return (
    <div className="container-fluid py-4">
      <h1 className="h3 pl-page-title">Company Manage</h1>
      <ListCard
        title={`Companies: ${data ? data.total : '…'}`}
        tools={
          <>
            <FilterSelect label="Status" value={status} options={COMPANY_STATUSES} onChange={(v) => setStatus(v as CompanyStatus | '')} />
            <SearchBox value={input} onChange={setInput} placeholder="Search companies..." />
            <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
              Add Company
            </button>
          </>
        }
      >
        <ResponsiveTable
          label="Companies"
          columns={companyColumns(page, data?.limit || lp.size, listSearch)}
          rows={data?.records}
          loading={list.isPending}
          error={list.isError ? list.error : undefined}
          errorFallback={ADMIN_FALLBACK.companies}
          onRetry={() => void list.refetch()}
          emptyText={
            filtered
              ? 'No data available. Nothing matches this search or status; clear them to see the whole list.'
              : 'No data available. Add the first company with Add Company.'
          }
        />
        <ListPager page={page} pageCount={data?.lastPage ?? 1} onPageChange={lp.setPage} size={lp.size} onSizeChange={lp.setSize} total={data?.total} />
      </ListCard>
      {adding ? (
        <AddCompanyDialog show pending={add.isPending} error={add.error} onClose={() => setAdding(false)} onSubmit={(b) => add.mutate(b)} />
      ) : null}
    </div>
  );
}

import { ADMIN_FALLBACK, type AdminPurchaseStatus } from '@prelaunch/api';
import {
  DateRange,
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
import { superApi } from '../api';
import { CompanyFilter } from '../features/companies';
import { companyPurchaseColumns, companyPurchasesQueryOptions } from '../features/purchases';

const STATUSES = [
  { value: '', label: 'All' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'REFUNDED', label: 'Refunded' },
];

/** Read-only purchases across every company. */
export default function TransactionManage() {
  useDocumentMeta({ title: 'Super Admin | Transaction Manage' });
  // The search, company, status, page and page size live in the URL (a reload or Back keeps them).
  const { input, setInput, term } = useUrlSearch('search', ['page']);
  const lp = useListParams();
  const status = (STATUSES.some((s) => s.value === lp.filter('status')) ? lp.filter('status') : '') as AdminPurchaseStatus | '';
  const companyId = lp.filter('companyId');
  // The export's range (IST days, inclusive); empty bounds export everything.
  const [range, setRange] = useState({ from: '', to: '' });
  const page = lp.page;
  const list = useQuery(companyPurchasesQueryOptions({ page, limit: lp.size, search: term, status, companyId }));
  useErrorToast(list.error, ADMIN_FALLBACK.purchases);
  const data = list.data?.data;
  return (
    <div className="container-fluid py-4">
      <h1 className="h3 pl-page-title">Transaction Manage</h1>
      <ListCard
        title={`Transactions: ${data ? data.total : '…'}`}
        tools={
          <>
            <CompanyFilter value={companyId} onChange={(v) => lp.setFilter('companyId', v)} />
            <FilterSelect
              label="Status"
              value={status}
              options={STATUSES}
              onChange={(v) => lp.setFilter('status', v)}
            />
            <SearchBox value={input} onChange={setInput} placeholder="Search by order, name, mobile..." />
            <DateRange id="transactions-range" from={range.from} to={range.to} onChange={setRange} />
            <ExportButton
              download={() => superApi.exportPurchases({ companyId, status, ...range })}
              fallback={ADMIN_FALLBACK.export}
            />
          </>
        }
      >
        <ResponsiveTable
          label="Transactions"
          columns={companyPurchaseColumns(page, data?.limit || lp.size)}
          rows={data?.records}
          loading={list.isPending}
          error={list.isError ? list.error : undefined}
          errorFallback={ADMIN_FALLBACK.purchases}
          onRetry={() => void list.refetch()}
          emptyText={
            term
              ? 'No data available. Nothing matches this search; clear it to see the whole list.'
              : 'No data available. Purchases of every company appear here once buyers order.'
          }
        />
        <ListPager page={page} pageCount={data?.lastPage ?? 1} onPageChange={lp.setPage} size={lp.size} onSizeChange={lp.setSize} total={data?.total} />
      </ListCard>
    </div>
  );
}

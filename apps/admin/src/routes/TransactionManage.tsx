import { ADMIN_PAGE_SIZE, type AdminPurchaseStatus, type SuperAdminPurchase } from '@prelaunch/api';
import { DataTable, StatusBadge, useDocumentMeta, type Column } from '@prelaunch/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { superApi } from '../api';
import { AdminPagination } from '../components/AdminPagination';
import { ListCard } from '../components/ListCard';
import { SearchBox } from '../components/SearchBox';
import { usePage } from '../components/usePage';
import { useUrlSearch } from '../components/useUrlSearch';
import { dash, fixed2, grouped, serial, ymd } from '../format';
import { ADMIN_FALLBACK, useErrorToast } from '../state/errors';

/** Read-only purchases across every company (DESIGN §9). */
export default function TransactionManage() {
  useDocumentMeta({ title: 'Super Admin | Transaction Manage' });
  const { input, setInput, term } = useUrlSearch('search');
  const [status, setStatus] = useState<AdminPurchaseStatus | ''>('');
  const [page, setPage] = usePage(`${term}|${status}`);
  const list = useQuery({
    queryKey: ['super', 'transactions', { page, term, status }],
    queryFn: () => superApi.transactionList({ page, search: term, status }),
    placeholderData: keepPreviousData,
  });
  useErrorToast(list.error, ADMIN_FALLBACK.purchases, '/superadmin/login');
  const data = list.data?.data;
  const limit = data?.limit || ADMIN_PAGE_SIZE;
  const columns: Column<SuperAdminPurchase>[] = [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i) },
    { key: 'company', header: 'Company', render: (r) => r.company?.name },
    { key: 'orderNumber', header: 'Order No.', className: 'text-nowrap' },
    { key: 'userId', header: 'User ID', render: (r) => dash(r.user?.referralCode) },
    { key: 'name', header: 'name', render: (r) => r.user?.name },
    { key: 'mobile', header: 'Mobile', render: (r) => r.user?.mobile },
    { key: 'paymentMethod', header: 'Method' },
    { key: 'price', header: 'Price', render: (r) => fixed2(r.price) },
    { key: 'totalQuantity', header: 'Quantity', render: (r) => grouped(r.totalQuantity) },
    { key: 'finalAmount', header: 'Final Amount', render: (r) => fixed2(r.finalAmount) },
    { key: 'status', header: 'Status', render: (r) => <StatusBadge status={r.status} /> },
    { key: 'txn', header: 'Txn No.', render: (r) => dash(r.referenceNumber) },
    { key: 'createdAt', header: 'Date', render: (r) => ymd(r.createdAt), className: 'text-nowrap' },
  ];
  return (
    <div className="container-fluid py-4">
      <h1 className="h3 mb-4">Transaction Manage</h1>
      <ListCard
        title={`Transactions: ${data?.total ?? 0}`}
        tools={
          <>
            <select
              className="form-select w-auto"
              aria-label="Status"
              value={status}
              onChange={(e) => setStatus(e.target.value as AdminPurchaseStatus | '')}
            >
              <option value="">All</option>
              <option value="PENDING">Pending</option>
              <option value="APPROVED">Approved</option>
              <option value="REJECTED">Rejected</option>
            </select>
            <SearchBox value={input} onChange={setInput} placeholder="Search by order, name, mobile..." />
          </>
        }
      >
        <DataTable columns={columns} rows={data?.records} loading={list.isPending} />
        <AdminPagination page={page} pageCount={data?.lastPage ?? 1} onPageChange={setPage} />
      </ListCard>
    </div>
  );
}

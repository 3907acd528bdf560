import { ADMIN_FALLBACK, type CompanyBeneficiary } from '@prelaunch/api';
import {
  dash,
  ListCard,
  ListPager,
  SearchBox,
  serial,
  useDocumentMeta,
  useErrorToast,
  useListParams,
  ResponsiveTable,
  useUrlSearch,
  ymd,
  type ResponsiveColumn,
} from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { companyBeneficiariesQueryOptions } from '../features/beneficiary';

/** Read-only beneficiary details of every company. */
export default function BeneficiaryManage() {
  useDocumentMeta({ title: 'Super Admin | Beneficiary Manage' });
  const { input, setInput, term } = useUrlSearch('search', ['page']);
  // The page and its size live in the URL too (a reload or Back keeps them).
  const lp = useListParams();
  const page = lp.page;
  const list = useQuery(companyBeneficiariesQueryOptions({ page, limit: lp.size, search: term }));
  useErrorToast(list.error, ADMIN_FALLBACK.beneficiaries);
  const data = list.data?.data;
  const limit = data?.limit || lp.size;
  const columns: ResponsiveColumn<CompanyBeneficiary>[] = [
    { key: 'sl', header: 'Sl.No', render: (_r, i) => serial(page, limit, i), card: 'hidden' },
    { key: 'companyName', header: 'Company', card: 'title', className: 'pl-wrap' },
    { key: 'holderName', header: 'Holder Name', render: (r) => dash(r.holderName), className: 'pl-wrap' },
    {
      key: 'bank',
      header: 'Bank / Branch',
      render: (r) => (
        <span className="d-inline-flex flex-column">
          <span>{dash(r.bankName)}</span>
          <span className="small text-body-secondary">{dash(r.branch)}</span>
        </span>
      ),
    },
    { key: 'accountNumber', header: 'Account Number', render: (r) => dash(r.accountNumber) },
    { key: 'ifscCode', header: 'IFSC Code', render: (r) => dash(r.ifscCode) },
    { key: 'upi', header: 'UPI ID', render: (r) => dash(r.upi) },
    { key: 'updatedAt', header: 'Date', render: (r) => ymd(r.updatedAt), className: 'text-nowrap' },
  ];
  return (
    <div className="container-fluid py-4">
      <h1 className="h3 pl-page-title">Beneficiary Manage</h1>
      <ListCard
        title={`Beneficiaries: ${data ? data.total : '…'}`}
        tools={<SearchBox value={input} onChange={setInput} placeholder="Search companies..." />}
      >
        <ResponsiveTable
          label="Beneficiaries"
          columns={columns}
          rows={data?.records}
          rowKey={(r) => r.companyId}
          loading={list.isPending}
          error={list.isError ? list.error : undefined}
          errorFallback={ADMIN_FALLBACK.beneficiaries}
          onRetry={() => void list.refetch()}
          emptyText={
            term
              ? 'No data available. Nothing matches this search; clear it to see the whole list.'
              : 'No data available. A company appears here once its admin saves the beneficiary details.'
          }
        />
        <ListPager page={page} pageCount={data?.lastPage ?? 1} onPageChange={lp.setPage} size={lp.size} onSizeChange={lp.setSize} total={data?.total} />
      </ListCard>
    </div>
  );
}

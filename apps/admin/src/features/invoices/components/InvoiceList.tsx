import { type InvoiceRecord } from '@prelaunch/api';
import { FilterSelect, formatIst, ListCard, Pagination, ResponsiveTable, rupees, type ResponsiveColumn } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { INVOICES_FALLBACK, invoicesQueryOptions, useInvoiceFiles } from '../api/invoices';
import { financialYears } from '../fy';

const KINDS = [
  { value: '', label: 'All' },
  { value: 'INVOICE', label: 'Invoices' },
  { value: 'CREDIT_NOTE', label: 'Credit notes' },
];

/** Tax invoices: the company's invoices and credit notes by year and kind, with PDF and CSV downloads. */
export function InvoiceList({ now = new Date() }: { now?: Date }) {
  const years = financialYears(now);
  const [fy, setFy] = useState(years[0]);
  const [kind, setKind] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery(invoicesQueryOptions({ fy, kind, page, limit: 10 }));
  const files = useInvoiceFiles();
  const busy = files.pdf.isPending ? files.pdf.variables?.purchaseId : undefined;

  const columns: ResponsiveColumn<InvoiceRecord>[] = [
    {
      key: 'number',
      header: 'Number',
      card: 'title',
      render: (r) => (
        <span className="d-inline-flex flex-column">
          <span className="font-monospace">{r.number}</span>
          <span className="small text-body-secondary fw-normal">{r.kind === 'CREDIT_NOTE' ? 'Credit note' : 'Tax invoice'}</span>
        </span>
      ),
    },
    { key: 'issued', header: 'Issued', render: (r) => formatIst(r.issuedAt) },
    { key: 'order', header: 'Order No.', render: (r) => <span className="font-monospace small">{r.orderNumber}</span> },
    { key: 'buyer', header: 'Buyer', className: 'text-break', render: (r) => r.buyer },
    { key: 'pos', header: 'Place of supply', render: (r) => r.placeOfSupply || '—' },
    { key: 'taxable', header: 'Taxable', className: 'text-nowrap', render: (r) => rupees(r.taxable) },
    {
      key: 'gst',
      header: 'GST',
      className: 'text-nowrap',
      render: (r) => (r.igst > 0 ? `IGST ${rupees(r.igst)}` : `CGST ${rupees(r.cgst)} + SGST ${rupees(r.sgst)}`),
    },
    { key: 'total', header: 'Total', card: 'amount', className: 'text-nowrap', render: (r) => rupees(r.total) },
    {
      key: 'pdf',
      header: 'Download',
      card: 'actions',
      render: (r) => (
        <button
          type="button"
          className="btn btn-sm btn-outline-primary text-nowrap"
          disabled={busy === r.purchaseId}
          aria-label={`Download ${r.number}`}
          onClick={() => files.pdf.mutate({ purchaseId: r.purchaseId, kind: r.kind })}
        >
          PDF
        </button>
      ),
    },
  ];

  return (
    <ListCard title="Tax invoices">
      <div className="row g-2 align-items-end mb-3">
        <div className="col-6 col-md-3">
          <FilterSelect
            id="invoice-fy"
            label="Financial year"
            value={fy}
            options={years.map((y) => ({ value: y, label: y }))}
            onChange={(v) => {
              setFy(v);
              setPage(1);
            }}
          />
        </div>
        <div className="col-6 col-md-3">
          <FilterSelect
            id="invoice-kind"
            label="Kind"
            value={kind}
            options={KINDS}
            onChange={(v) => {
              setKind(v);
              setPage(1);
            }}
          />
        </div>
        <div className="col-12 col-md-6 text-md-end">
          <button type="button" className="btn btn-outline-secondary" disabled={files.csv.isPending} onClick={() => files.csv.mutate(fy)}>
            {files.csv.isPending ? 'Exporting…' : `Export ${fy} (CSV)`}
          </button>
        </div>
      </div>
      <ResponsiveTable
        label="Tax invoices"
        columns={columns}
        rows={query.data?.data.records}
        loading={query.isLoading}
        loadingText="Loading invoices..."
        error={query.error}
        errorFallback={INVOICES_FALLBACK}
        onRetry={() => query.refetch()}
        emptyText="No invoices in this year. Invoices are issued at each approval once the GSTIN is set in Token Settings (Tax invoices)."
      />
      {query.data ? <Pagination compact label="Invoice pages" page={page} pageCount={query.data.data.lastPage} onPageChange={setPage} /> : null}
    </ListCard>
  );
}

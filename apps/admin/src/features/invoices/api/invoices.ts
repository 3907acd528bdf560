import { type InvoiceListQuery } from '@prelaunch/api';
import { reportError } from '@prelaunch/ui';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../../api';
import { adminRoot } from '../../../lib/queryKeys';

export const invoiceKeys = {
  all: [...adminRoot, 'invoices'] as const,
  list: (q: InvoiceListQuery) => [...adminRoot, 'invoices', 'list', q] as const,
};

/** GET /api/v1/admin/invoice/list: the company's invoices and credit notes, newest first. */
export const invoicesQueryOptions = (q: InvoiceListQuery) =>
  queryOptions({
    queryKey: invoiceKeys.list(q),
    queryFn: () => api.invoiceList(q),
    placeholderData: keepPreviousData,
  });

export const INVOICES_FALLBACK = 'Failed to fetch invoices';

/** Downloads one document's PDF, or the year's CSV; a failure is toasted. */
export function useInvoiceFiles() {
  const pdf = useMutation({
    mutationFn: ({ purchaseId, kind }: { purchaseId: string; kind: 'INVOICE' | 'CREDIT_NOTE' }) => api.invoiceDownload(purchaseId, kind),
    onError: (err) => reportError(err, 'Failed to download the invoice'),
  });
  const csv = useMutation({
    mutationFn: (fy: string) => api.exportInvoices(fy || undefined),
    onError: (err) => reportError(err, 'Failed to export the invoices'),
  });
  return { pdf, csv };
}

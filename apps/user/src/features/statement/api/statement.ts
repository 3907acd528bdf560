import { reportError } from '@prelaunch/ui';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api';

export const STATEMENT_FALLBACK = 'Failed to download the statement';
export const INVOICE_FALLBACK = 'Failed to download the invoice';

/** Downloads the statement of a year through the authenticated client; a failure is toasted. */
export function useStatementDownload() {
  return useMutation({
    mutationFn: ({ fy, format }: { fy: string; format: 'pdf' | 'csv' }) => api.statement(fy, format),
    onError: (err) => reportError(err, STATEMENT_FALLBACK),
  });
}

/** Downloads the tax invoice of a purchase; a failure is toasted. */
export function useInvoiceDownload() {
  return useMutation({
    mutationFn: (purchaseId: string) => api.transactionInvoice(purchaseId),
    onError: (err) => reportError(err, INVOICE_FALLBACK),
  });
}

import type { AxiosInstance } from 'axios';
import { call, withoutEmpty } from './call';
import type { AdminList } from './adminTypes';
import { downloadFile } from './download';
import type { components, operations } from './generated/admin';

/** One tax invoice or credit note of the admin's company. */
export type InvoiceRecord = components['schemas']['InvoiceRecord'];
export type InvoiceListQuery = NonNullable<operations['adminInvoiceList']['parameters']['query']>;

/** GST tax invoices, company admin, served by bff-admin. */
export function invoiceCalls(client: AxiosInstance) {
  return {
    invoiceList: ({ fy, kind, page = 1, limit = 10 }: InvoiceListQuery = {}) =>
      call<AdminList<InvoiceRecord>>(client.get('/api/v1/admin/invoice/list', { params: withoutEmpty({ fy, kind, page, limit }) })),
    /** The PDF of a purchase's invoice or credit note, saved under the server's file name. */
    invoiceDownload: (purchaseId: string, kind: 'INVOICE' | 'CREDIT_NOTE' = 'INVOICE') =>
      downloadFile(client, '/api/v1/admin/invoice/get', { id: purchaseId, kind }, 'invoice.pdf'),
    /** The year's invoices and credit notes as CSV. */
    exportInvoices: (fy?: string) => downloadFile(client, '/api/v1/admin/export/invoices.csv', { fy }, 'invoices.csv'),
  };
}

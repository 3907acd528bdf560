// The invoices feature's public face: the admin's list of tax invoices and credit notes.
export { invoiceKeys, invoicesQueryOptions, useInvoiceFiles } from './api/invoices';
export { InvoiceList } from './components/InvoiceList';
export { financialYears } from './fy';

// The statement feature's public face: the yearly statement and the tax invoice downloads.
export { INVOICE_FALLBACK, STATEMENT_FALLBACK, useInvoiceDownload, useStatementDownload } from './api/statement';
export { StatementPicker } from './components/StatementPicker';
export { financialYear, financialYears } from './fy';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

const invoiceList = vi.fn();
const invoiceDownload = vi.fn();
const exportInvoices = vi.fn();
vi.mock('../../../api', () => ({
  api: {
    invoiceList: (q: unknown) => invoiceList(q),
    invoiceDownload: (id: string, kind: string) => invoiceDownload(id, kind),
    exportInvoices: (fy?: string) => exportInvoices(fy),
  },
}));

import { InvoiceList } from './InvoiceList';

const rec = {
  number: 'INV/2026-27/000001',
  kind: 'INVOICE',
  purchaseId: 'p1',
  orderNumber: 'PUR-1',
  buyer: 'Ravi Kumar',
  placeOfSupply: '27',
  taxable: 16.95,
  cgst: 1.52,
  sgst: 1.53,
  igst: 0,
  total: 20,
  issuedAt: '2026-11-25T06:30:00Z',
};

describe('InvoiceList', () => {
  it('lists the year with its split and downloads a PDF and the CSV', async () => {
    invoiceList.mockResolvedValue({ message: 'ok', data: { records: [rec], total: 1, page: 1, limit: 10, lastPage: 1 } });
    invoiceDownload.mockResolvedValue({ fileName: 'x.pdf', size: 1 });
    exportInvoices.mockResolvedValue({ fileName: 'x.csv', size: 1 });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <InvoiceList now={new Date('2026-11-27T00:00:00Z')} />
      </QueryClientProvider>,
    );
    expect((await screen.findAllByText('INV/2026-27/000001')).length).toBeGreaterThan(0);
    expect(invoiceList).toHaveBeenCalledWith({ fy: '2026-27', kind: '', page: 1, limit: 10 });
    expect(screen.getAllByText('CGST ₹1.52 + SGST ₹1.53').length).toBeGreaterThan(0);
    await userEvent.click(screen.getAllByRole('button', { name: 'Download INV/2026-27/000001' })[0]);
    await waitFor(() => expect(invoiceDownload).toHaveBeenCalledWith('p1', 'INVOICE'));
    await userEvent.click(screen.getByRole('button', { name: 'Export 2026-27 (CSV)' }));
    await waitFor(() => expect(exportInvoices).toHaveBeenCalledWith('2026-27'));
  });
});

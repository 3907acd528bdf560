import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const transactionList = vi.fn();
const transactionReceipt = vi.fn();
vi.mock('../api', () => ({
  api: { transactionList: (q: unknown) => transactionList(q), transactionReceipt: (id: string) => transactionReceipt(id) },
}));

import PaymentHistory from './PaymentHistory';

function renderHistory() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <PaymentHistory />
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
}

const row = (i: number, extra: object = {}) => ({
  id: `0123456789abcdef-${i}`,
  createdAt: '2026-11-21T10:30:00Z',
  paymentMethod: 'UPI',
  referenceNumber: null,
  transactionId: null,
  amount: 100,
  finalAmount: null,
  status: 'PENDING',
  receipt: null,
  ...extra,
});

beforeEach(() => {
  transactionList.mockReset();
  transactionReceipt.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Payment History', () => {
  it('asks for All (every status), page 1, 10 per page; shows serials and fallbacks; no pagination for one page', async () => {
    transactionList.mockResolvedValue({ message: 'ok', data: { records: [row(1), row(2, { referenceNumber: 'UTR9', finalAmount: 102 })], total: 2, page: 1, limit: 10, lastPage: 1 } });
    renderHistory();
    expect(screen.getByText('Loading transactions...')).toBeInTheDocument();
    expect(await screen.findByText('0123456789abcdef')).toBeInTheDocument();
    expect(transactionList).toHaveBeenCalledWith({ page: 1, limit: 10, status: '', search: '' });
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(screen.getByText('UTR9')).toBeInTheDocument();
    expect(screen.getByText('₹102.00')).toBeInTheDocument();
    expect(screen.getByText('₹100.00')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows the empty state', async () => {
    transactionList.mockResolvedValue({ message: 'ok', data: { records: [], total: 0, page: 1, limit: 10, lastPage: 0 } });
    renderHistory();
    expect(await screen.findByText('No payment history found.')).toBeInTheDocument();
  });

  it('shows the error state and toasts the fallback', async () => {
    const config = { headers: new AxiosHeaders() };
    transactionList.mockRejectedValue(new AxiosError('x', 'ERR', config, null, { data: '', status: 500, statusText: '', headers: {}, config }));
    renderHistory();
    expect(await screen.findByText('Error fetching data: Failed to fetch transactions')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch transactions')).toBeInTheDocument();
    expect(screen.queryByText('No payment history found.')).toBeNull();
    transactionList.mockResolvedValue({ message: 'ok', data: { records: [row(1, { referenceNumber: 'UTR-BACK' })], total: 1, page: 1, limit: 10, lastPage: 1 } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('UTR-BACK')).toBeInTheDocument();
  });

  it('says when orders await payment and offers Continue payment; shows the order number beside the UTR', async () => {
    transactionList.mockImplementation(async (q: { status: string }) => ({
      message: 'ok',
      data: {
        records: q.status === 'INITIATED'
          ? [row(7, { status: 'INITIATED', orderNumber: 'PUR-000000000007', amount: 50 })]
          : [row(1, { referenceNumber: 'UTR1', orderNumber: 'PUR-000000000001' })],
        total: 1, page: 1, limit: 10, lastPage: 1,
      },
    }));
    renderHistory();
    expect(await screen.findByText('You have an order awaiting payment')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Continue payment for order PUR-000000000007' });
    expect(link).toHaveAttribute('href', '/user/payment?purchaseId=0123456789abcdef-7&purchaseAmount=50');
    expect(await screen.findByRole('row', { name: /UTR1 PUR-000000000001/ })).toBeInTheDocument();
  });

  it('changing the page size goes back to page 1; serials continue across pages', async () => {
    const user = userEvent.setup();
    transactionList.mockImplementation(async (q: { page: number; limit: number }) => ({
      message: 'ok',
      data: { records: [row(q.page)], total: 30, page: q.page, limit: q.limit, lastPage: Math.ceil(30 / q.limit) },
    }));
    renderHistory();
    await screen.findByRole('navigation', { name: 'Pagination' });
    await user.click(screen.getByText('3'));
    await waitFor(() => expect(transactionList).toHaveBeenLastCalledWith({ page: 3, limit: 10, status: '', search: '' }));
    expect(await screen.findByRole('cell', { name: '21' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), '25');
    await waitFor(() => expect(transactionList).toHaveBeenLastCalledWith({ page: 1, limit: 25, status: '', search: '' }));
  });

  it('offers Download receipt on approved purchases only and toasts a failure with the server message', async () => {
    const user = userEvent.setup();
    transactionList.mockResolvedValue({
      message: 'ok',
      data: {
        records: [
          row(1, { status: 'APPROVED', orderNumber: 'PUR-000000000001' }),
          row(2, { status: 'REJECTED', orderNumber: 'PUR-000000000002', rejectReason: 'UTR not found in the statement.' }),
        ],
        total: 2, page: 1, limit: 10, lastPage: 1,
      },
    });
    let finish: (v: unknown) => void = () => undefined;
    transactionReceipt.mockImplementationOnce(() => new Promise((r) => (finish = r)));
    renderHistory();
    const button = await screen.findByRole('button', { name: 'Download receipt of PUR-000000000001' });
    expect(screen.queryByRole('button', { name: 'Download receipt of PUR-000000000002' })).toBeNull();
    expect(screen.getByTestId('reject-reason')).toHaveTextContent('Reason: UTR not found in the statement.');

    await user.click(button);
    expect(transactionReceipt).toHaveBeenCalledWith('0123456789abcdef-1');
    // While it downloads the button is disabled: a second click sends nothing.
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    expect(transactionReceipt).toHaveBeenCalledTimes(1);
    finish({ fileName: 'receipt-000001.pdf', size: 900 });
    await waitFor(() => expect(button).toBeEnabled());

    const config = { headers: new AxiosHeaders() };
    transactionReceipt.mockRejectedValueOnce(
      new AxiosError('x', 'ERR', config, null, {
        data: { status: false, message: 'A receipt is only available for an approved purchase.', data: null },
        status: 409, statusText: '', headers: {}, config,
      }),
    );
    await user.click(button);
    expect(await screen.findByText('A receipt is only available for an approved purchase.')).toBeInTheDocument();
  });

  it('filters by Refunded and shows the refund reference', async () => {
    const user = userEvent.setup();
    transactionList.mockResolvedValue({
      message: 'ok',
      data: { records: [row(3, { status: 'REFUNDED', rejectReason: null, refundReference: 'RFD-42', refundedAt: '2026-11-22T10:00:00Z' })], total: 1, page: 1, limit: 10, lastPage: 1 },
    });
    renderHistory();
    await user.selectOptions(screen.getByLabelText('Status'), 'REFUNDED');
    await waitFor(() => expect(transactionList).toHaveBeenLastCalledWith({ page: 1, limit: 10, status: 'REFUNDED', search: '' }));
    expect(await screen.findByTestId('refund-reference')).toHaveTextContent('Refund ref.: RFD-42');
  });
});

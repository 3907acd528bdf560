import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const orderGet = vi.fn();
const beneficiaryGet = vi.fn();
vi.mock('../api', () => ({
  api: { orderGet: (id: string) => orderGet(id), beneficiaryGet: () => beneficiaryGet() },
  client: { post: vi.fn() },
}));
// The site request fails, so the default token (ACW) names the quantity.
vi.stubGlobal('fetch', async () => ({ ok: false, status: 503, json: async () => ({}) }));

import Payment from './Payment';

function renderPayment() {
  const router = createMemoryRouter([{ path: '/user/payment', element: <Payment /> }], {
    initialEntries: ['/user/payment?purchaseId=ord-1&purchaseAmount=102510'],
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const order = {
  id: 'ord-1',
  orderNumber: 'PUR-000042',
  transactionId: 't-1',
  amount: 102510,
  price: 102.51,
  quantity: 1000,
  platformChargePercent: 2,
  fee: 2050.2,
  finalAmount: 104560.2,
  expiresAt: new Date(Date.now() + 14 * 60_000).toISOString(),
  status: 'INITIATED',
  paymentMethod: null,
  referenceNumber: null,
  createdAt: new Date().toISOString(),
};

beforeEach(() => {
  orderGet.mockReset();
  beneficiaryGet.mockReset();
  orderGet.mockResolvedValue({ message: 'ok', data: order });
  beneficiaryGet.mockResolvedValue({
    message: 'ok',
    data: { upi: 'pay@upi', banks: [{ id: 'b1', bankName: 'SBI', accountNumber: '1234567890', holderName: 'Acme', ifscCode: 'SBIN0000001', branch: 'Pune' }] },
  });
});

describe('Payment page money format', () => {
  it('shows the order amount, fee and total due as ₹ with grouping and 2 decimals, and tokens grouped with the symbol', async () => {
    renderPayment();
    const details = within(await screen.findByRole('region', { name: 'Order Details' }));
    expect(details.getByTestId('order-amount')).toHaveTextContent(/^₹1,02,510\.00$/);
    expect(details.getByTestId('order-fee')).toHaveTextContent(/^₹2,050\.20$/);
    expect(details.getByTestId('order-tokens')).toHaveTextContent(/^1,000 ACW$/);
    expect(details.getByTestId('order-total')).toHaveTextContent(/^₹1,04,560\.20$/);
    expect(details.queryByText(/₹ /)).toBeNull();
  });
});

describe('Payment page UPI payee', () => {
  it("names the company's beneficiary in the UPI link and QR, not a platform-wide merchant", async () => {
    beneficiaryGet.mockResolvedValue({
      message: 'ok',
      data: { upi: 'review@upi', holderName: 'Review Labs Pvt Ltd', bankName: '', accountNumber: '', ifscCode: '', branch: '', banks: [] },
    });
    renderPayment();
    const link = await screen.findByTestId('upi-app-link');
    expect(link.getAttribute('href')).toContain('pn=Review%20Labs%20Pvt%20Ltd');
    expect(link.getAttribute('href')).not.toContain('Prelaunch');
    expect(screen.getByTestId('upi-payee')).toHaveTextContent('Review Labs Pvt Ltd');
  });
});

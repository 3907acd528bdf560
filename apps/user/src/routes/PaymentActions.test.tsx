import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const orderGet = vi.fn();
const beneficiaryGet = vi.fn();
const post = vi.fn();
const mediaAdd = vi.fn();
// The typed client over a fake axios: the wire (path, body, Idempotency-Key) is what is checked.
vi.mock('../api', async () => {
  const { buyerApi } = await import('@prelaunch/api');
  const client = { post: (url: string, body: unknown, config: unknown) => post(url, body, config) };
  return {
    client,
    api: {
      ...buyerApi(client as never),
      orderGet: (id: string) => orderGet(id),
      beneficiaryGet: () => beneficiaryGet(),
      mediaAdd: (f: File) => mediaAdd(f),
    },
  };
});
vi.stubGlobal('fetch', async () => ({ ok: false, status: 503, json: async () => ({}) }));

import Payment from './Payment';

function renderPayment() {
  const router = createMemoryRouter(
    [
      { path: '/user/payment', element: <Payment /> },
      { path: '/user/buy-token', element: <h1>Buy Token</h1> },
    ],
    { initialEntries: ['/user/payment?purchaseId=ord-1&purchaseAmount=1000'] },
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return router;
}

const order = {
  id: 'ord-1',
  orderNumber: 'PUR-000042',
  transactionId: 't-1',
  amount: 1000,
  enteredAmount: 1000,
  price: 10,
  quantity: 100,
  platformChargePercent: 2,
  fee: 20,
  finalAmount: 1020,
  expiresAt: new Date(Date.now() + 14 * 60_000).toISOString(),
  status: 'INITIATED',
  paymentMethod: null,
  referenceNumber: null,
  createdAt: new Date().toISOString(),
};

beforeEach(() => {
  orderGet.mockReset();
  beneficiaryGet.mockReset();
  post.mockReset();
  orderGet.mockResolvedValue({ message: 'ok', data: order });
  beneficiaryGet.mockResolvedValue({
    message: 'ok',
    data: { upi: 'pay@upi', banks: [{ id: 'b1', bankName: 'SBI', accountNumber: '1234567890', holderName: 'Acme', ifscCode: 'SBIN0000001', branch: 'Pune' }] },
  });
});

describe('Payment page actions', () => {
  it('Cancel asks first (Keep order / Cancel order) and says "Payment process cancelled." only once the order is cancelled', async () => {
    const user = userEvent.setup();
    post.mockResolvedValue({ data: { status: true, message: 'Order cancelled successfully', data: { ...order, status: 'CANCELLED' } } });
    const router = renderPayment();
    await screen.findByText('Account Holder');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Cancel order PUR-000042?' })).toBeInTheDocument();
    const buttons = dialog.getAllByRole('button').map((b) => b.textContent?.trim()).filter((t) => t);
    expect(buttons).toEqual(['Keep order', 'Cancel order']);
    expect(screen.queryByText(/Payment process cancelled\./)).toBeNull();

    await user.click(dialog.getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/user/payment');
    expect(screen.queryByText(/Payment process cancelled\./)).toBeNull();
    expect(post).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Payment process cancelled. Order PUR-000042 is cancelled.')).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/v1/user/package/order/cancel', { id: 'ord-1' }, undefined);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/buy-token'));
  });

  it('shows the amount to pay beside the payment details, and the proof buttons say what they do', async () => {
    const user = userEvent.setup();
    renderPayment();
    const method = within(await screen.findByRole('region', { name: 'Payment method' }));
    await screen.findByText('Account Holder');
    expect(method.getByTestId('amount-due')).toHaveTextContent('Amount to pay₹1,020.00');
    expect(method.getByTestId('bank-details')).toBeInTheDocument();
    expect(method.getByRole('button', { name: 'I have paid — add proof' })).toBeInTheDocument();
    expect(method.queryByRole('button', { name: 'Make Payment' })).toBeNull();
    await user.click(method.getByRole('tab', { name: 'UPI' }));
    expect(method.getByTestId('amount-due')).toHaveTextContent('₹1,020.00');
    expect(method.getByRole('button', { name: 'I have paid — add proof' })).toBeInTheDocument();
    expect(method.queryByRole('button', { name: 'PAY' })).toBeNull();
  });

  it('shows a refused UTR beside the field, not only in a toast, until the UTR is changed', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mediaAdd.mockResolvedValue({ message: 'ok', data: [{ id: 'm-1', url: '/m' }] });
    post.mockRejectedValue({
      isAxiosError: true,
      response: { status: 409, data: { status: false, message: 'This UTR / transaction number has already been submitted.', data: null } },
    });
    renderPayment();
    await screen.findByText('Account Holder');
    await user.click(screen.getByLabelText(/I agree to the/));
    await user.click(screen.getByRole('button', { name: 'I have paid — add proof' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('UTR or Transaction Number'), '578816794120');
    await user.upload(dialog.getByLabelText('Transaction file'), new File(['x'], 'r.png', { type: 'image/png' }));
    await dialog.findByTestId('proof-uploaded');
    await user.click(dialog.getByRole('button', { name: 'PAY' }));
    const beside = await dialog.findByTestId('proof-utr-error');
    expect(beside).toHaveTextContent('This UTR / transaction number has already been submitted.');
    expect(dialog.getByLabelText('UTR or Transaction Number')).toHaveAttribute('aria-invalid', 'true');
    await user.type(dialog.getByLabelText('UTR or Transaction Number'), '9');
    expect(dialog.queryByTestId('proof-utr-error')).toBeNull();
  });
});

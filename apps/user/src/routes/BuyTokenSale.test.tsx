import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const priceGet = vi.fn();
const orderCreate = vi.fn();
const requestGet = vi.fn();
// The typed client over a fake axios: the wire (path, body, Idempotency-Key) is what is checked.
vi.mock('../api', async () => {
  const { buyerApi } = await import('@prelaunch/api');
  const client = { post: (url: string, body: unknown, config: unknown) => orderCreate(url, body, config) };
  return { client, api: { ...buyerApi(client as never), priceGet: () => priceGet(), requestGet: (id: string) => requestGet(id) } };
});
vi.stubGlobal('fetch', async () => ({ ok: false, status: 503, json: async () => ({}) }));

import BuyToken from './BuyToken';

const base = {
  price: 9.5,
  platformChargePercent: 2,
  remainingPrivateSupply: 9_999_000,
  symbol: 'ACW',
  name: 'ACW',
  icon_url: '/i.svg',
  sale: { status: 'OPEN', startsAt: null, endsAt: null },
  round: { name: 'Seed round', price: 9.5, allocation: 100, sold: 40, endsAt: null },
  nextRound: { name: 'Public round', price: 12, startsAt: null },
  limits: { minOrder: 100, maxOrder: 5000, maxPerBuyer: 6000, boughtSoFar: 2000 },
};

function answer(data: object) {
  priceGet.mockResolvedValue({ message: 'ok', data });
}

function renderBuy() {
  const router = createMemoryRouter(
    [
      { path: '/user/buy-token', element: <BuyToken /> },
      { path: '/user/payment', element: <h1>Payment</h1> },
    ],
    { initialEntries: ['/user/buy-token'] },
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

const refusal = (status: number, message: string) => ({
  isAxiosError: true,
  response: { status, data: { status: false, message, data: null } },
});

beforeEach(() => {
  priceGet.mockReset();
  orderCreate.mockReset();
  answer(base);
});

describe('Buy Token and the sale', () => {
  it('shows the round, the next price and the limits, and refuses an amount over a limit before sending', async () => {
    const user = userEvent.setup();
    renderBuy();
    const panel = await screen.findByTestId('sale-state');
    expect(within(panel).getByRole('heading', { name: 'Current round: Seed round' })).toBeInTheDocument();
    expect(within(panel).getByRole('progressbar', { name: 'Seed round sold' })).toHaveAttribute('aria-valuenow', '40');
    expect(within(panel).getByTestId('next-round')).toHaveTextContent('Next: Public round at ₹12.00 per token after this round.');
    const limits = screen.getByTestId('order-limits');
    expect(limits).toHaveTextContent('Minimum order ₹100.00');
    expect(limits).toHaveTextContent('Maximum order ₹5,000.00');
    expect(limits).toHaveTextContent('Up to ₹6,000.00 per buyer in this sale: ₹2,000.00 ordered so far, ₹4,000.00 remains for you');

    const input = screen.getByLabelText('Amount (INR)');
    const buy = screen.getByRole('button', { name: 'BUY NOW' });
    await user.type(input, '5200');
    // 547 tokens at ₹9.50 charge ₹5,196.50: over the maximum order.
    expect(screen.getByTestId('limit-problem')).toHaveTextContent('The maximum order is ₹5,000.00.');
    expect(buy).toBeDisabled();
    await user.clear(input);
    await user.type(input, '4500');
    expect(screen.getByTestId('limit-problem')).toHaveTextContent('You can buy at most ₹6,000.00 in this sale; ₹4,000.00 remains for you.');
    await user.clear(input);
    await user.type(input, '95');
    expect(screen.getByTestId('limit-problem')).toHaveTextContent('The minimum order is ₹100.00.');
    await user.clear(input);
    await user.type(input, '200');
    expect(screen.queryByTestId('limit-problem')).not.toBeInTheDocument();
    expect(buy).toBeEnabled();
  });

  it('says the round’s cap as the amount is typed, never promising more tokens than it has left, and lists the KYC threshold', async () => {
    const user = userEvent.setup();
    answer({ ...base, limits: { ...base.limits, kycRequiredAbove: 50000 } });
    renderBuy();
    const limits = await screen.findByTestId('order-limits');
    expect(limits).toHaveTextContent('60 ACW left in Seed round at ₹9.50 each');
    expect(limits).toHaveTextContent('KYC verification needed to buy more than ₹50,000.00 in total');
    const input = screen.getByLabelText('Amount (INR)');
    // 100 tokens at ₹9.50 = ₹950.00: within every limit, but the round has 60 left.
    await user.type(input, '950');
    expect(screen.getByTestId('limit-problem')).toHaveTextContent('Only 60 tokens remain at this price (Seed round). Enter a smaller amount.');
    expect(screen.queryByTestId('quantity')).toBeNull();
    expect(screen.getByTestId('order-summary')).not.toHaveTextContent('100 ACW');
    expect(screen.getByRole('button', { name: 'BUY NOW' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '570');
    expect(screen.queryByTestId('limit-problem')).toBeNull();
    expect(screen.getByTestId('quantity')).toHaveTextContent('60 ACW');
    expect(screen.getByTestId('total')).toHaveTextContent('₹581.40');
    expect(screen.getByText('Total incl. fee')).toBeInTheDocument();
    expect(screen.queryByText(/approx/i)).toBeNull();
    expect(screen.queryByText(/may vary|are final/i)).toBeNull();
    expect(screen.getByRole('button', { name: 'BUY NOW' })).toBeEnabled();
  });

  it.each([
    ['PAUSED', 'The sale is paused. Orders cannot be placed until it resumes.'],
    ['SCHEDULED', 'The sale has not opened yet.'],
    ['CLOSED', 'The sale has closed.'],
    ['SOLD_OUT', 'All tokens of this sale are sold.'],
  ])('keeps BUY NOW disabled with the reason while the sale is %s', async (status, reason) => {
    const user = userEvent.setup();
    answer({ ...base, sale: { status, startsAt: status === 'SCHEDULED' ? '2099-01-01T00:00:00Z' : null, endsAt: null } });
    renderBuy();
    await user.type(await screen.findByLabelText('Amount (INR)'), '200');
    expect(screen.getByRole('button', { name: 'BUY NOW' })).toBeDisabled();
    expect(screen.getByTestId('buy-closed')).toHaveTextContent(reason);
    await user.click(screen.getByRole('button', { name: 'BUY NOW' }));
    expect(orderCreate).not.toHaveBeenCalled();
  });

  it.each([
    [409, 'Only 5 tokens remain at this price (Seed round). Enter a smaller amount.'],
    [409, 'The sale is not open right now.'],
    [422, 'You can buy at most ₹6,000.00 in this sale; ₹0.00 remains for you.'],
  ])('shows a %i refusal of the order beside the button and as a toast, and reads the sale again', async (status, message) => {
    const user = userEvent.setup();
    renderBuy();
    await user.type(await screen.findByLabelText('Amount (INR)'), '200');
    orderCreate.mockRejectedValue(refusal(status, message));
    const reads = priceGet.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'BUY NOW' }));
    expect(await screen.findByTestId('order-refusal')).toHaveTextContent(message);
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    await waitFor(() => expect(priceGet.mock.calls.length).toBeGreaterThan(reads));
    // Typing a new amount clears the old refusal.
    await user.type(screen.getByLabelText('Amount (INR)'), '0');
    expect(screen.queryByTestId('order-refusal')).not.toBeInTheDocument();
  });

  it('shows the kyc_required refusal (403) beside the button with a way to Verification', async () => {
    const user = userEvent.setup();
    renderBuy();
    await user.type(await screen.findByLabelText('Amount (INR)'), '200');
    orderCreate.mockRejectedValue(refusal(403, 'Complete your KYC verification to buy more than ₹50,000.'));
    await user.click(screen.getByRole('button', { name: 'BUY NOW' }));
    const box = await screen.findByTestId('order-refusal');
    expect(box).toHaveTextContent('Complete your KYC verification to buy more than ₹50,000.');
    expect(within(box).getByRole('link', { name: 'Go to Verification' })).toHaveAttribute('href', '/user/kyc');
  });

  it('a current round sold by requests shows its request panel and no BUY NOW (it takes no first-come order)', async () => {
    const requestRound = {
      id: 'r-1', name: 'Launch round', price: 10, requestStartsAt: new Date(Date.now() - 60_000).toISOString(),
      requestEndsAt: new Date(Date.now() + 600_000).toISOString(), paymentHours: 48, commitment: 'ab'.repeat(32), status: 'OPEN',
    };
    requestGet.mockResolvedValue({ message: 'ok', data: { round: { ...requestRound, seed: null }, request: null, allocation: null } });
    answer({ ...base, round: { name: 'Launch round', price: 10, allocation: 100, sold: 0, endsAt: null, mode: 'REQUESTS' }, requestRound });
    renderBuy();
    await screen.findByTestId('request-none');
    expect(screen.getByRole('button', { name: 'REQUEST' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'BUY NOW' })).toBeNull();
    expect(screen.queryByLabelText('Amount (INR)')).toBeNull();
  });

  it('after the allocation (every token reserved, no current round) the allocation is the only way to buy', async () => {
    const requestRound = {
      id: 'r-1', name: 'Launch round', price: 10, requestStartsAt: '2026-11-01T10:00:00Z', requestEndsAt: '2026-11-01T12:00:00Z',
      paymentHours: 48, commitment: 'ab'.repeat(32), status: 'ALLOCATED',
    };
    requestGet.mockResolvedValue({
      message: 'ok',
      data: {
        round: { ...requestRound, seed: 'cd'.repeat(32) },
        request: { amount: 800, quantity: 80, updatedAt: '2026-11-01T11:00:00Z' },
        allocation: { amount: 600, quantity: 60, payBy: '2999-11-03T12:00:00Z', status: 'ALLOCATED', pass: 1, purchaseId: null },
      },
    });
    answer({ ...base, sale: { status: 'SOLD_OUT', startsAt: null, endsAt: null }, round: null, nextRound: null, requestRound });
    renderBuy();
    await screen.findByTestId('allocation-result');
    expect(screen.getByRole('button', { name: 'PAY NOW' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'BUY NOW' })).toBeNull();
  });

  it('a round sold by requests that is not the current one leaves BUY NOW for the current round', async () => {
    const requestRound = {
      id: 'r-2', name: 'Launch round', price: 12, requestStartsAt: new Date(Date.now() + 600_000).toISOString(),
      requestEndsAt: new Date(Date.now() + 1_200_000).toISOString(), paymentHours: 48, commitment: 'ab'.repeat(32), status: 'SCHEDULED',
    };
    requestGet.mockResolvedValue({ message: 'ok', data: { round: { ...requestRound, seed: null }, request: null, allocation: null } });
    answer({ ...base, round: { ...base.round, mode: 'FCFS' }, requestRound });
    renderBuy();
    await screen.findByTestId('request-opens');
    expect(await screen.findByRole('button', { name: 'BUY NOW' })).toBeInTheDocument();
  });
});

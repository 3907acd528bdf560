import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const priceGet = vi.fn();
const orderCreate = vi.fn();
// The typed client over a fake axios: the wire (path, body, Idempotency-Key) is what is checked.
vi.mock('../api', async () => {
  const { buyerApi } = await import('@prelaunch/api');
  const client = { post: (url: string, body: unknown, config: unknown) => orderCreate(url, body, config) };
  return { client, api: { ...buyerApi(client as never), priceGet: () => priceGet() } };
});
vi.stubGlobal('fetch', async () => ({ ok: false, status: 503, json: async () => ({}) }));

import BuyToken from './BuyToken';

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

beforeEach(() => {
  priceGet.mockReset();
  orderCreate.mockReset();
  priceGet.mockResolvedValue({
    message: 'ok',
    data: { price: 10, platformChargePercent: 2, remainingPrivateSupply: 9999000, symbol: 'ACW', name: 'ACW', icon_url: '/i.svg' },
  });
});

describe('Buy Token', () => {
  it('a suspended sale (423) shows BUY NOW disabled and no Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    priceGet.mockRejectedValue({
      isAxiosError: true,
      response: { status: 423, data: { status: false, message: 'This sale is temporarily unavailable.', data: null } },
    });
    renderBuy();
    expect(await screen.findByText('Nothing can be bought while this sale is temporarily unavailable. Please come back later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'BUY NOW' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('with nothing typed says what to do instead of showing 0 tokens and ₹0.00', async () => {
    priceGet.mockResolvedValue({
      message: 'ok',
      data: { price: 1025.1, platformChargePercent: 2, remainingPrivateSupply: 1000, symbol: 'ACW', name: 'ACW', icon_url: '/i.svg' },
    });
    renderBuy();
    await screen.findByLabelText('Amount (INR)');
    expect(screen.getByTestId('price')).toHaveTextContent(/^₹1,025\.10$/);
    expect(screen.getByTestId('supply')).toHaveTextContent(/^1,000 ACW$/);
    expect(screen.getByTestId('buy-hint')).toHaveTextContent('Enter an amount in rupees to see how many ACW tokens it buys (one costs ₹1,025.10).');
    expect(screen.queryByTestId('quantity')).toBeNull();
    expect(screen.queryByTestId('total')).toBeNull();
    expect(screen.getByTestId('order-summary')).not.toHaveTextContent('₹0.00');
    expect(screen.getByTestId('order-summary')).not.toHaveTextContent('0 ACW');
    expect(screen.getByRole('button', { name: 'BUY NOW' })).toBeDisabled();
  });

  it('shows placeholders, not figures, while the price loads', async () => {
    let resolve: (v: unknown) => void = () => {};
    priceGet.mockReturnValue(new Promise((r) => (resolve = r)));
    renderBuy();
    expect(await screen.findByTestId('buy-skeleton')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Buy Token' })).toBeInTheDocument();
    expect(screen.queryByText(/₹/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'BUY NOW' })).toBeNull();
    resolve({ message: 'ok', data: { price: 10, platformChargePercent: 2, remainingPrivateSupply: 5, symbol: 'ACW', name: 'ACW' } });
    expect(await screen.findByTestId('price')).toHaveTextContent('₹10.00');
    expect(screen.queryByTestId('buy-skeleton')).toBeNull();
  });

  it('a failed price load shows the error with Retry, never ₹0.00, and Retry loads the form', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    priceGet.mockRejectedValueOnce(new Error('network down'));
    renderBuy();
    expect(await screen.findByText('The token price could not be loaded, so nothing can be bought right now.')).toBeInTheDocument();
    expect(screen.queryByText(/₹0\.00/)).toBeNull();
    expect(screen.queryByLabelText('Amount (INR)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Amount (INR)')).toBeInTheDocument();
    expect(screen.getByTestId('price')).toHaveTextContent('₹10.00');
  });

  it('formats large orders with grouping: ₹1,00,000.00 buys 10,000 ACW', async () => {
    const user = userEvent.setup();
    renderBuy();
    await user.type(await screen.findByLabelText('Amount (INR)'), '100000');
    expect(screen.getByTestId('quantity')).toHaveTextContent(/^10,000 ACW$/);
    expect(screen.getByTestId('total')).toHaveTextContent(/^₹1,02,000\.00$/);
    expect(screen.getByTestId('whole-tokens')).toHaveTextContent('₹1,00,000.00 buys 10,000 ACW.');
  });

  it('shows live quantity (floor), fee and total; accepts only digits and one point', async () => {
    const user = userEvent.setup();
    renderBuy();
    const input = await screen.findByLabelText('Amount (INR)');
    const button = screen.getByRole('button', { name: 'BUY NOW' });
    expect(button).toBeDisabled();
    await user.type(input, '1a05.5.9');
    expect(input).toHaveValue('105.59');
    expect(screen.getByTestId('quantity')).toHaveTextContent('10 ACW');
    expect(screen.getByTestId('fee-percent')).toHaveTextContent('2%');
    // Whole tokens only, so ₹100.00 is charged (plus 2 %) and ₹5.59 is said to buy nothing.
    expect(screen.getByTestId('total')).toHaveTextContent('₹102.00');
    expect(screen.getByTestId('whole-tokens')).toHaveTextContent('₹100.00 buys 10 ACW; ₹5.59 would not buy a whole token');
    expect(button).toBeEnabled();
    await user.clear(input);
    await user.type(input, '0');
    expect(button).toBeDisabled();
    await user.clear(input);
    await user.type(input, '5');
    expect(button).toBeDisabled();
    expect(screen.getByTestId('whole-tokens')).toHaveTextContent('₹5.00 would not buy a whole ACW token');
  });

  it('creates the order and goes to the payment page with its id and amount', async () => {
    const user = userEvent.setup();
    orderCreate.mockResolvedValue({ data: { status: true, message: 'ok', data: { id: 'ord-1', amount: 100, orderNumber: 'PUR-1' } } });
    const router = renderBuy();
    await user.type(await screen.findByLabelText('Amount (INR)'), '100');
    await user.click(screen.getByRole('button', { name: 'BUY NOW' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/payment'));
    expect(router.state.location.search).toBe('?purchaseId=ord-1&purchaseAmount=100');
    expect(orderCreate).toHaveBeenCalledWith('/api/v1/user/package/order', { amount: 100 }, {
      headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f-]{32,36}$/) },
    });
  });

  it('a double click places one order and shows no error', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let resolve: (v: unknown) => void = () => {};
    orderCreate.mockReturnValue(new Promise((r) => (resolve = r)));
    const router = renderBuy();
    await user.type(await screen.findByLabelText('Amount (INR)'), '100');
    // Two submits before React renders the pending state, as a fast double click gives.
    const form = screen.getByRole('form', { name: 'Buy token form' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    resolve({ data: { status: true, message: 'ok', data: { id: 'ord-1', amount: 100, orderNumber: 'PUR-1' } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/payment'));
    expect(orderCreate).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('This request is already being processed.')).toBeNull();
  });

  it('a click after the order is placed, before the payment page has come, sends nothing', async () => {
    const user = userEvent.setup();
    // The payment page's code still loading (a slow machine): BUY NOW stays on screen a while.
    let arrive: (v: { element: ReactElement }) => void = () => {};
    const paymentCode = new Promise<{ element: ReactElement }>((r) => (arrive = r));
    const router = createMemoryRouter(
      [
        { path: '/user/buy-token', element: <BuyToken /> },
        { path: '/user/payment', lazy: () => paymentCode },
      ],
      { initialEntries: ['/user/buy-token'] },
    );
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    orderCreate.mockResolvedValue({ data: { status: true, message: 'ok', data: { id: 'ord-1', amount: 100, orderNumber: 'PUR-1' } } });
    await user.type(await screen.findByLabelText('Amount (INR)'), '100');
    const form = screen.getByRole('form', { name: 'Buy token form' });
    fireEvent.submit(form);
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    fireEvent.submit(form);
    await new Promise((r) => setTimeout(r, 50));
    expect(orderCreate).toHaveBeenCalledTimes(1);
    arrive({ element: <h1>Payment</h1> });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/payment'));
    expect(orderCreate).toHaveBeenCalledTimes(1);
  });

  it('treats "already being processed" as the first answer still coming: asks again with the same key, no error', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    orderCreate
      .mockRejectedValueOnce({
        isAxiosError: true,
        response: { status: 409, data: { status: false, message: 'This request is already being processed.', data: null } },
      })
      .mockResolvedValueOnce({ data: { status: true, message: 'ok', data: { id: 'ord-1', amount: 100, orderNumber: 'PUR-1' } } });
    const router = renderBuy();
    await user.type(await screen.findByLabelText('Amount (INR)'), '100');
    await user.click(screen.getByRole('button', { name: 'BUY NOW' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/payment'), { timeout: 3000 });
    expect(orderCreate).toHaveBeenCalledTimes(2);
    const [first, second] = orderCreate.mock.calls.map((c) => (c[2] as { headers: Record<string, string> }).headers['Idempotency-Key']);
    expect(second).toBe(first);
    expect(screen.queryByText('This request is already being processed.')).toBeNull();
  });

  it('is disabled when the price is 0', async () => {
    const user = userEvent.setup();
    priceGet.mockResolvedValue({ message: 'ok', data: { price: 0, platformChargePercent: 0, remainingPrivateSupply: null, symbol: 'ACW', name: 'ACW' } });
    renderBuy();
    await user.type(await screen.findByLabelText('Amount (INR)'), '100');
    expect(screen.getByRole('button', { name: 'BUY NOW' })).toBeDisabled();
    expect(screen.getByTestId('supply')).toHaveTextContent('N/A');
    expect(screen.getByTestId('price')).toHaveTextContent('Not set');
    expect(screen.getByTestId('buy-hint')).toHaveTextContent('This token has no price yet, so it cannot be bought.');
  });
});

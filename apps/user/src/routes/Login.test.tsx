import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const siteGet = vi.fn();
const saleGet = vi.fn();
const login = vi.fn();
vi.mock('../api', () => ({ api: { login: (b: unknown) => login(b) } }));
vi.stubGlobal('fetch', async (url: string) => {
  const body = await (String(url).includes('/sale/get') ? saleGet() : siteGet());
  return { ok: true, status: 200, json: async () => ({ status: true, ...body }) };
});

import Login from './Login';

function renderLogin(initial: string | { pathname: string; state: unknown } = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Login /> },
      { path: '/register', element: <h1>Register</h1> },
      { path: '/user/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [initial] },
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

const SALE = {
  price: 20,
  platformChargePercent: 2,
  remainingPrivateSupply: 10000000,
  symbol: 'RVW',
  name: 'Review Coin',
  icon_url: '/i.svg',
  sale: { status: 'SCHEDULED', startsAt: '2099-01-01T04:30:00Z', endsAt: null },
  round: { name: 'Seed', price: 20, allocation: 1000, sold: 250, endsAt: null },
  nextRound: { name: 'Early', price: 25, startsAt: null },
};

beforeEach(() => {
  localStorage.clear();
  siteGet.mockReset();
  login.mockReset();
  saleGet.mockReset();
  saleGet.mockResolvedValue({ message: 'ok', data: SALE });
  siteGet.mockResolvedValue({
    message: 'ok',
    data: { companyId: 'company-1', token: { symbol: 'ACW', name: 'AI Chain World', metaData: { title: 'ACW', description: 'd', keywords: 'k' } } },
  });
});

describe('Login page', () => {
  it('shows the header, fields and links', async () => {
    renderLogin();
    expect(screen.getByText('PRE-LAUNCH PROGRAM')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'JOIN NOW' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: /forgot password/i })).toHaveAttribute('href', '/fogot-password');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    // Token name: 'ACW' until site/get answers, then the configured name.
    expect(screen.getByTestId('token-name')).toHaveTextContent('ACW');
    await waitFor(() => expect(screen.getByTestId('token-name')).toHaveTextContent('AI Chain World'));
  });

  it('requires email and password before calling the server', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('stores the token and goes to the dashboard on success', async () => {
    const user = userEvent.setup();
    login.mockResolvedValue({ message: 'Login successful', data: { token: 'jwt-1' } });
    const router = renderLogin();
    await waitFor(() => expect(screen.getByTestId('token-name')).toHaveTextContent('AI Chain World'));
    await user.type(screen.getByLabelText('Email'), 'buyer@demo.test');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    expect(login).toHaveBeenCalledWith({ companyId: 'company-1', user: 'buyer@demo.test', password: 'secret' });
    expect(localStorage.getItem('authToken')).toBe('jwt-1');
  });

  it('toasts the fallback when the server gives no message', async () => {
    const user = userEvent.setup();
    const config = { headers: new AxiosHeaders() };
    login.mockRejectedValue(new AxiosError('x', 'ERR_BAD_RESPONSE', config, null, { data: '', status: 500, statusText: '', headers: {}, config }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderLogin();
    await waitFor(() => expect(screen.getByTestId('token-name')).toHaveTextContent('AI Chain World'));
    await user.type(screen.getByLabelText('Email'), 'buyer@demo.test');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Failed to login a user')).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('first shows the sale — price, round, progress, opening — with Register and Sign in, not "Welcome back"', async () => {
    const user = userEvent.setup();
    const router = renderLogin();
    const sale = within(await screen.findByTestId('landing-sale'));
    expect(await sale.findByTestId('landing-price')).toHaveTextContent('₹20.00');
    expect(sale.getByText('per token in Seed')).toBeInTheDocument();
    expect(sale.getByRole('progressbar', { name: 'Seed sold' })).toHaveAttribute('aria-valuenow', '25');
    expect(sale.getByTestId('landing-opening')).toHaveTextContent(/^Opens in \d+d \d\d:\d\d:\d\d \(01\/01\/2099/);
    expect(sale.getByTestId('landing-next-round')).toHaveTextContent('Next: Early at ₹25.00 per token after this round.');
    expect(screen.queryByText('Welcome back')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await user.click(sale.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.click(sale.getByRole('link', { name: 'Register' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it('fills in the email a registration arrived with', async () => {
    renderLogin({ pathname: '/', state: { email: 'new@demo.test' } });
    expect(await screen.findByLabelText('Email')).toHaveValue('new@demo.test');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders } from 'axios';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const siteGet = vi.fn();
const login = vi.fn();
vi.mock('../api', () => ({ api: { login: (b: unknown) => login(b) } }));
vi.stubGlobal('fetch', async () => {
  const body = await siteGet();
  return { ok: true, status: 200, json: async () => ({ status: true, ...body }) };
});

import Login from './Login';

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Login /> },
      { path: '/user/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ['/'] },
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
  localStorage.clear();
  siteGet.mockReset();
  login.mockReset();
  siteGet.mockResolvedValue({
    message: 'ok',
    data: { companyId: 'company-1', token: { symbol: 'ACW', name: 'AI Chain World', metaData: { title: 'ACW', description: 'd', keywords: 'k' } } },
  });
});

describe('Login page', () => {
  it('shows the header, fields and links of SPEC §2', async () => {
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
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const registerOtp = vi.fn();
const register = vi.fn();
const login = vi.fn();
vi.mock('../api', () => ({
  api: {
    registerOtp: (b: unknown) => registerOtp(b),
    register: (b: unknown) => register(b),
    login: (b: unknown) => login(b),
  },
}));
vi.stubGlobal('fetch', async () => ({
  ok: true,
  status: 200,
  json: async () => ({ status: true, message: 'ok', data: { companyId: 'company-1', token: { symbol: 'ACW', name: 'ACW' } } }),
}));

import Register from './Register';
import Login from './Login';

function renderRegister() {
  const router = createMemoryRouter(
    [
      { path: '/register', element: <Register /> },
      { path: '/', element: <Login /> },
      { path: '/user/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ['/register'] },
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

async function fillAndRegister() {
  const user = userEvent.setup();
  await waitFor(() => expect(screen.getByTestId('token-name')).toHaveTextContent('ACW'));
  await user.type(screen.getByLabelText('Name'), 'New Buyer');
  await user.type(screen.getByLabelText('Email'), 'new@demo.test');
  await user.type(screen.getByLabelText('Mobile'), '+91 98765 43210');
  await user.click(screen.getByRole('button', { name: 'Request OTP' }));
  await screen.findByRole('heading', { name: 'Create Account' });
  await user.type(screen.getByLabelText('OTP'), '123456');
  fireEvent.change(screen.getByLabelText('Date of Birth'), { target: { value: '1990-01-01' } });
  await user.type(screen.getByLabelText('Pincode'), '411001');
  await user.selectOptions(screen.getByLabelText('Gender'), 'female');
  await user.type(screen.getByLabelText('Password'), 'secret-pass-1');
  await user.type(screen.getByLabelText('Confirm Password'), 'secret-pass-1');
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

beforeEach(() => {
  localStorage.clear();
  registerOtp.mockReset().mockResolvedValue({ message: 'OTP sent to your email. It is valid for 10 minutes.', data: null });
  register.mockReset().mockResolvedValue({ message: 'Registration successful. Please log in.', data: null });
  login.mockReset();
});

describe('Registration', () => {
  it('ends signed in, on the dashboard', async () => {
    login.mockResolvedValue({ message: 'Logged in successfully', data: { token: 'jwt-new' } });
    const router = renderRegister();
    await fillAndRegister();
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/dashboard'));
    expect(login).toHaveBeenCalledWith({ companyId: 'company-1', user: 'new@demo.test', password: 'secret-pass-1' });
    expect(localStorage.getItem('authToken')).toBe('jwt-new');
    expect(await screen.findByText('Registration successful. You are signed in.')).toBeInTheDocument();
  }, 30000);

  it('when the sign-in after it fails, ends on the login page with the email filled in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    login.mockRejectedValue({ isAxiosError: true, response: { status: 429, data: { status: false, message: 'Too many', data: null } } });
    const router = renderRegister();
    await fillAndRegister();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByLabelText('Email')).toHaveValue('new@demo.test');
    expect(localStorage.getItem('authToken')).toBeNull();
  }, 30000);
});

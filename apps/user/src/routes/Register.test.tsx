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

/** Types a value at once (the fields' own checks are not under test here; a busy machine types slowly). */
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

async function fillAndRegister() {
  const user = userEvent.setup();
  await waitFor(() => expect(screen.getByTestId('token-name')).toHaveTextContent('ACW'));
  type('Name', 'New Buyer');
  type('Email', 'new@demo.test');
  type('Mobile', '+91 98765 43210');
  await user.click(screen.getByRole('button', { name: 'Request OTP' }));
  await screen.findByRole('heading', { name: 'Create Account' });
  type('OTP', '123456');
  type('Date of Birth', '1990-01-01');
  type('Pincode', '411001');
  await user.selectOptions(screen.getByLabelText('Gender'), 'female');
  type('Password', 'secret-pass-1');
  type('Confirm Password', 'secret-pass-1');
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
  }, 60000);

  it('when the sign-in after it fails, ends on the login page with the email filled in', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    login.mockRejectedValue({ isAxiosError: true, response: { status: 429, data: { status: false, message: 'Too many', data: null } } });
    const router = renderRegister();
    await fillAndRegister();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByLabelText('Email')).toHaveValue('new@demo.test');
    expect(localStorage.getItem('authToken')).toBeNull();
  }, 60000);
});

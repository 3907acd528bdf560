import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const requestOtp = vi.fn();
const verifyOtp = vi.fn();
vi.mock('../api', () => ({
  api: { siteGet: () => Promise.resolve({ message: '', data: { companyId: 'c', token: { name: 'ACW', symbol: 'ACW' } } }) },
  superApi: { requestOtp: (e: string) => requestOtp(e), verifyOtp: (b: unknown) => verifyOtp(b) },
}));

import SuperAdminLogin from './SuperAdminLogin';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/superadmin/login', element: <SuperAdminLogin /> },
      { path: '/superadmin/dashboard', element: <h1>SA Dashboard</h1> },
    ],
    { initialEntries: ['/superadmin/login'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return router;
}

async function flush() {
  await act(async () => {
    await Promise.resolve();
    await Promise.resolve();
  });
}

beforeEach(() => {
  localStorage.clear();
  requestOtp.mockReset();
  verifyOtp.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.useRealTimers());

describe('Super admin login', () => {
  it("shows the platform's name, never a company's (even where site/get names one)", async () => {
    renderPage();
    await flush();
    expect(screen.getByText('Prelaunch')).toBeInTheDocument();
    expect(screen.queryByText('ACW')).not.toBeInTheDocument();
    expect(document.title).toBe('Prelaunch | Super Admin');
  });

  it('goes email → OTP with a read-only email, numeric OTP and a 02:59 countdown, then logs in', async () => {
    requestOtp.mockResolvedValue({ message: 'OTP sent', data: null });
    verifyOtp.mockResolvedValue({ message: 'Welcome', data: { token: 'sa-1' } });
    const router = renderPage();
    expect(screen.getByRole('heading', { name: 'Super Admin' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'root@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    await screen.findByLabelText('OTP');
    expect(requestOtp).toHaveBeenCalledWith('root@demo.test');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByTestId('otp-countdown')).toHaveTextContent('02:59');
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('OTP'), { target: { value: '12a34 56' } });
    expect(screen.getByLabelText('OTP')).toHaveValue('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('SA Dashboard');
    expect(router.state.location.pathname).toBe('/superadmin/dashboard');
    expect(verifyOtp).toHaveBeenCalledWith({ email: 'root@demo.test', otp: '123456' });
    expect(localStorage.getItem('accessToken')).toBe('sa-1');
    expect(localStorage.getItem('loggedIn')).toBe('true');
    expect(localStorage.getItem('reloadCount')).toBe('1');
  });

  it('returns to the email step on a wrong OTP', async () => {
    requestOtp.mockResolvedValue({ message: 'OTP sent', data: null });
    verifyOtp.mockRejectedValue({ status: false, message: 'Invalid or expired OTP', data: null });
    renderPage();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'root@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    fireEvent.change(await screen.findByLabelText('OTP'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid or expired OTP')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Get OTP' })).toBeInTheDocument();
    expect(screen.queryByLabelText('OTP')).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('returns to the email step when the countdown runs out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    requestOtp.mockResolvedValue({ message: 'OTP sent', data: null });
    renderPage();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'root@demo.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get OTP' }));
    await screen.findByLabelText('OTP');
    await act(async () => {
      vi.advanceTimersByTime(178_000);
    });
    expect(screen.getByTestId('otp-countdown')).toHaveTextContent('00:01');
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    await flush();
    expect(screen.queryByLabelText('OTP')).toBeNull();
    expect(screen.getByRole('button', { name: 'Get OTP' })).toBeInTheDocument();
  });
});

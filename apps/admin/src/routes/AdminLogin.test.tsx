import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const login = vi.fn();
const loginTwoFactor = vi.fn();
const siteGet = vi.fn();
vi.mock('../api', () => ({
  api: {
    login: (b: unknown) => login(b),
    loginTwoFactor: (b: unknown) => loginTwoFactor(b),
    siteGet: () => siteGet(),
  },
}));

import AdminLogin from './AdminLogin';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/admin/login', element: <AdminLogin /> },
      { path: '/admin/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ['/admin/login'] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  login.mockReset();
  loginTwoFactor.mockReset();
  siteGet
    .mockReset()
    .mockResolvedValue({ message: 'ok', data: { companyId: 'c1', companyName: 'AI Coin World Pvt Ltd', token: { name: 'AI Coin World', symbol: 'ACW', title: 'ACW Prelaunch', icon_url: '/i.png' } } });
});

const httpError = (status: number, message: string) => ({
  isAxiosError: true,
  response: { status, data: { status: false, message, data: null } },
});

describe('Admin login page', () => {
  it('shows the heading, banner and fields', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByText('PRE-LAUNCH PROGRAM')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter Registered Email Id')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('brands the banner and title from the public site settings, naming the company of the host', async () => {
    renderPage();
    expect(await screen.findByText('AI Coin World')).toBeInTheDocument();
    expect(screen.getByText('AI Coin World Pvt Ltd: manage users, purchases and payment details.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('ACW Prelaunch | Login'));
  });

  it('shows the platform on a host of no company (site/get answers null), never a default company', async () => {
    siteGet.mockResolvedValue({ message: 'Site fetched successfully', data: null });
    renderPage();
    expect(await screen.findByText('Company admin sign-in: manage users, purchases and payment details.')).toBeInTheDocument();
    expect(screen.getByText('Prelaunch')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Prelaunch | Login'));
    expect(screen.queryByText(/ACW|AI Coin World/)).not.toBeInTheDocument();
  });

  it('requires email and password', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('stores accessToken, loggedIn and reloadCount and goes to the dashboard', async () => {
    const user = userEvent.setup();
    login.mockResolvedValue({ message: 'Login successful', data: { token: 'adm-1' } });
    const router = renderPage();
    await user.type(screen.getByPlaceholderText('Enter Registered Email Id'), 'admin@demo.test');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(login).toHaveBeenCalledWith({ email: 'admin@demo.test', password: 'secret' });
    expect(localStorage.getItem('accessToken')).toBe('adm-1');
    expect(localStorage.getItem('loggedIn')).toBe('true');
    expect(localStorage.getItem('reloadCount')).toBe('1');
  });

  it('toasts the server message on failure', async () => {
    const user = userEvent.setup();
    login.mockRejectedValue({ status: false, message: 'Invalid email or password', data: null });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage();
    await user.type(screen.getByPlaceholderText('Enter Registered Email Id'), 'admin@demo.test');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('says on the page that the company is suspended (a right and a wrong password alike)', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    login.mockRejectedValue(httpError(403, 'This company is suspended. Please contact support.'));
    renderPage();
    await user.type(screen.getByPlaceholderText('Enter Registered Email Id'), 'admin@demo.test');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    // On the page itself (the toast says it too, and goes away).
    expect(await screen.findByText('This company is suspended. Please contact support.', { selector: '.alert' })).toBeInTheDocument();
  });

  it('asks which company when the email is an admin of several, then signs in to the one chosen', async () => {
    const user = userEvent.setup();
    login.mockResolvedValueOnce({
      message: 'Choose the company to sign in to',
      data: { companyRequired: true, companies: [{ id: 'c1', name: 'Alpha Ltd' }, { id: 'c2', name: 'Beta Ltd' }] },
    });
    const router = renderPage();
    await user.type(screen.getByPlaceholderText('Enter Registered Email Id'), 'admin@demo.test');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Choose a company' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    login.mockResolvedValueOnce({ message: 'Login successful', data: { token: 'adm-beta' } });
    await user.click(screen.getByRole('button', { name: 'Beta Ltd' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(login).toHaveBeenLastCalledWith({ email: 'admin@demo.test', password: 'secret', companyId: 'c2' });
    expect(localStorage.getItem('accessToken')).toBe('adm-beta');
  });

  describe('with two-factor sign-in on', () => {
    const challenge = { message: 'Enter the code from your authenticator app', data: { twoFactorRequired: true, challenge: 'ch-1' } };

    async function toSecondStep() {
      const user = userEvent.setup();
      login.mockResolvedValue(challenge);
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const router = renderPage();
      await user.type(screen.getByPlaceholderText('Enter Registered Email Id'), 'admin@demo.test');
      await user.type(screen.getByLabelText('Password'), 'secret');
      await user.click(screen.getByRole('button', { name: 'Login' }));
      await screen.findByRole('heading', { name: 'Two-factor sign-in' });
      return { user, router };
    }

    it('asks for the code after the password, stores no token until it is right, then goes to the dashboard', async () => {
      const { user, router } = await toSecondStep();
      expect(localStorage.getItem('accessToken')).toBeNull();
      // The step itself asks; the answer's message is not toasted as well.
      expect(screen.queryByText('Enter the code from your authenticator app')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
      expect(loginTwoFactor).not.toHaveBeenCalled();

      loginTwoFactor.mockResolvedValue({ message: 'Login successful', data: { token: 'adm-2fa' } });
      await user.type(screen.getByLabelText('Authentication code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
      expect(loginTwoFactor).toHaveBeenCalledWith({ challenge: 'ch-1', code: '123456' });
      expect(localStorage.getItem('accessToken')).toBe('adm-2fa');
    });

    it('takes a recovery code instead', async () => {
      const { user } = await toSecondStep();
      loginTwoFactor.mockResolvedValue({ message: 'Login successful', data: { token: 'adm-rc' } });
      await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
      await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-23456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(loginTwoFactor).toHaveBeenCalledWith({ challenge: 'ch-1', code: 'ABCDE-23456' }));
    });

    it('keeps a wrong code on the step with the reason', async () => {
      const { user } = await toSecondStep();
      loginTwoFactor.mockRejectedValue(httpError(401, 'The code is not valid. Please try again.'));
      await user.type(screen.getByLabelText('Authentication code'), '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findAllByText('The code is not valid. Please try again.')).not.toHaveLength(0);
      expect(screen.getByLabelText('Authentication code')).toHaveValue('');
      expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    });

    it('goes back to the password when the challenge has expired or burnt out', async () => {
      const { user } = await toSecondStep();
      loginTwoFactor.mockRejectedValue(httpError(401, 'Your sign-in has expired. Please log in again.'));
      await user.type(screen.getByLabelText('Authentication code'), '111111');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await screen.findByRole('heading', { name: 'Admin Login' });
      expect(screen.getByText('Your sign-in has expired. Please log in again.', { selector: '.alert' })).toBeInTheDocument();
      expect(localStorage.getItem('accessToken')).toBeNull();
    });
  });
});

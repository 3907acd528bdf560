import { adminSession } from '@prelaunch/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const profile = vi.fn();
const twoFactorSetup = vi.fn();
const twoFactorEnable = vi.fn();
const twoFactorDisable = vi.fn();
const dashboard = vi.fn();
vi.mock('../api', () => ({
  api: {
    profile: () => profile(),
    twoFactorSetup: () => twoFactorSetup(),
    twoFactorEnable: (c: string, p: string) => twoFactorEnable(c, p),
    twoFactorDisable: (b: unknown) => twoFactorDisable(b),
    dashboard: () => dashboard(),
  },
}));
const saveBlob = vi.fn();
vi.mock('@prelaunch/api', async (orig) => ({ ...(await orig<typeof import('@prelaunch/api')>()), saveBlob: (b: Blob, n: string) => saveBlob(b, n) }));

import AdminLayout from '../layouts/AdminLayout';
import Security from './Security';

const CODES = ['ABCDE-23456', 'FGHJK-23456', 'LMNPQ-23456', 'RSTUV-23456', 'WXYZA-23456', 'BCDEF-34567', 'GHJKL-34567', 'MNPQR-34567', 'STUVW-34567', 'XYZAB-34567'];

function me(over: Record<string, unknown> = {}) {
  return {
    message: 'Profile fetched successfully',
    data: {
      id: 'a1',
      name: 'Owner',
      email: 'owner@demo.test',
      role: 'ADMIN',
      twoFactorEnabled: false,
      twoFactorRequired: false,
      isOwner: true,
      company: { id: 'c1', name: 'Demo Company' },
      token: { symbol: 'ACW', name: 'AI Coin World', icon_url: '/i.png', title: 'ACW', metaData: {} },
      ...over,
    },
  };
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { path: 'security', element: <Security /> },
          { path: 'dashboard', element: <h1>Dashboard page</h1> },
          { path: 'usermanage', element: <h1>Users page</h1> },
        ],
      },
      { path: '/admin/login', element: <h1>Admin Login</h1> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  adminSession.start('adm-1');
  for (const f of [profile, twoFactorSetup, twoFactorEnable, twoFactorDisable, saveBlob]) f.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Security: turning two-factor sign-in on', () => {
  it('shows the QR code and the key, takes a code, then shows the recovery codes once', async () => {
    const user = userEvent.setup();
    profile.mockResolvedValue(me());
    twoFactorSetup.mockResolvedValue({ message: 'Two-factor set-up started', data: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/ACW:owner%40demo.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=ACW' } });
    renderAt('/admin/security');
    expect(await screen.findByTestId('twofa-state')).toHaveTextContent('Off');
    await user.click(screen.getByRole('button', { name: 'Enable two-factor' }));

    const form = await screen.findByRole('form', { name: 'Set up two-factor sign-in' });
    expect(within(form).getByTitle('QR code for your authenticator app')).toBeInTheDocument();
    expect(within(form).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    // A code that is not 6 digits is not sent.
    await user.type(within(form).getByLabelText('Authentication code'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Turn on two-factor' }));
    expect(within(form).getByText('The code has 6 digits.')).toBeInTheDocument();
    expect(twoFactorEnable).not.toHaveBeenCalled();

    twoFactorEnable.mockResolvedValue({ message: 'Two-factor sign-in enabled', data: { recoveryCodes: CODES, token: 'fresh-token' } });
    profile.mockResolvedValue(me({ twoFactorEnabled: true }));
    await user.type(within(form).getByLabelText('Authentication code'), '6');
    // The password is asked too.
    await user.click(within(form).getByRole('button', { name: 'Turn on two-factor' }));
    expect(within(form).getByText('Please enter your current password.')).toBeInTheDocument();
    expect(twoFactorEnable).not.toHaveBeenCalled();
    await user.type(within(form).getByLabelText('Current password'), 'Secret#123');
    await user.click(within(form).getByRole('button', { name: 'Turn on two-factor' }));
    expect(twoFactorEnable).toHaveBeenCalledWith('123456', 'Secret#123');

    const dialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(within(dialog).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    const done = within(dialog).getByRole('button', { name: 'I have saved them' });
    expect(done).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Download .txt' }));
    expect(saveBlob).toHaveBeenCalledTimes(1);
    expect(saveBlob.mock.calls[0][1]).toBe('recovery-codes.txt');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saveBlob.mock.calls[0][0] as Blob);
    });
    for (const c of CODES) expect(text).toContain(c);
    expect(text).toContain('owner@demo.test');
    await user.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('twofa-state')).toHaveTextContent('On');
    // Shown once: nothing on the page shows them again.
    expect(screen.queryByText(CODES[0])).toBeNull();
  });

  it('keeps the set-up open with the reason when the code is refused', async () => {
    const user = userEvent.setup();
    profile.mockResolvedValue(me());
    twoFactorSetup.mockResolvedValue({ message: 'ok', data: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' } });
    twoFactorEnable.mockRejectedValue({ isAxiosError: true, response: { status: 422, data: { status: false, message: 'The code is not valid. Please try again.', data: null } } });
    renderAt('/admin/security');
    await user.click(await screen.findByRole('button', { name: 'Enable two-factor' }));
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.type(screen.getByLabelText('Current password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor' }));
    expect(await screen.findByText('The code is not valid. Please try again.', { selector: '.invalid-feedback' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Security: turning two-factor sign-in off', () => {
  it('asks for a code and the password in a dialog that can be cancelled', async () => {
    const user = userEvent.setup();
    profile.mockResolvedValue(me({ twoFactorEnabled: true }));
    renderAt('/admin/security');
    await user.click(await screen.findByRole('button', { name: 'Disable two-factor' }));
    let dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(within(dialog).getByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your current password.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(twoFactorDisable).not.toHaveBeenCalled();

    twoFactorDisable.mockResolvedValue({ message: 'Two-factor sign-in disabled', data: null });
    await user.click(screen.getByRole('button', { name: 'Disable two-factor' }));
    dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(within(dialog).getByLabelText('Recovery code'), 'ABCDE-23456');
    await user.type(within(dialog).getByLabelText('Current password'), 'Admin@12345');
    profile.mockResolvedValue(me());
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(twoFactorDisable).toHaveBeenCalledWith({ code: 'ABCDE-23456', password: 'Admin@12345' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('twofa-state')).toHaveTextContent('Off');
  });
});

describe('A company that requires two-factor sign-in', () => {
  it('confines an admin who has not turned it on to Security, with only Security and Logout in the menu', async () => {
    profile.mockResolvedValue(me({ twoFactorRequired: true }));
    const router = renderAt('/admin/usermanage');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/security'));
    expect(await screen.findByTestId('twofa-required')).toHaveTextContent('Demo Company requires two-factor sign-in.');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Security', 'Logout']);
    await router.navigate('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/security'));
    expect(screen.queryByText('Dashboard page')).toBeNull();
  });

  it('lets an enrolled admin go anywhere', async () => {
    profile.mockResolvedValue(me({ twoFactorRequired: true, twoFactorEnabled: true }));
    renderAt('/admin/usermanage');
    expect(await screen.findByText('Users page')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Activity' })).toBeInTheDocument();
  });
});

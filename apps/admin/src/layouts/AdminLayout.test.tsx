import { adminSession } from '@prelaunch/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const profile = vi.fn();
const siteGet = vi.fn();
const beneficiaryGet = vi.fn();
const purchaseList = vi.fn();
const kycList = vi.fn();
vi.mock('../api', () => ({
  api: {
    profile: () => profile(),
    siteGet: () => siteGet(),
    beneficiaryGet: () => beneficiaryGet(),
    purchaseList: (q: unknown) => purchaseList(q),
    kycList: (q: unknown) => kycList(q),
  },
}));

import Beneficiary from '../routes/Beneficiary';
import AdminLayout from './AdminLayout';

function renderApp() {
  const router = createMemoryRouter(
    [
      { path: '/admin', element: <AdminLayout />, children: [{ path: 'beneficiary', element: <Beneficiary /> }] },
      { path: '/admin/login', element: <h1>Admin Login</h1> },
    ],
    { initialEntries: ['/admin/beneficiary'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  profile.mockReset();
  siteGet.mockReset();
  beneficiaryGet.mockReset().mockResolvedValue({ message: 'ok', data: null });
  purchaseList.mockReset().mockResolvedValue({ message: 'ok', data: { records: [], total: 7, page: 1, limit: 1, lastPage: 7 } });
  kycList.mockReset().mockResolvedValue({ message: 'ok', data: { records: [], total: 0, page: 1, limit: 1, lastPage: 1 } });
  siteGet.mockResolvedValue({ message: 'ok', data: { companyId: 'c0', companyName: 'Default Co', token: { name: 'AI Coin World', symbol: 'ACW', title: 'ACW Prelaunch', icon_url: '/acw.png' } } });
});

describe('Admin layout branding', () => {
  it('shows the signed-in admin’s company and token from profile/get, not the default site', async () => {
    adminSession.start('adm-beta');
    profile.mockResolvedValue({
      message: 'Profile fetched successfully',
      data: {
        id: 'a1',
        name: 'Owner',
        email: 'owner@beta.test',
        role: 'ADMIN',
        company: { id: 'c2', name: 'Beta Ltd' },
        token: { symbol: 'BET', name: 'Beta Coin', icon_url: '/beta.png', title: 'Beta Prelaunch', metaData: {} },
      },
    });
    renderApp();
    const side = await screen.findByRole('complementary');
    expect(await within(side).findByText('Beta Coin')).toBeInTheDocument();
    expect(within(side).getByText('Beta Ltd')).toBeInTheDocument();
    expect(side.querySelector('img')).toHaveAttribute('src', '/beta.png');
    await waitFor(() => expect(document.title).toBe('Beta Prelaunch | Beneficiary Manage'));
    expect(screen.queryByText('AI Coin World')).not.toBeInTheDocument();
    expect(siteGet).not.toHaveBeenCalled();
  });

  it('shows the product until the profile answers', () => {
    adminSession.start('adm-beta');
    profile.mockReturnValue(new Promise(() => {}));
    renderApp();
    const side = screen.getByRole('complementary');
    expect(within(side).getByText('Prelaunch')).toBeInTheDocument();
    expect(within(side).getByText('ADMIN')).toBeInTheDocument();
    expect(siteGet).not.toHaveBeenCalled();
  });

  it("says the company is suspended, with the reason and a sign-out, instead of 'session expired'", async () => {
    adminSession.start('adm-beta');
    profile.mockRejectedValue({
      isAxiosError: true,
      response: { status: 403, data: { status: false, message: 'This company is suspended. Please contact support. Reason: Fees unpaid', data: null } },
    });
    renderApp();
    expect(await screen.findByRole('heading', { name: 'This company is suspended' })).toBeInTheDocument();
    expect(screen.getByTestId('suspension-reason')).toHaveTextContent('Reason: Fees unpaid');
    expect(screen.getByRole('link', { name: 'Sign out' })).toHaveAttribute('href', '/admin/logout');
    // Still signed in: the notice, not the sign-in page.
    expect(adminSession.token()).toBe('adm-beta');
    expect(screen.queryByRole('heading', { name: 'Admin Login' })).not.toBeInTheDocument();
  });

  it('counts the pending purchase requests beside "Purchase Request", none beside an empty KYC queue, and has a skip link', async () => {
    adminSession.start('adm-beta');
    profile.mockResolvedValue({
      message: 'Profile fetched successfully',
      data: { id: 'a1', name: 'Owner', email: 'o@b.test', role: 'ADMIN', company: { id: 'c2', name: 'Beta Ltd' }, token: { symbol: 'BET', name: 'Beta Coin' } },
    });
    renderApp();
    const side = await screen.findByRole('complementary');
    expect(await within(side).findByRole('link', { name: /^Purchase Request\s*7\s*pending$/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(side).getByRole('link', { name: 'KYC' })).toBeInTheDocument();
    expect(purchaseList).toHaveBeenCalledWith(expect.objectContaining({ status: 'PENDING', limit: 1 }));
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { referralSlices, supplySlices } from '../features/dashboard';

const dashboard = vi.fn();
const superDashboard = vi.fn();
vi.mock('../api', () => ({
  api: { dashboard: () => dashboard() },
  superApi: { dashboard: () => superDashboard() },
}));
// The charts (canvas) have tests of their own figures below.
vi.mock('../features/dashboard/components/DashboardCharts', () => ({ default: () => null }));

import AdminDashboard from './AdminDashboard';
import SuperAdminDashboard from './SuperAdminDashboard';

function renderRoute(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const SUPPLY = {
  totalSupply: 100_000_000,
  privateSupply: 10_000_000,
  publicCellSupply: 51_300_000,
  angelInvestorSupply: 5_800_000,
  founderTeamSupply: 5_800_000,
  airdropSupply: 8_500_000,
  referralSupply: 28_600_000,
};

describe('the supply pie', () => {
  it('draws the parts of the total supply, never the total as a slice beside them', () => {
    const { total, slices, over } = supplySlices(SUPPLY);
    expect(total).toBe(100_000_000);
    expect(slices.map((s) => s.label)).not.toContain('Total Supply');
    expect(slices).toEqual([
      { label: 'Private Supply', value: 10_000_000 },
      { label: 'Public Cell Supply (rest)', value: 41_300_000 },
      { label: 'Angel Investor Supply', value: 5_800_000 },
      { label: 'Founder Team Supply', value: 5_800_000 },
      { label: 'Airdrop Supply', value: 8_500_000 },
      { label: 'Referral Supply', value: 28_600_000 },
    ]);
    expect(slices.reduce((a, s) => a + s.value, 0)).toBe(total);
    expect(over).toBe(0);
  });

  it('shows what no section takes, and says when the sections exceed the total', () => {
    const part = supplySlices({ ...SUPPLY, referralSupply: 0, airdropSupply: 0 });
    expect(part.slices.at(-1)).toEqual({ label: 'Not allocated', value: 37_100_000 });
    expect(supplySlices({ ...SUPPLY, totalSupply: 90_000_000 }).over).toBe(10_000_000);
  });
});

describe('the referral doughnut', () => {
  it('draws the rewards given and what remains, never the total as a slice beside its own parts', () => {
    const { total, slices } = referralSlices({ referralSupply: 28_600_000, remainingReferralSupply: 28_599_950 });
    expect(total).toBe(28_600_000);
    expect(slices).toEqual([
      { label: 'Given as rewards', value: 50 },
      { label: 'Remaining', value: 28_599_950 },
    ]);
    expect(slices.map((s) => s.label)).not.toContain('Total');
    expect(slices.reduce((a, s) => a + s.value, 0)).toBe(total);
    // A remaining figure above the total (a lowered supply) never draws a negative slice.
    expect(referralSlices({ referralSupply: 100, remainingReferralSupply: 150 }).slices).toEqual([
      { label: 'Given as rewards', value: 0 },
      { label: 'Remaining', value: 100 },
    ]);
  });
});

describe('Dashboard (admin)', () => {
  it('shows zero as 0, not "--", and the pending purchases and KYC with links to them', async () => {
    dashboard.mockResolvedValue({
      message: 'Dashboard fetched successfully',
      data: {
        ...SUPPLY,
        userActive: 3,
        userInactive: 0,
        userBlock: 0,
        totalMember: 3,
        verificationCompleted: 0,
        verificationPending: 3,
        pendingPurchases: 4,
        pendingKyc: 2,
        token: { symbol: 'ACW', name: 'ACW', icon_url: '', title: 'ACW', metaData: { title: '', description: '', keywords: '' } },
      },
    });
    renderRoute(<AdminDashboard />);
    expect(await screen.findByTestId('stat-Inactive User')).toHaveTextContent(/^0$/);
    expect(screen.getByTestId('stat-Verification Completed')).toHaveTextContent(/^0$/);
    expect(screen.queryByText('--')).toBeNull();
    expect(screen.getByRole('link', { name: '4 pending purchases, review them' })).toHaveAttribute('href', '/admin/purchaserequest');
    expect(screen.getByRole('link', { name: '2 pending identity checks, review them' })).toHaveAttribute('href', '/admin/kyc');
  });
});

describe('Dashboard (super admin)', () => {
  it('lists each company’s buyers, pending, approved INR and tokens sold, flagging missing payment details', async () => {
    superDashboard.mockResolvedValue({
      message: 'Dashboard fetched successfully',
      data: {
        companies: 2,
        users: 9,
        purchases: { pending: 3, approved: 5, rejected: 0, refunded: 0 },
        approvedAmount: 1844.94,
        approvedQuantity: 180,
        cannotTakeBank: 1,
        cannotTakeUpi: 1,
        byCompany: [
          { id: 'c1', companyName: 'Acme', tokenSymbol: 'ACM', status: 'ACTIVE', buyers: 6, pending: 3, approvedAmount: 1844.94, sold: 180, canTakeBank: false, canTakeUpi: true },
          { id: 'c2', companyName: 'Beta', tokenSymbol: 'BET', status: 'SUSPENDED', buyers: 3, pending: 0, approvedAmount: 0, sold: 0, canTakeBank: true, canTakeUpi: false },
        ],
      },
    });
    renderRoute(<SuperAdminDashboard />);
    const table = await screen.findByRole('region', { name: 'By company' });
    const acme = within(table).getByRole('link', { name: 'Acme' }).closest('tr')!;
    expect(within(acme).getAllByRole('cell').map((c) => c.textContent)).toEqual(['AcmeACM', '6', '3', '₹1,844.94', '180', 'No bank details']);
    const beta = within(table).getByRole('link', { name: 'Beta' }).closest('tr')!;
    expect(beta).toHaveTextContent('Suspended');
    expect(beta).toHaveTextContent('No UPI id');
    expect(within(table).getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/superadmin/company/c1');
    expect(screen.getByTestId('stat-Cannot take bank transfers')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-Pending')).toHaveTextContent('3');
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { companyFixture } from '../features/companies';

const companyList = vi.fn();
const companyGet = vi.fn();
vi.mock('../api', () => ({
  superApi: { companyList: (q: unknown) => companyList(q), companyAdd: vi.fn(), companyGet: (id: string) => companyGet(id) },
}));

import CompanyDetailPage from './CompanyDetail';
import CompanyManage from './CompanyManage';

function renderPage(entry = '/superadmin/companymanage') {
  const router = createMemoryRouter(
    [
      { path: '/superadmin/companymanage', element: <CompanyManage /> },
      { path: '/superadmin/company/:id', element: <CompanyDetailPage /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const page = (records: unknown[]) => ({
  message: 'Companies fetched successfully',
  data: { records, total: records.length, page: 1, limit: 10, lastPage: 1 },
});

beforeEach(() => {
  companyList.mockReset();
  companyGet.mockReset().mockResolvedValue({ message: 'Company fetched successfully', data: companyFixture() });
});

describe('Company Manage', () => {
  it('shows each company’s domains, status and figures', async () => {
    companyList.mockResolvedValue(
      page([
        companyFixture(),
        companyFixture({ id: 'c2', companyName: 'Beta Ltd', domains: [], status: 'SUSPENDED', siteUrl: null, tokenSymbol: 'BET', figures: { buyers: 0, approvedAmount: 0, tokensSold: 0 } }),
      ]),
    );
    renderPage();
    const table = await screen.findByRole('table');
    const acme = within(table).getByText('Acme Sales').closest('tr')!;
    expect(within(acme).getByText('buy.acme.test')).toBeInTheDocument();
    expect(within(acme).getByText('ACTIVE')).toHaveClass('text-bg-success');
    expect(within(acme).getByText('Buyers: 1,234')).toBeInTheDocument();
    expect(within(acme).getByText('Approved: ₹2,50,000.00')).toBeInTheDocument();
    expect(within(acme).getByText('Sold: 5,000 ACM')).toBeInTheDocument();
    const beta = within(table).getByText('Beta Ltd').closest('tr')!;
    expect(within(beta).getByText('No domain yet')).toBeInTheDocument();
    expect(within(beta).getByText('SUSPENDED')).toHaveClass('text-bg-danger');
    expect(screen.getByRole('heading', { name: 'Companies: 2' })).toBeInTheDocument();
  });

  it('links each name to the company’s page', async () => {
    const user = userEvent.setup();
    companyList.mockResolvedValue(page([companyFixture()]));
    const router = renderPage();
    const link = await screen.findByRole('link', { name: 'Acme Sales' });
    expect(link).toHaveAttribute('href', '/superadmin/company/c1');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/superadmin/company/c1'));
  });

  it('Back from a company returns to the same search and status', async () => {
    const user = userEvent.setup();
    companyList.mockResolvedValue(page([companyFixture()]));
    const router = renderPage('/superadmin/companymanage?search=acme&status=ACTIVE');
    await user.click(await screen.findByRole('link', { name: 'Acme Sales' }));
    const back = await screen.findByRole('link', { name: '← Back to Company Manage' });
    expect(back).toHaveAttribute('href', '/superadmin/companymanage?search=acme&status=ACTIVE');
    await user.click(back);
    await waitFor(() => expect(router.state.location.search).toBe('?search=acme&status=ACTIVE'));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('ACTIVE');
  });

  it('filters by status in the list query and keeps it in the address', async () => {
    const user = userEvent.setup();
    companyList.mockResolvedValue(page([companyFixture()]));
    const router = renderPage();
    await screen.findByRole('table');
    expect(companyList).toHaveBeenLastCalledWith({ page: 1, limit: 10, search: '', status: undefined });
    expect(screen.getByRole('option', { name: 'All' })).toHaveValue('');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'SUSPENDED');
    await waitFor(() => expect(companyList).toHaveBeenLastCalledWith({ page: 1, limit: 10, search: '', status: 'SUSPENDED' }));
    expect(router.state.location.search).toBe('?status=SUSPENDED');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'All');
    await waitFor(() => expect(companyList).toHaveBeenLastCalledWith({ page: 1, limit: 10, search: '', status: undefined }));
    expect(router.state.location.search).toBe('');
  });

  it('reads the filter from the address', async () => {
    companyList.mockResolvedValue(page([]));
    renderPage('/superadmin/companymanage?status=ACTIVE&search=acme');
    await waitFor(() => expect(companyList).toHaveBeenCalledWith({ page: 1, limit: 10, search: 'acme', status: 'ACTIVE' }));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('ACTIVE');
    expect(await screen.findByText(/Nothing matches this search or status/)).toBeInTheDocument();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const exportUsers = vi.fn();
const exportPurchases = vi.fn();
const exportAll = vi.fn();
const emptyList = () => Promise.resolve({ message: '', data: { records: [], total: 0, page: 1, limit: 10, lastPage: 1 } });
vi.mock('../api', () => ({
  api: {
    siteGet: () => Promise.resolve({ message: '', data: { companyId: 'c', token: { name: 'ACW', symbol: 'ACW' } } }),
    userList: () => emptyList(),
    purchaseList: () => emptyList(),
    exportUsers: (q: unknown) => exportUsers(q),
    exportPurchases: (q: unknown) => exportPurchases(q),
  },
  superApi: {
    transactionList: () => emptyList(),
    companyList: () =>
      Promise.resolve({
        message: '',
        data: { records: [{ id: 'c-beta', companyName: 'Beta Ltd' }], total: 1, page: 1, limit: 100, lastPage: 1 },
      }),
    exportPurchases: (q: unknown) => exportAll(q),
  },
}));

import PurchaseRequest from './PurchaseRequest';
import TransactionManage from './TransactionManage';
import UserManage from './UserManage';

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: path.split('?')[0], element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  exportUsers.mockReset();
  exportPurchases.mockReset();
  exportAll.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Export CSV buttons', () => {
  it('User Manage exports the status on screen', async () => {
    exportUsers.mockResolvedValue({ fileName: 'users.csv', size: 1 });
    renderAt('/admin/usermanage', <UserManage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exportUsers).toHaveBeenLastCalledWith({ isApproved: false }));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'verified' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exportUsers).toHaveBeenLastCalledWith({ isApproved: true }));
  });

  it('Purchase History exports its status and date range; a failure is toasted', async () => {
    exportPurchases.mockRejectedValue({
      isAxiosError: true,
      response: { status: 422, data: { status: false, message: 'from must not be after to.', data: null } },
    });
    renderAt('/admin/purchaserequest?tab=history', <PurchaseRequest />);
    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 'REJECTED' } });
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To date'), { target: { value: '2026-01-31' } });
    const button = screen.getByRole('button', { name: 'Export CSV' });
    fireEvent.click(button);
    expect(button).toBeDisabled();
    expect(exportPurchases).toHaveBeenCalledWith({ status: 'REJECTED', from: '2026-01-01', to: '2026-01-31' });
    expect(await screen.findByText('from must not be after to.')).toBeInTheDocument();
    await waitFor(() => expect(button).toBeEnabled());
  });

  it('Purchase Requests (the PENDING tab) has no export', async () => {
    renderAt('/admin/purchaserequest', <PurchaseRequest />);
    await screen.findByRole('heading', { name: 'Purchase Request' });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it("the super admin's Transaction Manage exports company, status and range", async () => {
    exportAll.mockResolvedValue({ fileName: 'all-purchases.csv', size: 1 });
    renderAt('/superadmin/transactionmanage', <TransactionManage />);
    await screen.findByRole('option', { name: 'Beta Ltd' });
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'c-beta' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'APPROVED' } });
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2026-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(exportAll).toHaveBeenCalledWith({ companyId: 'c-beta', status: 'APPROVED', from: '2026-02-01', to: '' }),
    );
  });
});

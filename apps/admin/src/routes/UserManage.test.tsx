import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const userList = vi.fn();
const userApprove = vi.fn();
const userUpdate = vi.fn();
vi.mock('../api', () => ({
  api: {
    userList: (q: unknown) => userList(q),
    userApprove: (id: string) => userApprove(id),
    userUpdate: (b: unknown) => userUpdate(b),
    profile: () => new Promise(() => undefined),
  },
}));

import UserManage from './UserManage';

const waiting = {
  id: 'u1', name: 'Asha Rao', email: 'asha@x.test', mobile: '9876543210', role: 'USER', referralCode: 'PL1',
  isApproved: false, status: 'ACTIVE', stockBalance: '1250', createdAt: '2026-11-24T10:00:00Z', kycStatus: 'PENDING',
};
const answer = (records: unknown[]) => ({ message: 'Users fetched successfully', data: { records, total: records.length, page: 1, limit: 10, lastPage: 1 } });

/** The address's query, on screen for the test to read. */
function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}
const where = () => screen.getByTestId('where').textContent ?? '';

function renderPage(url = '/admin/usermanage') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <UserManage />
        <Where />
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  userList.mockReset().mockResolvedValue(answer([waiting]));
  userApprove.mockReset().mockResolvedValue({ message: 'User approved successfully', data: null });
  userUpdate.mockReset();
});

describe('User Manage', () => {
  it('shows Waiting as a badge and approves with a real Approve button', async () => {
    const user = userEvent.setup();
    renderPage();
    const approve = await screen.findByRole('button', { name: 'Approve Asha Rao' });
    expect(approve).toHaveTextContent('Approve');
    expect(screen.getByText('Waiting').tagName).toBe('SPAN');
    expect(screen.queryByRole('button', { name: /Waiting/ })).toBeNull();
    await user.click(approve);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(userApprove).toHaveBeenCalledWith('u1'));
  });

  it('lists the buyers only, with their KYC status and stock', async () => {
    renderPage();
    await screen.findByText('Asha Rao');
    expect(userList).toHaveBeenLastCalledWith(expect.objectContaining({ role: 'USER', isApproved: false, limit: 10 }));
    expect(screen.getByRole('columnheader', { name: 'KYC' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Stock' })).toBeInTheDocument();
    expect(screen.getByText('1,250')).toBeInTheDocument();
    expect(screen.getByText('Pending review')).toBeInTheDocument();
  });

  it('shows an approval past its expiry as Expired', async () => {
    userList.mockResolvedValue(answer([{ ...waiting, isApproved: true, kycStatus: 'EXPIRED' }]));
    renderPage();
    await screen.findByText('Asha Rao');
    expect(screen.getByText('Expired')).toHaveAttribute('data-kyc-status', 'EXPIRED');
    expect(document.querySelector('[data-kyc-status="APPROVED"]')).toBeNull();
  });

  it('offers All and Admins, keeps the filter, sort and page size in the URL', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Asha Rao');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'all');
    await waitFor(() => expect(userList).toHaveBeenLastCalledWith(expect.objectContaining({ role: 'USER', isApproved: undefined })));
    expect(where()).toContain('filter=all');
    expect(await screen.findByText('All Users: 1')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'admins');
    await waitFor(() => expect(userList).toHaveBeenLastCalledWith(expect.objectContaining({ role: 'ADMIN' })));
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(userList).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'name', dir: 'asc' })));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(userList).toHaveBeenLastCalledWith(expect.objectContaining({ limit: 50 })));
    expect(where()).toContain('size=50');
    expect(where()).toContain('sort=name');
  });

  it('opens with the state of the URL (a reload)', async () => {
    renderPage('/admin/usermanage?filter=verified&page=3&size=25&sort=name&dir=desc&search=asha');
    await screen.findByText('Asha Rao');
    expect(userList).toHaveBeenLastCalledWith(
      expect.objectContaining({ page: 3, limit: 25, isApproved: true, sort: 'name', dir: 'desc', search: 'asha', role: 'USER' }),
    );
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const auditList = vi.fn();
const superAuditList = vi.fn();
const companyList = vi.fn();
vi.mock('../api', () => ({
  api: {
    profile: () => Promise.resolve({ message: 'ok', data: { token: { name: 'ACW', title: 'ACW' }, company: { id: 'c1', name: 'Demo' } } }),
    auditList: (q: unknown) => auditList(q),
    auditActions: () => Promise.resolve({ message: 'ok', data: { actions: ['purchase.approve', 'admin.2fa.enable'] } }),
  },
  superApi: {
    auditList: (q: unknown) => superAuditList(q),
    auditActions: () => Promise.resolve({ message: 'ok', data: { actions: ['company.update'] } }),
    companyList: (q: unknown) => companyList(q),
  },
}));

import Activity from './Activity';
import SuperActivity from './SuperActivity';

const APPROVE = {
  id: 7,
  at: '2026-11-25T08:47:05Z',
  companyId: 'c1',
  actor: { id: 'a1', name: 'Asha Admin', email: 'asha@demo.test', role: 'ADMIN' },
  action: 'purchase.approve',
  companyName: 'Demo',
  target: { type: 'purchase', id: '7f1c2d3e-0000-4000-8000-000000000001', name: 'PUR-0042', detail: 'Ravi Kumar · ravi@demo.test' },
  before: { status: 'PENDING', isApproved: false },
  after: { status: 'APPROVED', isApproved: true },
  ip: '203.0.113.9',
};
const page = (records: unknown[]) => ({ message: 'Activity fetched successfully', data: { records, total: records.length, page: 1, limit: 10, lastPage: 1 } });

function renderRoute(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  auditList.mockReset().mockResolvedValue(page([APPROVE]));
  superAuditList.mockReset().mockResolvedValue(
    page([
      { ...APPROVE, id: 8, action: 'company.update', companyId: 'c2', companyName: 'Beta Ltd', target: { type: 'company', id: 'c2', name: 'Beta Ltd', detail: '' }, before: { status: 'ACTIVE' }, after: { status: 'SUSPENDED' } },
      { ...APPROVE, id: 9, action: 'company.update', companyId: 'c9', companyName: 'Zeta Co', target: { type: 'company', id: 'c9', name: 'Zeta Co', detail: '' }, before: { companyName: 'Zeta' }, after: { companyName: 'Zeta Co' } },
    ]),
  );
  companyList.mockReset().mockImplementation((q: { search?: string }) =>
    Promise.resolve({
      message: 'ok',
      data: q.search === 'zet'
        ? { records: [{ id: 'c9', companyName: 'Zeta Co' }], total: 1, page: 1, limit: 100, lastPage: 1 }
        : { records: [{ id: 'c2', companyName: 'Beta Ltd' }, { id: 'c1', companyName: 'Alpha' }], total: 250, page: 1, limit: 100, lastPage: 3 },
    }),
  );
});

describe('Activity (admin)', () => {
  it('lists who did what to what, when in IST and from where; the change one click away', async () => {
    const user = userEvent.setup();
    renderRoute(<Activity />);
    const row = (await screen.findByText('Approved a purchase', { selector: 'td span' })).closest('tr')!;
    expect(row).toHaveTextContent('25/11/2026');
    expect(row).toHaveTextContent('02:17:05 pm IST');
    expect(row).toHaveTextContent('Asha Admin');
    expect(row).toHaveTextContent('asha@demo.test');
    expect(row).toHaveTextContent('Purchase PUR-0042');
    // The buyer by name and email, never the purchase's internal id.
    expect(row).toHaveTextContent('Ravi Kumar · ravi@demo.test');
    expect(row).not.toHaveTextContent('7f1c2d3e');
    expect(row.innerHTML).not.toContain('7f1c2d3e');
    expect(row).toHaveTextContent('203.0.113.9');
    expect(screen.queryByRole('table', { name: 'Changes: Approved a purchase' })).toBeNull();

    await user.click(within(row).getByRole('button', { name: 'Show changes' }));
    const diff = screen.getByRole('table', { name: 'Changes: Approved a purchase' });
    expect(within(diff).getByRole('row', { name: /^Status/ })).toHaveTextContent('PENDING');
    expect(within(diff).getByRole('row', { name: /^Status/ })).toHaveTextContent('APPROVED');
    // Field names in words, not the record's raw keys.
    expect(within(diff).getByRole('row', { name: /^Verified/ })).toBeInTheDocument();
    expect(within(diff).queryByText('isApproved')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Hide changes' }));
    expect(screen.queryByRole('table', { name: 'Changes: Approved a purchase' })).toBeNull();
  });

  it('filters by action, by the person clicked and by dates, and refuses a start after the end', async () => {
    const user = userEvent.setup();
    renderRoute(<Activity />);
    await screen.findByText('Approved a purchase', { selector: 'td span' });
    expect(auditList).toHaveBeenLastCalledWith({ page: 1, limit: 10, action: undefined, actorId: undefined, from: undefined, to: undefined });

    await user.selectOptions(screen.getByLabelText('Action'), 'Turned two-factor sign-in on');
    await waitFor(() => expect(auditList).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'admin.2fa.enable' })));

    await user.click(screen.getByRole('button', { name: 'Asha Admin' }));
    await waitFor(() => expect(auditList).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'admin.2fa.enable', actorId: 'a1' })));
    expect(screen.getByText('By Asha Admin')).toBeInTheDocument();

    await user.type(screen.getByLabelText('From date'), '2026-11-20');
    await waitFor(() => expect(auditList).toHaveBeenLastCalledWith(expect.objectContaining({ from: '2026-11-20' })));
    const calls = auditList.mock.calls.length;
    await user.type(screen.getByLabelText('To date'), '2026-11-01');
    expect(await screen.findByText('The start date is after the end date.')).toBeInTheDocument();
    expect(auditList.mock.calls.length).toBe(calls);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(auditList).toHaveBeenLastCalledWith({ page: 1, limit: 10, action: undefined, actorId: undefined, from: undefined, to: undefined }));
  });

  it('shows a failed load with Retry, not an empty list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    auditList.mockRejectedValue({ isAxiosError: true, response: { status: 503, data: { status: false, message: 'Service unavailable.', data: null } } });
    renderRoute(<Activity />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText(/No activity yet/)).toBeNull();
  });
});

describe('Activity (super admin)', () => {
  it('shows each record’s company by name and says a suspension as such', async () => {
    renderRoute(<SuperActivity />);
    const row = (await screen.findByText('Suspended a company', { selector: 'td span' })).closest('tr')!;
    expect(row).toHaveTextContent('Beta Ltd');
    const other = (await screen.findByText('Updated a company', { selector: 'td span' })).closest('tr')!;
    expect(other).toHaveTextContent('Zeta Co');
  });

  it('filters by a company found by search, the matches A–Z', async () => {
    const user = userEvent.setup();
    renderRoute(<SuperActivity />);
    const select = await screen.findByLabelText('Company');
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All companies', 'Alpha', 'Beta Ltd']));
    expect(screen.getByText('The first 100 matches, A–Z: type to narrow.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Find a company'), 'zet');
    await waitFor(() => expect(companyList).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'zet' })));
    await waitFor(() => expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All companies', 'Zeta Co']));
    await user.selectOptions(select, 'Zeta Co');
    await waitFor(() => expect(superAuditList).toHaveBeenLastCalledWith(expect.objectContaining({ companyId: 'c9' })));
  });
});

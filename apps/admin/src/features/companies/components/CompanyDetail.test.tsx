import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { companyFixture, httpError } from '../fixture';
import { REASON_REQUIRED as SUSPEND_REASON_REQUIRED } from './SuspendDialog';

const companyGet = vi.fn();
const companyUpdate = vi.fn();
vi.mock('../../../api', () => ({
  superApi: { companyGet: (id: string) => companyGet(id), companyUpdate: (b: unknown) => companyUpdate(b) },
}));

import CompanyDetailPage from '../../../routes/CompanyDetail';

function renderPage(id = 'c1') {
  const router = createMemoryRouter(
    [
      { path: '/superadmin/company/:id', element: <CompanyDetailPage /> },
      { path: '/superadmin/companymanage', element: <h1>Company Manage</h1> },
    ],
    { initialEntries: [`/superadmin/company/${id}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return router;
}

const answer = (over = {}) => ({ message: 'Company fetched successfully', data: companyFixture(over) });

beforeEach(() => {
  companyGet.mockReset();
  companyUpdate.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('Company page', () => {
  it('shows placeholders while loading, then the details, site, domains, status, two-factor rule and figures', async () => {
    let resolve!: (v: unknown) => void;
    companyGet.mockReturnValue(new Promise((r) => (resolve = r)));
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading company...');
    expect(companyGet).toHaveBeenCalledWith('c1');
    resolve(answer({ require2fa: true, domains: ['buy.acme.test', 'acme.example.com'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Sales' })).toBeInTheDocument();
    expect(screen.getByText('owner@acme.test')).toBeInTheDocument();
    expect(screen.getByText('XXXX XXXX 1234')).toBeInTheDocument();
    expect(screen.getByText('ABCDE1234F')).toBeInTheDocument();
    expect(screen.getByText('411001')).toBeInTheDocument();
    expect(screen.getByText('Acme Coin (ACM)')).toBeInTheDocument();
    const site = screen.getByRole('link', { name: /https:\/\/buy\.acme\.test/ });
    expect(site).toHaveAttribute('href', 'https://buy.acme.test');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('acme.example.com')).toBeInTheDocument();
    expect(screen.getAllByText('ACTIVE')[0]).toHaveClass('text-bg-success');
    expect(screen.getByText('Two-factor required for admins').nextSibling).toHaveTextContent('Yes');
    expect(screen.getByTestId('figure-Buyers')).toHaveTextContent('1,234');
    expect(screen.getByTestId('figure-Approved')).toHaveTextContent('₹2,50,000.00');
    expect(screen.getByTestId('figure-Tokens sold')).toHaveTextContent('5,000 ACM');
    expect(screen.getByRole('link', { name: '← Back to Company Manage' })).toHaveAttribute('href', '/superadmin/companymanage');
  });

  it('says when the company has no domain and no site address', async () => {
    companyGet.mockResolvedValue(answer({ domains: [], siteUrl: null }));
    renderPage();
    expect(await screen.findByText('No domain yet')).toBeInTheDocument();
    expect(screen.getByText('None yet: add a domain.')).toBeInTheDocument();
  });

  it('shows a failed load with Retry, which loads again', async () => {
    const user = userEvent.setup();
    companyGet.mockRejectedValue(httpError(500, 'Something went wrong.'));
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 15000 });
    expect(retry.closest('[role="alert"]')).toHaveTextContent('Something went wrong.');
    const calls = companyGet.mock.calls.length;
    companyGet.mockResolvedValue(answer());
    await user.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Sales' })).toBeInTheDocument();
    expect(companyGet).toHaveBeenCalledTimes(calls + 1);
  });

  it('says "Company not found." for an unknown id, once, without retrying', async () => {
    companyGet.mockRejectedValue(httpError(404, 'Company not found.'));
    renderPage('nope');
    expect(await screen.findByRole('heading', { name: 'Company not found.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to Company Manage' })).toBeInTheDocument();
    expect(companyGet).toHaveBeenCalledTimes(1);
  });

  it('suspends with a required reason, saying how many pending payments and open orders it affects', async () => {
    const user = userEvent.setup();
    companyGet.mockResolvedValueOnce(answer());
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Suspend Acme Sales? Its buyers can still sign in and see their records, but cannot buy or pay');
    expect(within(dialog).getByTestId('suspend-affected')).toHaveTextContent('This affects 3 pending payments and 1 open order');
    // What happens to them, truly: open orders are not kept open, they expire.
    expect(within(dialog).getByTestId('suspend-affected')).toHaveTextContent('the open orders cannot be paid and expire as usual');
    // No reason: nothing is sent, the field says why.
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(companyUpdate).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(SUSPEND_REASON_REQUIRED);
    const field = within(dialog).getByLabelText(/Reason/);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAttribute('maxlength', '300');
    // A line break becomes a space: the reason is one line.
    await user.type(field, '  Unpaid platform fees{Enter}since March  ');
    expect(within(dialog).getByText('36/300')).toBeInTheDocument();
    companyUpdate.mockResolvedValue({ message: 'Company updated successfully', data: companyFixture({ status: 'SUSPENDED' }) });
    companyGet.mockResolvedValue(answer({ status: 'SUSPENDED', suspensionReason: 'Unpaid platform fees since March' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(companyUpdate).toHaveBeenCalledWith({ id: 'c1', status: 'SUSPENDED', reason: 'Unpaid platform fees since March' });
    expect(await screen.findByText('Company updated successfully')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Suspension reason').nextSibling).toHaveTextContent('Unpaid platform fees since March');
    expect(companyGet).toHaveBeenCalledTimes(2);
  });

  it("keeps the server's 422 about the reason in the dialog", async () => {
    const user = userEvent.setup();
    companyGet.mockResolvedValue(answer());
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog');
    companyUpdate.mockRejectedValue(httpError(422, ['Reason must not contain control characters.']));
    await user.type(within(dialog).getByLabelText(/Reason/), 'Fees');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Reason must not contain control characters.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('reactivates a suspended company; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    companyGet.mockResolvedValue(answer({ status: 'SUSPENDED' }));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reactivate' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Reactivate Acme Sales? Its buyer site will sell again and its admins can sign in.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(companyUpdate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reactivate' }));
    dialog = await screen.findByRole('dialog');
    companyUpdate.mockResolvedValue({ message: 'Company updated successfully', data: companyFixture() });
    await user.click(within(dialog).getByRole('button', { name: 'Reactivate' }));
    expect(companyUpdate).toHaveBeenCalledWith({ id: 'c1', status: 'ACTIVE' });
  });
});

describe('Edit company', () => {
  async function openEdit() {
    const user = userEvent.setup();
    companyGet.mockResolvedValue(answer());
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit company' }));
    return { user, dialog: await screen.findByRole('dialog') };
  }

  it('sends the id and only what changed, toasts, closes and refreshes the page', async () => {
    const { user, dialog } = await openEdit();
    await user.clear(within(dialog).getByLabelText('Mobile'));
    await user.type(within(dialog).getByLabelText('Mobile'), '9000000001');
    await user.type(within(dialog).getByLabelText('Domains'), 'Sale.Acme.TEST');
    await user.click(within(dialog).getByRole('button', { name: 'Include' }));
    await user.click(within(dialog).getByLabelText('Require two-factor for admins'));
    companyUpdate.mockResolvedValue({ message: 'Company updated successfully', data: companyFixture() });
    companyGet.mockResolvedValue(answer({ mobile: '9000000001' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(companyUpdate).toHaveBeenCalledWith({
      id: 'c1',
      mobile: '9000000001',
      domains: ['buy.acme.test', 'sale.acme.test'],
      require2fa: true,
    });
    expect(await screen.findByText('Company updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('9000000001')).toBeInTheDocument();
  });

  it('sends nothing when nothing changed, and checks the fields first', async () => {
    const { user, dialog } = await openEdit();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Nothing to save: no field has changed.');
    await user.clear(within(dialog).getByLabelText('PIN'));
    await user.type(within(dialog).getByLabelText('PIN'), '12');
    await user.clear(within(dialog).getByLabelText('Company Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('PIN must be 6 digits.')).toBeInTheDocument();
    expect(within(dialog).getByText('Company Name is required.')).toBeInTheDocument();
    expect(companyUpdate).not.toHaveBeenCalled();
  });

  it('removes a domain and sends the remaining list (empty too)', async () => {
    const { user, dialog } = await openEdit();
    await user.click(within(dialog).getByRole('button', { name: 'Remove buy.acme.test' }));
    companyUpdate.mockResolvedValue({ message: 'Company updated successfully', data: companyFixture({ domains: [] }) });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(companyUpdate).toHaveBeenCalledWith({ id: 'c1', domains: [] });
  });

  it('shows every message of a 422 in the dialog and keeps it open', async () => {
    const { user, dialog } = await openEdit();
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'new@acme.test');
    companyUpdate.mockRejectedValue(httpError(422, ['Mobile must be 7 to 15 digits.', 'localhost cannot be a domain.']));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Mobile must be 7 to 15 digits.')).toBeInTheDocument();
    expect(within(alert).getByText('localhost cannot be a domain.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the 409 of a domain another company has', async () => {
    const { user, dialog } = await openEdit();
    await user.type(within(dialog).getByLabelText('Domains'), 'taken.example.com{Enter}');
    companyUpdate.mockRejectedValue(httpError(409, 'The domain taken.example.com is already used by another company.'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The domain taken.example.com is already used by another company.');
  });
});

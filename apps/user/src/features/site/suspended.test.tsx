import type { AxiosAdapter } from 'axios';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useErrorToast } from '@prelaunch/ui';
import { api, client } from '../../api';
import Login from '../../routes/Login';
import { BuyTokenForm } from '../purchase';
import { SaleSuspendedAlert } from './components/SaleSuspendedAlert';
import { clearSuspended } from './suspended';

const MSG = 'This sale is temporarily unavailable.';
let suspendedSite = false;
let siteHangs = false;
const siteCalls = vi.fn();

vi.stubGlobal('fetch', async () => {
  siteCalls();
  if (siteHangs) return new Promise(() => {});
  return {
    ok: true,
    status: 200,
    json: async () => ({
      status: true,
      message: 'ok',
      data: { companyId: 'c1', companyName: 'Acme', suspended: suspendedSite, suspensionReason: suspendedSite ? 'Fees unpaid since March' : '', token: { name: 'Acme Coin', symbol: 'ACM', icon_url: '/a.png' } },
    }),
  };
});

/** Every buyer call answers as a suspended company's site does. */
const answering423: AxiosAdapter = async (config) => {
  const data = { status: false, message: MSG, data: null };
  throw Object.assign(new Error('Request failed with status code 423'), {
    isAxiosError: true,
    config,
    response: { status: 423, statusText: 'Locked', headers: {}, config, data },
  });
};

function Priced() {
  const q = useQuery({ queryKey: ['price'], queryFn: () => api.priceGet(), retry: false });
  useErrorToast(q.error, 'Failed to fetch token price');
  return null;
}

function Profile() {
  const q = useQuery({ queryKey: ['profile'], queryFn: () => api.profileGet(), retry: false });
  useErrorToast(q.error, 'Failed to fetch profile');
  return null;
}

function renderAt(element: React.ReactNode, path = '/') {
  const router = createMemoryRouter([{ path, element }, { path: '/user/payment', element: <h1>Payment</h1> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

const original = client.defaults.adapter;
beforeEach(() => {
  suspendedSite = false;
  siteHangs = false;
  siteCalls.mockReset();
  clearSuspended();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  client.defaults.adapter = original;
});

describe('a suspended sale', () => {
  it('the login page shows the notice from site/get and stays usable', async () => {
    suspendedSite = true;
    renderAt(<Login />);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG);
    expect(screen.getByText('ACM · Sale paused')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it("the notice gives the super admin's reason and says the buyer's records still open", async () => {
    suspendedSite = true;
    renderAt(<SaleSuspendedAlert />);
    expect(await screen.findByTestId('suspension-reason')).toHaveTextContent('Reason: Fees unpaid since March');
    expect(screen.getByRole('alert')).toHaveTextContent('You can still sign in and see your balance, payment history, receipts and stock.');
  });

  it('shows no notice while the sale is on', async () => {
    renderAt(<Login />);
    await waitFor(() => expect(siteCalls).toHaveBeenCalled());
    expect(await screen.findByTestId('token-name')).toHaveTextContent('Acme Coin');
    expect(screen.queryByText(MSG)).not.toBeInTheDocument();
  });

  it('disables BUY NOW', async () => {
    const user = userEvent.setup();
    suspendedSite = true;
    renderAt(<BuyTokenForm name="Acme Coin" symbol="ACM" unitPrice={10} fee={2} supply={1000} />);
    await user.type(screen.getByLabelText('Amount (INR)'), '100');
    await waitFor(() => expect(screen.getByRole('button', { name: 'BUY NOW' })).toBeDisabled());
  });

  it('a 423 from any call shows the notice, and one toast however many calls fail', async () => {
    // site/get has not answered: the notice comes from the 423s alone.
    siteHangs = true;
    client.defaults.adapter = answering423;
    renderAt(
      <>
        <SaleSuspendedAlert />
        <Priced />
        <Profile />
      </>,
    );
    await waitFor(() => expect(screen.getAllByText(MSG).length).toBeGreaterThanOrEqual(2));
    await new Promise((r) => setTimeout(r, 50));
    // The page's notice and a single toast: never one toast per failed call.
    expect(screen.getAllByText(MSG)).toHaveLength(2);
    expect(screen.getAllByRole('alert').filter((el) => el.classList.contains('alert-danger'))).toHaveLength(1);
  });

  it('forgets a 423 once site/get says the company is active again', async () => {
    client.defaults.adapter = answering423;
    suspendedSite = false;
    renderAt(
      <>
        <SaleSuspendedAlert />
        <Priced />
      </>,
    );
    // The 423 flags the sale; site/get is asked again and says it is not suspended.
    await waitFor(() => expect(siteCalls.mock.calls.length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(document.querySelector('.alert-danger')).toBeNull());
  });
});

import { userSession } from '@prelaunch/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const accountClose = vi.fn();
vi.mock('../../../api', () => ({ api: { accountClose: (b: unknown) => accountClose(b) } }));

import { CLOSE_MSG, CloseAccount } from './CloseAccount';

function failure(status: number, message: string, field?: string) {
  return {
    isAxiosError: true,
    response: { status, data: { status: false, message: [message], data: null, errors: field ? [{ field, message }] : [] } },
  };
}

function renderProfile() {
  const router = createMemoryRouter(
    [
      { path: '/user/profile', element: <CloseAccount /> },
      { path: '/', element: <h1>Sign in</h1> },
    ],
    { initialEntries: ['/user/profile'] },
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>,
  );
  return router;
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Close my account' }));
  return screen.findByRole('dialog', { name: 'Close your account?' });
}

beforeEach(() => {
  accountClose.mockReset();
  userSession.start('tok-1');
});

describe('CloseAccount', () => {
  it('explains what goes at once and what is kept 5 years before anything is sent', async () => {
    const user = userEvent.setup();
    renderProfile();
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('heading', { name: 'Removed at once' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Your name, email, mobile number, password, date of birth/)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Kept for 5 years, then deleted' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Your purchases and their payments, your KYC record/)).toBeInTheDocument();
    expect(within(dialog).getByText(/cannot be undone/)).toBeInTheDocument();
    // No password: asked for beside the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await within(dialog).findByText(CLOSE_MSG.password)).toBeInTheDocument();
    expect(accountClose).not.toHaveBeenCalled();
    // Cancel: the dialog goes, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(accountClose).not.toHaveBeenCalled();
  });

  it('shows a wrong password beside the field and an open order in the dialog; the session stays', async () => {
    const user = userEvent.setup();
    renderProfile();
    const dialog = await openDialog(user);
    accountClose.mockRejectedValueOnce(failure(422, 'Current password is incorrect.', 'password'));
    await user.type(within(dialog).getByLabelText('Current password'), 'Wrong-1');
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await within(dialog).findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(accountClose).toHaveBeenLastCalledWith({ password: 'Wrong-1' });

    const open = 'You have an order that is not finished: a payment waiting for review or an order waiting for payment.';
    accountClose.mockRejectedValueOnce(failure(409, open));
    await user.clear(within(dialog).getByLabelText('Current password'));
    await user.type(within(dialog).getByLabelText('Current password'), 'Passw0rd!');
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await within(dialog).findByTestId('close-account-error')).toHaveTextContent(open);
    expect(userSession.token()).toBe('tok-1');
  });

  it('closes with the password, ends the session and goes to the sign-in page', async () => {
    const user = userEvent.setup();
    const router = renderProfile();
    accountClose.mockResolvedValue({ status: true, message: 'Your account is closed.', data: null });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Current password'), 'Passw0rd!');
    await user.click(within(dialog).getByRole('button', { name: 'Close my account' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(accountClose).toHaveBeenCalledWith({ password: 'Passw0rd!' });
    expect(userSession.token()).toBeNull();
    expect(await screen.findByText('Your account is closed.')).toBeInTheDocument();
  });
});

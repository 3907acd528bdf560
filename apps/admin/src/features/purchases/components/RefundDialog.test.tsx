import type { AdminPurchase } from '@prelaunch/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as rtlRender, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';

const userBankAccount = vi.fn();
vi.mock('../../../api', () => ({ api: { userBankAccount: (id: string) => userBankAccount(id) }, superApi: {} }));

import { RefundDialog, validateRefundReference } from './RefundDialog';

/** The dialog reads the buyer's bank account through TanStack Query. */
function render(ui: ReactElement) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return rtlRender(<QueryClientProvider client={qc}>{ui}</QueryClientProvider>);
}
userBankAccount.mockResolvedValue({ message: 'ok', data: null });

const rejected = {
  id: 'p1',
  orderNumber: 'PUR-000000000042',
  user: { id: 'u1', referralCode: 'PL-1', name: 'Asha Rao', mobile: '9876543210', email: 'a@x.test', isApproved: true, kycStatus: 'APPROVED' },
  finalAmount: 1025.1,
  status: 'REJECTED',
  referenceNumber: 'UTR42',
  rejectReason: 'Paid twice.',
} as unknown as AdminPurchase;

describe('RefundDialog', () => {
  it('requires the refund reference, then confirms with it trimmed', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<RefundDialog purchase={rejected} pending={false} onClose={() => {}} onConfirm={onConfirm} />);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Paid twice.')).toBeInTheDocument();
    expect(dialog.getByText('₹1,025.10')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm refund' }));
    expect(dialog.getByText('Please enter the refund reference.')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(dialog.getByLabelText('Refund reference'), '  RFD-778  ');
    await user.click(dialog.getByRole('button', { name: 'Confirm refund' }));
    expect(onConfirm).toHaveBeenCalledWith(rejected, 'RFD-778');
  });

  it("shows where the refund goes: the buyer's verified account, only its last 4 digits", async () => {
    userBankAccount.mockResolvedValueOnce({
      message: 'Bank account fetched successfully',
      data: {
        bankName: 'HDFC Bank',
        ifsc: 'HDFC0001234',
        accountLast4: '8901',
        accountMasked: '••••8901',
        holderName: 'RAMESH KUMAR VERMA',
        comparedName: 'Asha Rao',
        nameScore: 20,
        nameMatches: false,
        verifiedAt: '2026-11-24T09:05:00Z',
      },
    });
    render(<RefundDialog purchase={rejected} pending={false} onClose={() => {}} onConfirm={() => {}} />);
    const account = await screen.findByTestId('refund-account');
    expect(userBankAccount).toHaveBeenCalledWith('u1');
    expect(account).toHaveTextContent('HDFC Bank · HDFC0001234 · ••••8901');
    expect(account).toHaveTextContent('Holder: RAMESH KUMAR VERMA');
    expect(account).toHaveTextContent("Name differs from the buyer's (Asha Rao)");
  });

  it('says when the buyer has no verified account', async () => {
    render(<RefundDialog purchase={rejected} pending={false} onClose={() => {}} onConfirm={() => {}} />);
    expect(await screen.findByText('No verified bank account: ask the buyer to add one under Verification.')).toBeInTheDocument();
  });

  it('checks length and blanks', () => {
    expect(validateRefundReference('   ')).toBe('Please enter the refund reference.');
    expect(validateRefundReference('x'.repeat(100))).toBeNull();
    expect(validateRefundReference('x'.repeat(101))).toBe('The refund reference must be at most 100 characters.');
  });

  it('cannot be closed or confirmed again while saving', async () => {
    render(<RefundDialog purchase={rejected} pending onClose={() => {}} onConfirm={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByRole('button').filter((b) => !(b as HTMLButtonElement).disabled)).toHaveLength(0);
  });
});

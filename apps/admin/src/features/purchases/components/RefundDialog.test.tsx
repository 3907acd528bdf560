import type { AdminPurchase } from '@prelaunch/api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RefundDialog, validateRefundReference } from './RefundDialog';

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

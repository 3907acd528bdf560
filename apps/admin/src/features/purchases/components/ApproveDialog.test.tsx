import type { AdminPurchase } from '@prelaunch/api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PurchaseReviewDialog } from './ApproveDialog';

/** ₹1,005 typed at ₹10: 100 tokens charged ₹1,000, 2.5% fee, ₹1,025 due. */
function purchase(extra: Partial<AdminPurchase> = {}): AdminPurchase {
  return {
    id: '7b0f3c2e-1111-4222-8333-444455556666',
    orderNumber: 'PUR-000111222333',
    transactionId: 'TXN0000111122223333',
    user: { id: 'u1', referralCode: 'PL-0001234', name: 'Asha Rao', mobile: '9876543210', email: 'asha@x.test', isApproved: false, kycStatus: 'NONE' },
    paymentMethod: 'UPI',
    price: 10,
    totalQuantity: 100,
    amount: 1000,
    enteredAmount: 1005,
    paidAmount: 1016,
    fee: 25.1,
    finalAmount: 1025.1,
    status: 'PENDING',
    referenceNumber: 'UTR123456789',
    bankName: '',
    receipt: { id: 'r1', url: 'https://media.test/r1.png' },
    submittedAt: '2026-11-23T10:00:00Z',
    decidedAt: null,
    createdAt: '2026-11-23T09:58:00Z',
    ...extra,
  } as AdminPurchase;
}

function fact(dialog: HTMLElement, label: string): string | null {
  const term = within(dialog).queryByText(label, { selector: 'dt' });
  return term?.nextElementSibling?.textContent ?? null;
}

describe('Purchase review dialogs', () => {
  it('approve: names the buyer, order, method, the amount due (fee included) beside what the buyer says they paid, the difference in red, and what the tokens cost', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const p = purchase();
    render(<PurchaseReviewDialog purchase={p} mode="approve" pending={false} onClose={onClose} onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: /Approve Purchase/ })).toBeInTheDocument();
    expect(fact(dialog, 'Buyer')).toBe('Asha Rao');
    expect(fact(dialog, 'Member ID')).toBe('PL-0001234');
    expect(fact(dialog, 'Order No.')).toBe('PUR-000111222333');
    expect(fact(dialog, 'Method')).toBe('UPI');
    expect(fact(dialog, 'Due (incl. fee)')).toBe('₹1,025.10');
    expect(fact(dialog, 'Buyer says paid')).toBe('₹1,016.00');
    expect(fact(dialog, 'Difference')).toBe('₹9.10 short');
    expect(within(dialog).getByTestId('review-difference')).toHaveClass('text-danger');
    expect(fact(dialog, 'Tokens')).toBe('100 × ₹10.00 + fee ₹25.10');
    expect(fact(dialog, 'Amount entered')).toBeNull();
    expect(within(dialog).getByTestId('approve-ref')).toHaveTextContent('UTR123456789');
    expect(within(dialog).getByRole('img', { name: 'Payment receipt' })).toHaveAttribute('src', 'https://media.test/r1.png');
    expect(within(dialog).getByRole('link', { name: 'View Receipt' })).toHaveAttribute('href', 'https://media.test/r1.png');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith(p, '');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('reject: asks the question and shows the same facts; a manual confirmation states no amount paid, and no difference', async () => {
    render(
      <PurchaseReviewDialog
        purchase={purchase({ enteredAmount: 1000, paidAmount: null, receipt: null, paymentMethod: 'MANUAL', referenceNumber: null })}
        mode="reject"
        pending={false}
        onClose={() => {}}
        onConfirm={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to Reject?')).toBeInTheDocument();
    expect(fact(dialog, 'Due (incl. fee)')).toBe('₹1,025.10');
    expect(fact(dialog, 'Buyer says paid')).toBe('Not stated');
    expect(fact(dialog, 'Difference')).toBeNull();
    expect(fact(dialog, 'Method')).toBe('MANUAL');
    expect(within(dialog).getByTestId('reject-ref')).toHaveTextContent('--');
    expect(within(dialog).getByText('No receipt uploaded.')).toBeInTheDocument();
  });

  it('shows no difference when the buyer paid exactly the amount due', async () => {
    render(<PurchaseReviewDialog purchase={purchase({ paidAmount: 1025.1 })} mode="approve" pending={false} onClose={() => {}} onConfirm={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(fact(dialog, 'Buyer says paid')).toBe('₹1,025.10');
    expect(fact(dialog, 'Difference')).toBeNull();
  });

  it("shows the buyer's verification and KYC status", async () => {
    const { rerender } = render(<PurchaseReviewDialog purchase={purchase()} mode="approve" pending={false} onClose={() => {}} onConfirm={() => {}} />);
    let dialog = await screen.findByRole('dialog');
    expect(fact(dialog, 'Verification')).toBe('Not verifiedKYCNot submitted');
    const verified = purchase({ user: { ...purchase().user, isApproved: true, kycStatus: 'APPROVED' } as AdminPurchase['user'] });
    rerender(<PurchaseReviewDialog purchase={verified} mode="approve" pending={false} onClose={() => {}} onConfirm={() => {}} />);
    dialog = await screen.findByRole('dialog');
    expect(fact(dialog, 'Verification')).toBe('Verification CompletedKYCVerified');
  });

  it('reject: sends the reason typed (one line, trimmed), and a new purchase starts empty', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const p = purchase();
    const { rerender } = render(<PurchaseReviewDialog purchase={p} mode="reject" pending={false} onClose={() => {}} onConfirm={onConfirm} />);
    const box = await screen.findByLabelText(/Reason/);
    expect(box).toHaveAttribute('maxLength', '500');
    await user.type(box, '  No payment with{Enter}this UTR  ');
    expect(box).toHaveValue('  No payment with this UTR  ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledWith(p, 'No payment with this UTR');
    rerender(<PurchaseReviewDialog purchase={purchase({ id: 'other' })} mode="reject" pending={false} onClose={() => {}} onConfirm={onConfirm} />);
    expect(screen.getByLabelText(/Reason/)).toHaveValue('');
  });

  it('disables Confirm and Cancel while the decision is in flight', async () => {
    render(<PurchaseReviewDialog purchase={purchase()} mode="approve" pending onClose={() => {}} onConfirm={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).getAllByRole('button').filter((b) => !(b as HTMLButtonElement).disabled)).toHaveLength(0);
  });
});

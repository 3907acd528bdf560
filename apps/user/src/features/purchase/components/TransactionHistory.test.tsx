import type { BuyerTransaction } from '@prelaunch/api';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { DecisionNote, methodLabel, ReceiptModal, transactionColumns } from './TransactionHistory';

const row = {
  id: '0123456789abcdef-1',
  orderNumber: 'PUR-000007',
  createdAt: '2026-11-21T10:30:00Z',
  paymentMethod: 'UPI',
  referenceNumber: 'UTR77',
  transactionId: null,
  amount: 1000,
  finalAmount: 1025.1,
  status: 'PENDING',
  receipt: null,
} as unknown as BuyerTransaction;

describe('history and receipt money format', () => {
  it('the receipt modal shows the amount as ₹1,025.10', () => {
    render(<ReceiptModal viewing={{ row, serial: 3 }} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByTestId('receipt-amount')).toHaveTextContent(/^₹1,025\.10$/);
    expect(dialog.getByText('PUR-000007')).toBeInTheDocument();
    expect(dialog.getByText('UPI')).toBeInTheDocument();
  });

  it('names the methods as the payment tabs do: UPI, Bank, Manual', () => {
    expect(methodLabel('UPI')).toBe('UPI');
    expect(methodLabel('BANK')).toBe('Bank');
    expect(methodLabel('MANUAL')).toBe('Manual');
    expect(methodLabel(null)).toBeNull();
  });

  it('the history amount column shows ₹ with grouping and 2 decimals on one line', () => {
    const amount = transactionColumns(1, 10, vi.fn()).find((c) => c.key === 'amount')!;
    expect(amount.render!(row, 0)).toBe('₹1,025.10');
    expect(amount.render!({ ...row, finalAmount: null, amount: 250000 } as unknown as BuyerTransaction, 0)).toBe('₹2,50,000.00');
    expect(amount.className).toContain('text-nowrap');
  });

  it('the receipt modal shows a rejection reason, a refund reference, and Download receipt when approved', async () => {
    const rejected = { ...row, status: 'REJECTED', rejectReason: 'Amount does not match.', refundReference: null, refundedAt: null } as unknown as BuyerTransaction;
    const receipts = { download: vi.fn(), pendingId: null };
    const { rerender } = render(<ReceiptModal viewing={{ row: rejected, serial: 1 }} onClose={vi.fn()} receipts={receipts} />);
    expect(screen.getByTestId('receipt-reason')).toHaveTextContent('Amount does not match.');
    expect(screen.queryByRole('button', { name: 'Download receipt' })).toBeNull();

    const refunded = { ...rejected, status: 'REFUNDED', rejectReason: null, refundReference: 'RFD-9' } as unknown as BuyerTransaction;
    rerender(<ReceiptModal viewing={{ row: refunded, serial: 1 }} onClose={vi.fn()} receipts={receipts} />);
    expect(screen.getByTestId('receipt-reason')).toHaveTextContent('No reason given.');
    expect(screen.getByTestId('receipt-refund')).toHaveTextContent('RFD-9');

    const approved = { ...row, status: 'APPROVED' } as unknown as BuyerTransaction;
    rerender(<ReceiptModal viewing={{ row: approved, serial: 1 }} onClose={vi.fn()} receipts={receipts} />);
    expect(screen.queryByTestId('receipt-reason')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download receipt' }));
    expect(receipts.download).toHaveBeenCalledWith(approved);
  });

  it('a reason shows only on a rejected or refunded purchase', () => {
    const { container } = render(<DecisionNote row={{ ...row, status: 'APPROVED', rejectReason: 'stale' } as unknown as BuyerTransaction} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('invoice download in the history', () => {
  it('shows Invoice only on a row that has one and downloads it', async () => {
    const download = vi.fn();
    const actions = transactionColumns(1, 10, vi.fn(), undefined, { pendingId: null, download }).find((c) => c.key === 'actions')!;
    const withInvoice = { ...row, status: 'APPROVED', invoice: 'INV/2026-27/000001' } as unknown as BuyerTransaction;
    const { unmount } = render(<>{actions.render!(withInvoice, 0)}</>);
    await userEvent.click(screen.getByRole('button', { name: 'Download invoice INV/2026-27/000001' }));
    expect(download).toHaveBeenCalledWith(withInvoice);
    unmount();
    render(<>{actions.render!({ ...row, status: 'APPROVED' } as unknown as BuyerTransaction, 0)}</>);
    expect(screen.queryByRole('button', { name: /Download invoice/ })).toBeNull();
  });
});

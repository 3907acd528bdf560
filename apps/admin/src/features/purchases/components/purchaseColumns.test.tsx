import type { AdminPurchase } from '@prelaunch/api';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyPurchaseColumns, DecisionNote, historyColumns, purchaseColumns } from './purchaseColumns';

const p = (extra: object) => ({ id: 'p', orderNumber: 'PUR-1', status: 'APPROVED', rejectReason: null, refundReference: null, ...extra }) as unknown as AdminPurchase;

describe('Reason / Refund in the purchase lists', () => {
  it('shows the reason of a rejected or refunded purchase and the refund reference', () => {
    render(<DecisionNote purchase={p({ status: 'REFUNDED', rejectReason: 'Paid twice.', refundReference: 'RFD-1' })} />);
    expect(screen.getByTestId('purchase-reason')).toHaveTextContent('Reason: Paid twice.');
    expect(screen.getByTestId('purchase-refund')).toHaveTextContent('Refund: RFD-1');
  });

  it('shows them under the status, not in a column of their own (every column in view at 1280 px)', () => {
    for (const cols of [historyColumns(1, 10), companyPurchaseColumns(1, 10)] as ReturnType<typeof historyColumns>[]) {
      expect(cols.map((c) => c.key)).not.toContain('decision');
      expect(cols.map((c) => c.key)).not.toContain('txn');
      const status = cols.find((c) => c.key === 'status')!;
      const { unmount } = render(<>{status.render!(p({ status: 'REJECTED', rejectReason: 'No payment.' }), 0)}</>);
      expect(screen.getByText('REJECTED')).toBeInTheDocument();
      expect(screen.getByTestId('purchase-reason')).toHaveTextContent('Reason: No payment.');
      unmount();
      // A stale reason on an approved purchase is not shown.
      const again = render(<>{status.render!(p({ rejectReason: 'old' }), 0)}</>);
      expect(screen.queryByTestId('purchase-reason')).toBeNull();
      again.unmount();
    }
  });
});

describe('Due / Paid in the purchase lists', () => {
  const cell = (row: AdminPurchase) => {
    const col = purchaseColumns(1, 10).find((c) => c.key === 'finalAmount')!;
    render(<>{col.render!(row, 0)}</>);
  };

  it('shows the amount due and, under it, what the buyer says they paid with the difference in red', () => {
    expect(purchaseColumns(1, 10).find((c) => c.key === 'finalAmount')?.header).toBe('Due / Paid');
    cell(p({ finalAmount: 510, paidAmount: 500 }));
    expect(screen.getByText('₹510.00')).toBeInTheDocument();
    expect(screen.getByTestId('list-paid')).toHaveTextContent('Paid ₹500.00 (₹10.00 short)');
    expect(screen.getByTestId('list-paid')).toHaveClass('text-danger');
  });

  it('is quiet when the two agree, and names nothing without a stated amount', () => {
    cell(p({ finalAmount: 510, paidAmount: 510 }));
    expect(screen.getByTestId('list-paid')).toHaveTextContent('Paid ₹510.00');
    expect(screen.getByTestId('list-paid')).not.toHaveClass('text-danger');
  });
});

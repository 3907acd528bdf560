import type { AdminPurchase } from '@prelaunch/api';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DecisionNote, historyColumns, purchaseColumns, withDecisionNotes } from './purchaseColumns';

const p = (extra: object) => ({ id: 'p', orderNumber: 'PUR-1', status: 'APPROVED', rejectReason: null, refundReference: null, ...extra }) as unknown as AdminPurchase;

describe('Reason / Refund in the purchase lists', () => {
  it('shows the reason of a rejected or refunded purchase and the refund reference', () => {
    render(<DecisionNote purchase={p({ status: 'REFUNDED', rejectReason: 'Paid twice.', refundReference: 'RFD-1' })} />);
    expect(screen.getByTestId('purchase-reason')).toHaveTextContent('Reason: Paid twice.');
    expect(screen.getByTestId('purchase-refund')).toHaveTextContent('Refund: RFD-1');
  });

  it('keeps the column only when a row on the page has something to show', () => {
    const cols = historyColumns(1, 10);
    expect(cols.map((c) => c.key)).toContain('decision');
    expect(withDecisionNotes(cols, [p({})]).map((c) => c.key)).not.toContain('decision');
    // A stale reason on an approved purchase is not shown.
    expect(withDecisionNotes(cols, [p({ rejectReason: 'old' })]).map((c) => c.key)).not.toContain('decision');
    expect(withDecisionNotes(cols, [p({}), p({ status: 'REJECTED', rejectReason: 'No payment.' })]).map((c) => c.key)).toContain('decision');
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

import type { AdminPurchase } from '@prelaunch/api';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DecisionNote, historyColumns, withDecisionNotes } from './purchaseColumns';

const p = (extra: object) => ({ id: 'p', orderNumber: 'PUR-1', status: 'APPROVED', rejectReason: null, refundReference: null, ...extra }) as unknown as AdminPurchase;

describe('Reason / Refund in the purchase lists (DESIGN §13)', () => {
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

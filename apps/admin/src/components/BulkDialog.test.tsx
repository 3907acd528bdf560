import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BulkBar, BulkDialog } from './BulkDialog';

describe('BulkDialog', () => {
  it('shows the selection’s summary and approves on confirm', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<BulkDialog show action="approve" noun="purchases" count={3} summary={<p>Total ₹3,060.00 · 300 tokens</p>} onConfirm={onConfirm} onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Approve 3 selected purchases' })).toBeInTheDocument();
    expect(screen.getByText('Are you sure you want to approve these 3 purchases?')).toBeInTheDocument();
    expect(screen.getByText('Total ₹3,060.00 · 300 tokens')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve 3 selected purchases' }));
    expect(onConfirm).toHaveBeenCalledWith('');
  });

  it('takes one reason for every rejection, required when asked', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<BulkDialog show action="reject" noun="KYC requests" count={2} reason="required" onConfirm={onConfirm} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Reject 2 selected KYC requests' }));
    expect(screen.getByText('Please enter a reason for the rejection.')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Reason/), ' PAN photo blurred. ');
    await user.click(screen.getByRole('button', { name: 'Reject 2 selected KYC requests' }));
    expect(onConfirm).toHaveBeenCalledWith('PAN photo blurred.');
  });

  it('reports what was decided and why a row was not', () => {
    render(
      <BulkDialog
        show
        action="approve"
        noun="purchases"
        count={2}
        outcomes={[
          { key: 'a', label: 'PUR-1', ok: true },
          { key: 'b', label: 'PUR-2', ok: false, message: 'This purchase has already been processed.' },
        ]}
        onConfirm={() => {}}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Approved 1 of 2.');
    expect(screen.getByText('PUR-2')).toBeInTheDocument();
    expect(screen.getByText(/already been processed/)).toBeInTheDocument();
  });
});

describe('BulkBar', () => {
  it('is hidden without a selection and offers both decisions with one', async () => {
    const user = userEvent.setup();
    const onReject = vi.fn();
    const { rerender } = render(<BulkBar count={0} onApprove={() => {}} onReject={onReject} onClear={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Approve selected' })).toBeNull();
    rerender(<BulkBar count={2} onApprove={() => {}} onReject={onReject} onClear={() => {}} />);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    expect(onReject).toHaveBeenCalled();
  });
});

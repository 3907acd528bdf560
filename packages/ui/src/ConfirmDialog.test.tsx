import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

describe('ConfirmDialog', () => {
  it("shows 'Confirmation', the red message, Confirm and a close mark", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDialog show message="Aye you sure, you want to Delete?" onConfirm={onConfirm} onClose={onClose} />);
    expect(screen.getByRole('heading', { name: 'Confirmation' })).toBeInTheDocument();
    expect(screen.getByText('Aye you sure, you want to Delete?')).toHaveClass('text-danger');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('disables Confirm while pending', () => {
    render(<ConfirmDialog show pending message="x" onConfirm={() => {}} onClose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });
});

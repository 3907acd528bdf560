import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Modal from 'react-bootstrap/Modal';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, DialogFooter } from './ConfirmDialog';

describe('ConfirmDialog', () => {
  it("shows 'Confirmation', the red question, its target, Cancel, Confirm and a close mark", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <ConfirmDialog show message="Are you sure you want to Delete?" target={<span>Asha Rao</span>} onConfirm={onConfirm} onClose={onClose} />,
    );
    expect(screen.getByRole('heading', { name: 'Confirmation' })).toBeInTheDocument();
    expect(screen.getByText('Are you sure you want to Delete?')).toHaveClass('text-danger');
    expect(screen.getByText('Asha Rao')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('disables Confirm and Cancel and hides the close mark while pending', () => {
    render(<ConfirmDialog show pending message="x" onConfirm={() => {}} onClose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('a danger confirmation has a red action', () => {
    render(<ConfirmDialog show danger message="x" onConfirm={() => {}} onClose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveClass('btn-danger');
  });
});

describe('DialogFooter', () => {
  it('submits its form without onAction, and Cancel calls onCancel', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const onCancel = vi.fn();
    render(
      <Modal show onHide={() => {}}>
        <form onSubmit={onSubmit}>
          <DialogFooter action="Add" onCancel={onCancel} />
        </form>
      </Modal>,
    );
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

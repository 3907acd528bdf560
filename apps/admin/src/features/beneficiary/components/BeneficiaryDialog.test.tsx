import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BeneficiaryDialog, EMPTY_BENEFICIARY, validateBeneficiary } from './BeneficiaryDialog';

const NOW = { holderName: 'Demo', bankName: 'HDFC', branch: 'MG Road', accountNumber: '123456789012', ifscCode: 'HDFC0000001', upi: 'demo@upi' };

describe('Beneficiary dialog', () => {
  it('requires all six fields with a clear message each', async () => {
    expect(Object.values(validateBeneficiary(EMPTY_BENEFICIARY))).toEqual([
      'Holder name is required.',
      'Bank name is required.',
      'Branch name is required.',
      'Account number is required.',
      'IFSC code is required.',
      'UPI ID is required.',
    ]);
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<BeneficiaryDialog show initial={{ ...NOW, upi: '' }} onClose={() => {}} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText('UPI ID is required.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says so when nothing changed and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<BeneficiaryDialog show initial={NOW} onClose={() => {}} onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Holder Name'), ' ');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByRole('status')).toHaveTextContent('Nothing changed: these are already the payout details.');
    expect(screen.queryByRole('button', { name: 'Confirm change' })).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for the account number twice, shows before → after and needs the password (and code) to confirm', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<BeneficiaryDialog show initial={NOW} askCode onClose={() => {}} onSubmit={onSubmit} />);
    // The second entry appears only once the account number changes, and must match.
    expect(screen.queryByLabelText('Confirm Account Number')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Account Number'));
    await user.type(screen.getByLabelText('Account Number'), '9988 7766 5544');
    await user.clear(screen.getByLabelText('UPI ID'));
    await user.type(screen.getByLabelText('UPI ID'), 'new@okaxis');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText('Please type the account number again.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm Account Number'), '998877665545');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText('Confirm account number does not match Account number.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm Account Number'));
    await user.type(screen.getByLabelText('Confirm Account Number'), '998877665544');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    // Each changed field before → after; the unchanged ones are not listed.
    const table = screen.getByRole('table', { name: 'Changes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['Account Number1234 5678 90129988 7766 5544', 'UPI IDdemo@upinew@okaxis']);
    expect(within(table).queryByText('HDFC')).not.toBeInTheDocument();

    const confirm = screen.getByRole('button', { name: 'Confirm change' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Your current password'), 'Admin@12345');
    expect(confirm).toBeDisabled(); // the two-factor code is still missing
    await user.type(screen.getByLabelText('Your two-factor code'), '123456');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(onSubmit).toHaveBeenCalledWith({
      ...NOW,
      accountNumber: '998877665544',
      confirmAccountNumber: '998877665544',
      upi: 'new@okaxis',
      currentPassword: 'Admin@12345',
      code: '123456',
    });
  });

  it('shows the server refusal in the confirmation; Back returns to the form with the values', async () => {
    const user = userEvent.setup();
    const failure = { isAxiosError: true, response: { status: 422, data: { status: false, message: 'Current password is incorrect.' } } };
    const { rerender } = render(<BeneficiaryDialog show initial={NOW} onClose={() => {}} onSubmit={() => {}} />);
    await user.clear(screen.getByLabelText('Bank Name'));
    await user.type(screen.getByLabelText('Bank Name'), 'SBI');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.queryByLabelText('Your two-factor code')).not.toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Confirm change' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Your current password'), 'x');
    expect(confirm).toBeEnabled();
    rerender(<BeneficiaryDialog show initial={NOW} failure={failure} onClose={() => {}} onSubmit={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Current password is incorrect.');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Bank Name')).toHaveValue('SBI');
  });

  it('sets the details for the first time: every field listed, before (none)', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<BeneficiaryDialog show initial={null} onClose={() => {}} onSubmit={onSubmit} />);
    const labels = ['Holder Name', 'Bank Name', 'Branch Name', 'Account Number', 'IFSC Code', 'UPI ID'];
    const values = ['Beta Ltd', 'HDFC', 'Fort', '50100012345678', 'hdfc0000060', 'beta@hdfcbank'];
    for (const [i, l] of labels.entries()) await user.type(screen.getByLabelText(l), values[i]);
    await user.type(screen.getByLabelText('Confirm Account Number'), '50100012345678');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const table = screen.getByRole('table', { name: 'Changes' });
    expect(within(table).getAllByText('(none)')).toHaveLength(6);
    expect(within(table).getByText('HDFC0000060')).toBeInTheDocument();
  });
});

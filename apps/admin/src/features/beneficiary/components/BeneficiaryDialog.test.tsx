import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BeneficiaryDialog, EMPTY_BENEFICIARY, validateBeneficiary } from './BeneficiaryDialog';

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
    render(
      <BeneficiaryDialog
        show
        initial={{ holderName: 'Demo', bankName: 'HDFC', branch: 'MG Road', accountNumber: '1234', ifscCode: 'HDFC0001', upi: '' }}
        onClose={() => {}}
        onSubmit={onSubmit}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText('UPI ID is required.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('UPI ID'), ' demo@upi ');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(onSubmit).toHaveBeenCalledWith({ holderName: 'Demo', bankName: 'HDFC', branch: 'MG Road', accountNumber: '1234', ifscCode: 'HDFC0001', upi: 'demo@upi' });
  });
});

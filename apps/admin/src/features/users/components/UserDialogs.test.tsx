import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddUserDialog, ChangeRoleDialog, UpdateUserDialog, validateUser } from './UserDialogs';

describe('Add New User dialog', () => {
  it('requires all five fields and a valid email, and sends nothing', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AddUserDialog show onClose={() => {}} onSubmit={onSubmit} />);
    expect(screen.getByRole('heading', { name: 'Add New User' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Select Role' })).toHaveValue('');
    expect(screen.getByRole('option', { name: 'User' })).toHaveValue('USER');
    expect(screen.getByRole('option', { name: 'Admin' })).toHaveValue('ADMIN');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    for (const msg of ['Please select a role.', 'Name is required.', 'Mobile is required.', 'Email is required.', 'Password is required.'])
      expect(screen.getByText(msg)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the five fields and closes on submit', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    render(<AddUserDialog show onClose={onClose} onSubmit={onSubmit} />);
    await user.selectOptions(screen.getByLabelText('Role'), 'ADMIN');
    await user.type(screen.getByLabelText('Name'), ' Asha ');
    await user.type(screen.getByLabelText('Mobile'), '+91 98765');
    await user.type(screen.getByLabelText('Email'), 'asha@x');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret@123');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), '.test');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledWith({ role: 'ADMIN', name: 'Asha', mobile: '+91 98765', email: 'asha@x.test', password: 'Secret@123' });
    expect(onClose).toHaveBeenCalled();
  });

  it('has a Cancel button beside Add that closes without sending', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    render(<AddUserDialog show onClose={onClose} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('Update User dialog', () => {
  const existing = {
    id: 'u1', name: 'Ravi', mobile: '999', email: 'ravi@x.test', role: 'USER' as const, referralCode: '',
    isApproved: false, status: 'ACTIVE' as const, stockBalance: 0, createdAt: '', kycStatus: 'NONE' as const, twoFactorLocked: false,
  };

  it('sends the id and only the changed fields', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<UpdateUserDialog show user={existing} onClose={() => {}} onSubmit={onSubmit} />);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Ravi K');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(onSubmit).toHaveBeenCalledWith({ id: 'u1', name: 'Ravi K' });
  });

  it('requires every field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<UpdateUserDialog show user={existing} onClose={() => {}} onSubmit={onSubmit} />);
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for the admin\'s own password (and code) before an email change', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<UpdateUserDialog show user={existing} askCode onClose={() => {}} onSubmit={onSubmit} />);
    expect(screen.queryByLabelText('Your current password')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'mine@x.test');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText('Please enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('Please enter the code from your authenticator app.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Your current password'), 'Secret#123');
    await user.type(screen.getByLabelText('Your two-factor code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(onSubmit).toHaveBeenCalledWith({ id: 'u1', email: 'mine@x.test', currentPassword: 'Secret#123', code: '123456' });
  });

  it('shows the server\'s refusal beside the field it is about', async () => {
    const user = userEvent.setup();
    const failure = {
      isAxiosError: true,
      response: {
        status: 422,
        data: { status: false, message: 'Current password is incorrect.', data: null, errors: [{ field: 'currentPassword', message: 'Current password is incorrect.' }] },
      },
    };
    const { rerender } = render(<UpdateUserDialog show user={existing} onClose={() => {}} onSubmit={() => {}} />);
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'mine@x.test');
    rerender(<UpdateUserDialog show user={existing} failure={failure} onClose={() => {}} onSubmit={() => {}} />);
    expect(await screen.findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Your current password')).toHaveAttribute('aria-invalid', 'true');
    // The refused field takes the focus (issue 28 item 12).
    expect(screen.getByLabelText('Your current password')).toHaveFocus();
  });

  it('puts a refused mobile beside the mobile field, named by the answer rather than its wording (issue 29 item 5)', () => {
    const failure = {
      isAxiosError: true,
      response: { status: 422, data: { status: false, message: 'Odd words.', data: null, errors: [{ field: 'mobile', message: 'Odd words.' }] } },
    };
    render(<UpdateUserDialog show user={existing} failure={failure} onClose={() => {}} onSubmit={() => {}} />);
    expect(screen.getByLabelText('Mobile')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Odd words.')).toBeInTheDocument();
  });

  it('has no role in the name and mobile form; the role is its own dialog', () => {
    render(<UpdateUserDialog show user={existing} onClose={() => {}} onSubmit={() => {}} />);
    expect(screen.queryByLabelText('Role')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(validateUser({ role: '', name: 'a', mobile: '1', email: 'a@b.co', password: '' }, 'update')).toEqual({});
  });
});

describe('Change Role dialog', () => {
  const buyer = {
    id: 'u1', name: 'Ravi', mobile: '999', email: 'ravi@x.test', role: 'USER' as const, referralCode: '',
    isApproved: true, status: 'ACTIVE' as const, stockBalance: 0, createdAt: '', kycStatus: 'NONE' as const, twoFactorLocked: false,
  };

  it('says what the new role can do and sends only { id, role }', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ChangeRoleDialog show user={buyer} onClose={() => {}} onSubmit={onSubmit} />);
    expect(screen.getByRole('radio', { name: 'Buyer' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Admin' }));
    expect(screen.getByRole('status')).toHaveTextContent(/can approve purchases/);
    await user.click(screen.getByRole('button', { name: 'Change Role' }));
    expect(onSubmit).toHaveBeenCalledWith({ id: 'u1', role: 'ADMIN' });
  });

  it('sends nothing when the role is unchanged', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    render(<ChangeRoleDialog show user={buyer} onClose={onClose} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Change Role' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });
});

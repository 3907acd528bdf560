import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FormInput } from './FormInput';

describe('FormInput', () => {
  it('wires the label to the input', () => {
    render(<FormInput label="Email" type="email" name="email" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('name', 'email');
  });

  it('renders without a label', () => {
    render(<FormInput placeholder="Search" />);
    expect(screen.getByPlaceholderText('Search')).toBeInTheDocument();
    expect(document.querySelector('label')).toBeNull();
  });

  it('password toggle shows and hides the password', async () => {
    const user = userEvent.setup();
    render(<FormInput label="Password" type="password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('non-password fields have no toggle', () => {
    render(<FormInput label="Name" />);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows an error and marks the field invalid', () => {
    render(<FormInput label="Email" error="Email is required." />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveClass('is-invalid');
    expect(input).toHaveAccessibleDescription('Email is required.');
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoginCard, LoginForm, validateLogin } from './Login';

describe('LoginForm', () => {
  it('requires a valid email and a password before calling onLogin, then sends the trimmed email', async () => {
    const user = userEvent.setup();
    const onLogin = vi.fn();
    render(
      <LoginCard heading="Admin Login">
        <LoginForm label="Admin login form" emailPlaceholder="Enter Registered Email Id" emailAutoComplete="username" pending={false} submit="Login" onLogin={onLogin} />
      </LoginCard>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Enter Registered Email Id'), ' admin@demo.test ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(onLogin).toHaveBeenCalledWith('admin@demo.test', 'secret');
  });

  it('shows the busy label while pending', () => {
    render(<LoginForm label="Log in form" emailPlaceholder="" emailAutoComplete="email" pending submit="Log in" busy="Logging in..." onLogin={() => {}} />);
    expect(screen.getByText('Logging in...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  });

  it('rejects a malformed email', () => {
    expect(validateLogin('nope', 'x')).toEqual({ email: 'Enter a valid email address.' });
  });
});

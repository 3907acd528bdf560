import { render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UnauthorizedHandler, useErrorToast } from './errorToast';

function Failing({ error }: { error: unknown }) {
  useErrorToast(error, 'Failed to fetch users');
  return null;
}

const httpError = (status: number, message?: string) => ({
  isAxiosError: true,
  response: { status, data: message ? { status: false, message, data: null } : '' },
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('useErrorToast', () => {
  it("toasts the server's message, else the fallback", async () => {
    render(
      <>
        <Failing error={httpError(422, 'Name is required.')} />
        <Failing error={httpError(500)} />
        <ToastContainer />
      </>,
    );
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
  });

  it('shows one toast for many 423s (a suspended sale), not one per call', async () => {
    const msg = 'This sale is temporarily unavailable.';
    render(
      <>
        <ToastContainer />
        <Failing error={httpError(423, msg)} />
        <Failing error={httpError(423, msg)} />
        <Failing error={httpError(423, msg)} />
      </>,
    );
    expect(await screen.findByText(msg)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText(msg)).toHaveLength(1);
  });

  it("shows one toast for an unenrolled admin's many 403s (two-factor required), and other 403s each", async () => {
    const msg = 'Your company requires two-factor sign-in. Set it up to continue.';
    render(
      <>
        <ToastContainer />
        <Failing error={httpError(403, msg)} />
        <Failing error={httpError(403, msg)} />
        <Failing error={httpError(403, 'You cannot do that.')} />
        <Failing error={httpError(403, 'You cannot do that.')} />
      </>,
    );
    expect(await screen.findByText(msg)).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText(msg)).toHaveLength(1);
    expect(screen.getAllByText('You cannot do that.')).toHaveLength(2);
  });

  it('a 401 under an UnauthorizedHandler runs it; other failures do not', async () => {
    const onUnauthorized = vi.fn();
    const { rerender } = render(
      <UnauthorizedHandler onUnauthorized={onUnauthorized}>
        <Failing error={httpError(500)} />
      </UnauthorizedHandler>,
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
    rerender(
      <UnauthorizedHandler onUnauthorized={onUnauthorized}>
        <Failing error={httpError(401, 'Session expired')} />
      </UnauthorizedHandler>,
    );
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { toastSuccess } from '@prelaunch/ui';
import { useAdminMutation } from './mutation';

vi.mock('@prelaunch/ui', () => ({ toastSuccess: vi.fn(), reportError: vi.fn() }));

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe('useAdminMutation', () => {
  it('sends once for a double click while the request is in flight', async () => {
    let resolve: (v: { message: string }) => void = () => undefined;
    const fn = vi.fn(() => new Promise<{ message: string }>((r) => (resolve = r)));
    const { result } = renderHook(() => useAdminMutation(fn, 'Failed', []), { wrapper });
    act(() => {
      result.current.mutate('a');
      result.current.mutate('a');
    });
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
    await act(async () => resolve({ message: 'Approved successfully' }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    act(() => result.current.mutate('b'));
    await waitFor(() => expect(fn).toHaveBeenCalledTimes(2));
  });

  it('toasts the success message unless the answer is a quiet one', async () => {
    const fn = vi.fn((quiet: boolean) => Promise.resolve({ message: quiet ? 'Enter the code' : 'Login successful', quiet }));
    const { result } = renderHook(() => useAdminMutation(fn, 'Failed', [], { quiet: (r) => r.quiet }), { wrapper });
    vi.mocked(toastSuccess).mockClear();
    act(() => result.current.mutate(true));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(toastSuccess).not.toHaveBeenCalled();
    act(() => result.current.mutate(false));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Login successful'));
  });
});

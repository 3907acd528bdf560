import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { twoFactorGate } from './twoFactorGate';

vi.mock('../../../api', () => ({ api: {}, superApi: {} }));

const http = (status: number, message: string) => ({ isAxiosError: true, response: { status, data: { status: false, message, data: null } } });
const REQUIRED = http(403, 'Your company requires two-factor sign-in. Set it up to continue.');

describe('twoFactorGate', () => {
  it('takes an admin answered "two-factor required" to Security and fetches the profile again', () => {
    const qc = new QueryClient();
    const invalidate = vi.spyOn(qc, 'invalidateQueries');
    const navigate = vi.fn();
    twoFactorGate(() => qc, navigate, () => '/admin/usermanage')(REQUIRED);
    expect(navigate).toHaveBeenCalledWith('/admin/security');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin', 'profile'] });
  });

  it('leaves every other failure, and a page already on Security or outside the admin area, alone', () => {
    const qc = new QueryClient();
    const navigate = vi.fn();
    twoFactorGate(() => qc, navigate, () => '/admin/usermanage')(http(403, 'Forbidden.'));
    twoFactorGate(() => qc, navigate, () => '/admin/usermanage')(http(401, 'Session expired'));
    twoFactorGate(() => qc, navigate, () => '/admin/security')(REQUIRED);
    twoFactorGate(() => qc, navigate, () => '/superadmin/dashboard')(REQUIRED);
    expect(navigate).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import { canRetryCode, isTwoFactorChallenge, isTwoFactorRequired } from './trust';

const httpError = (status: number, message: string) => ({
  isAxiosError: true,
  response: { status, data: { status: false, message, data: null } },
});

describe('two-factor answers', () => {
  it('tells the second step’s challenge from a token', () => {
    expect(isTwoFactorChallenge({ twoFactorRequired: true, challenge: 'c1' })).toBe(true);
    expect(isTwoFactorChallenge({ token: 't1' })).toBe(false);
  });

  it('lets a wrong code, a missing one or a rate limit be tried again, and sends anything else back to the password', () => {
    expect(canRetryCode(httpError(401, 'The code is not valid. Please try again.'))).toBe(true);
    expect(canRetryCode(httpError(422, 'Please enter the code.'))).toBe(true);
    expect(canRetryCode(httpError(429, 'Too many attempts.'))).toBe(true);
    expect(canRetryCode(httpError(401, 'Your sign-in has expired. Please log in again.'))).toBe(false);
    expect(canRetryCode(httpError(403, 'This company is suspended. Please contact support.'))).toBe(false);
    expect(canRetryCode(new Error('Network Error'))).toBe(false);
  });

  it('knows the 403 of an admin who must turn two-factor on from any other 403', () => {
    expect(isTwoFactorRequired(httpError(403, 'Your company requires two-factor sign-in. Set it up to continue.'))).toBe(true);
    expect(isTwoFactorRequired(httpError(403, 'Forbidden.'))).toBe(false);
    expect(isTwoFactorRequired(httpError(401, 'Your company requires two-factor sign-in. Set it up to continue.'))).toBe(false);
  });
});

import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { errorMessage, fieldErrors, FALLBACK, unclaimedMessages, unwrap } from './errors';

function axiosErrorWith(data: unknown, status = 422): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, null, {
    data,
    status,
    statusText: '',
    headers: {},
    config,
  });
}

describe('errorMessage', () => {
  it('returns each message of an array as its own entry', () => {
    const err = axiosErrorWith({ status: false, message: ['Name is required.', 'Email is invalid.'], data: null });
    expect(errorMessage(err, FALLBACK.updateProfile)).toEqual(['Name is required.', 'Email is invalid.']);
  });

  it('returns the server message when it is a string', () => {
    const err = axiosErrorWith({ status: false, message: 'Invalid credentials', data: null }, 401);
    expect(errorMessage(err, FALLBACK.login)).toEqual(['Invalid credentials']);
  });

  it('falls back when the response has no message', () => {
    expect(errorMessage(axiosErrorWith(undefined, 500), FALLBACK.login)).toEqual(['Failed to login a user']);
    expect(errorMessage(axiosErrorWith({ status: false, message: '' }), FALLBACK.sendOtp)).toEqual(['Failed to send OTP']);
  });

  it('falls back on network errors and non-axios errors', () => {
    const network = new AxiosError('Network Error', 'ERR_NETWORK');
    expect(errorMessage(network, FALLBACK.login)).toEqual(['Failed to login a user']);
    expect(errorMessage(new Error('boom'), FALLBACK.register)).toEqual(['Failed to register a user']);
    expect(errorMessage(undefined, FALLBACK.register)).toEqual(['Failed to register a user']);
  });

  it('reads a status-false envelope thrown by unwrap', () => {
    let thrown: unknown;
    try {
      unwrap({ status: false, message: 'Company not found', data: null });
    } catch (e) {
      thrown = e;
    }
    expect(errorMessage(thrown, FALLBACK.login)).toEqual(['Company not found']);
  });
});

describe('FALLBACK', () => {
  it('keeps the wording verbatim', () => {
    expect(FALLBACK.updatePassword).toBe('Failed to updated password');
    expect(FALLBACK.sendPasswordOtp).toBe('Failed to send otp');
    expect(FALLBACK.createPurchaseOrder).toBe('Failed to create purchase order.');
  });
});

describe('httpStatus', () => {
  it('reads the status of a failed call and nothing else', async () => {
    const { httpStatus } = await import('./errors');
    expect(httpStatus(axiosErrorWith({ message: 'expired' }, 401))).toBe(401);
    expect(httpStatus({ status: false, message: 'x', data: null })).toBeUndefined();
    expect(httpStatus(new Error('x'))).toBeUndefined();
  });
});

describe('fieldErrors (issue 29 item 5)', () => {
  const refusal = axiosErrorWith({
    status: false,
    message: ['Total supply is required.', 'Round 1: price must be greater than 0.', 'Round 1: price can have at most 4 decimals.', 'Round positions must be distinct.'],
    data: null,
    errors: [
      { field: 'supply.totalSupply', message: 'Total supply is required.' },
      { field: 'rounds[0].price', message: 'Round 1: price must be greater than 0.' },
      { field: 'rounds[0].price', message: 'Round 1: price can have at most 4 decimals.' },
    ],
  });

  it('maps each field of a 422 to its message, several in one line', () => {
    expect(fieldErrors(refusal)).toEqual({
      'supply.totalSupply': 'Total supply is required.',
      'rounds[0].price': 'Round 1: price must be greater than 0. Round 1: price can have at most 4 decimals.',
    });
  });

  it('renames the fields onto the form', () => {
    expect(Object.keys(fieldErrors(refusal, (f) => f.replace(/\[(\d+)\]/g, '.$1')))).toEqual(['supply.totalSupply', 'rounds.0.price']);
  });

  it('is empty for answers without errors and for other failures', () => {
    expect(fieldErrors(axiosErrorWith({ status: false, message: 'Not for this site.', data: null, errors: [] }))).toEqual({});
    expect(fieldErrors(axiosErrorWith({ status: false, message: 'Conflict', data: null }, 409))).toEqual({});
    expect(fieldErrors(new Error('network'))).toEqual({});
    expect(fieldErrors(axiosErrorWith({ errors: [{ field: 1, message: 'x' }, null, { field: '', message: 'y' }] }))).toEqual({});
  });

  it('leaves to the toast only the sentences no field shows', () => {
    expect(unclaimedMessages(refusal, 'fallback')).toEqual(['Round positions must be distinct.']);
    expect(unclaimedMessages(refusal, 'fallback', (f) => f.startsWith('supply.'))).toEqual([
      'Round 1: price must be greater than 0.',
      'Round 1: price can have at most 4 decimals.',
      'Round positions must be distinct.',
    ]);
    const one = axiosErrorWith({ status: false, message: 'Please enter a valid amount.', data: null, errors: [{ field: 'amount', message: 'Please enter a valid amount.' }] });
    expect(unclaimedMessages(one, 'fallback')).toEqual([]);
    expect(unclaimedMessages(axiosErrorWith({ status: false, message: 'Sold out.', data: null }, 409), 'fallback')).toEqual(['Sold out.']);
  });
});

import { describe, expect, it } from 'vitest';
import { actionLabel, roleLabel, targetText } from './actions';

describe('activity labels', () => {
  it('says each known action in words, and makes words of an unknown one', () => {
    expect(actionLabel('purchase.approve')).toBe('Approved a purchase');
    expect(actionLabel('admin.2fa.enable')).toBe('Turned two-factor sign-in on');
    expect(actionLabel('kyc.resubmit_later')).toBe('Kyc resubmit later');
    expect(actionLabel('')).toBe('');
  });

  it('names the target by what the record carries, else by its short id', () => {
    const id = '7f1c2d3e-0000-4000-8000-000000000001';
    expect(targetText({ target: { type: 'purchase', id }, before: { status: 'PENDING' }, after: { status: 'APPROVED', orderNumber: 'PUR-0042' } })).toEqual({
      kind: 'Purchase',
      name: 'PUR-0042',
    });
    // A deletion has only the before.
    expect(targetText({ target: { type: 'user', id }, before: { name: 'Asha', email: 'a@x.test' }, after: null })).toEqual({ kind: 'User', name: 'Asha' });
    expect(targetText({ target: { type: 'token', id }, before: null, after: { price: 10 } })).toEqual({ kind: 'Token', name: '7f1c2d3e…' });
    expect(targetText({ target: { type: 'new_thing', id: 'x1' }, before: null, after: null })).toEqual({ kind: 'New thing', name: 'x1' });
  });

  it('says roles in words', () => {
    expect(roleLabel('SUPERADMIN')).toBe('Super admin');
    expect(roleLabel('OTHER')).toBe('OTHER');
  });
});

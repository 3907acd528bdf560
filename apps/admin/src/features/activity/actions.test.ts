import { describe, expect, it } from 'vitest';
import { actionLabel, fieldLabel, recordActionLabel, roleLabel, targetText } from './actions';

describe('activity labels', () => {
  it('says each known action in words, and makes words of an unknown one', () => {
    expect(actionLabel('purchase.approve')).toBe('Approved a purchase');
    expect(actionLabel('admin.2fa.enable')).toBe('Turned two-factor sign-in on');
    expect(actionLabel('kyc.resubmit_later')).toBe('Kyc resubmit later');
    expect(actionLabel('')).toBe('');
  });

  it('names the target by the name the server gives it, never by its internal id', () => {
    const id = '7f1c2d3e-0000-4000-8000-000000000001';
    // The server's name and detail: the order number and its buyer.
    expect(
      targetText({ target: { type: 'purchase', id, name: 'PUR-0042', detail: 'Ravi Kumar · ravi@x.test' }, before: { status: 'PENDING' }, after: { status: 'APPROVED' } }),
    ).toEqual({ kind: 'Purchase', name: 'PUR-0042', detail: 'Ravi Kumar · ravi@x.test' });
    expect(targetText({ target: { type: 'user', id, name: 'Asha Rao', detail: 'asha@x.test' }, before: null, after: { status: 'BLOCKED' } })).toEqual({
      kind: 'User',
      name: 'Asha Rao',
      detail: 'asha@x.test',
    });
    // Gone from the database: what the record carries, else words, not an id.
    expect(targetText({ target: { type: 'user', id, name: '', detail: '' }, before: { name: 'Asha', email: 'a@x.test' }, after: null })).toEqual({
      kind: 'User',
      name: 'Asha',
      detail: 'a@x.test',
    });
    const gone = targetText({ target: { type: 'token', id, name: '', detail: '' }, before: null, after: { price: 10 } });
    expect(gone.name).toBe('(no longer exists)');
    expect(gone.name).not.toContain('7f1c2d3e');
    expect(targetText({ target: { type: 'new_thing', id: 'x1', name: '', detail: '' }, before: null, after: null }).kind).toBe('New thing');
  });

  it('says specifically what was done: suspensions, reactivations, payout details', () => {
    expect(recordActionLabel({ action: 'company.update', before: { status: 'ACTIVE' }, after: { status: 'SUSPENDED' } })).toBe('Suspended a company');
    expect(recordActionLabel({ action: 'company.update', before: { status: 'SUSPENDED' }, after: { status: 'ACTIVE' } })).toBe('Reactivated a company');
    expect(recordActionLabel({ action: 'company.update', before: { companyName: 'A' }, after: { companyName: 'B' } })).toBe('Updated a company');
    expect(recordActionLabel({ action: 'company.suspend', before: null, after: null })).toBe('Suspended a company');
    expect(recordActionLabel({ action: 'beneficiary.update', before: null, after: null })).toBe('Changed payout details');
    expect(recordActionLabel({ action: 'user.update', before: { status: 'ACTIVE' }, after: { status: 'BLOCKED' } })).toBe('Blocked a user');
  });

  it('says recorded fields in words', () => {
    expect(fieldLabel('isApproved')).toBe('Verified');
    expect(fieldLabel('ifscCode')).toBe('IFSC');
    expect(fieldLabel('platformChargePercent')).toBe('Fee (%)');
    expect(fieldLabel('kycRequiredAbove')).toBe('Kyc required above');
    expect(fieldLabel('decided_by')).toBe('Decided by');
  });

  it('says roles in words', () => {
    expect(roleLabel('SUPERADMIN')).toBe('Super admin');
    expect(roleLabel('OTHER')).toBe('OTHER');
  });
});

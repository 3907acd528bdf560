import { describe, expect, it } from 'vitest';
import {
  availableTabs,
  defaultTab,
  displayAmount,
  displayTransactionId,
  formatCountdown,
  platformFee,
  secondsLeft,
  tokenQuantity,
  totalWithFee,
  upiLink,
  upiPayee,
} from './calc';

describe('derived numbers', () => {
  it('token quantity is the floor of amount / price', () => {
    expect(tokenQuantity(100, 10)).toBe(10);
    expect(tokenQuantity(105.5, 10)).toBe(10);
    expect(tokenQuantity(9.99, 10)).toBe(0);
    expect(tokenQuantity('0.3', '0.1')).toBe(3);
    expect(tokenQuantity(100, 0)).toBe(0);
    expect(tokenQuantity('', 10)).toBe(0);
    expect(tokenQuantity(100, undefined)).toBe(0);
  });

  it('fee and total are to 2 decimals', () => {
    expect(platformFee(100, 2)).toBe(2);
    expect(platformFee(333.33, 2)).toBe(6.67);
    expect(platformFee(100, undefined)).toBe(0);
    expect(totalWithFee(100, 2)).toBe(102);
    expect(totalWithFee(1.005, 0)).toBe(1.01);
    expect(totalWithFee(333.33, 2)).toBe(340);
    expect(totalWithFee(10, null)).toBe(10);
  });

  it('transaction id falls back referenceNumber → transactionId → first 16 chars of id', () => {
    const id = '0123456789abcdef0123';
    expect(displayTransactionId({ id, referenceNumber: 'UTR1', transactionId: 'T1' })).toBe('UTR1');
    expect(displayTransactionId({ id, referenceNumber: '', transactionId: 'T1' })).toBe('T1');
    expect(displayTransactionId({ id, referenceNumber: null, transactionId: null })).toBe('0123456789abcdef');
  });

  it('amount falls back finalAmount → amount → 0', () => {
    expect(displayAmount({ finalAmount: 102, amount: 100 })).toBe(102);
    expect(displayAmount({ finalAmount: 0, amount: 100 })).toBe(0);
    expect(displayAmount({ finalAmount: null, amount: 100 })).toBe(100);
    expect(displayAmount({ finalAmount: null, amount: null })).toBe(0);
    expect(displayAmount({})).toBe(0);
  });
});

describe('payment page', () => {
  it('counts down from expiresAt and shows expired! at zero', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(secondsLeft('2026-01-01T00:15:00Z', now)).toBe(900);
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(61)).toBe('01:01');
    expect(secondsLeft('2025-12-31T00:00:00Z', now)).toBe(0);
    expect(formatCountdown(0)).toBe('expired!');
  });

  it('builds the UPI link', () => {
    expect(upiLink('acw@upi', 102, 'PUR-123456', 'ACW')).toBe(
      'upi://pay?pa=acw%40upi&pn=ACW&am=102.00&cu=INR&tn=OrderPUR-123456',
    );
    expect(upiLink('acw@upi', 102, 'PUR-123456', '')).toBe('upi://pay?pa=acw%40upi&am=102.00&cu=INR&tn=OrderPUR-123456');
  });

  it("names the company's beneficiary as the UPI payee, never a platform-wide name", () => {
    expect(upiPayee({ holderName: ' Review Labs Pvt Ltd ', banks: [] }, 'Review')).toBe('Review Labs Pvt Ltd');
    expect(upiPayee({ holderName: '', banks: [{ holderName: 'Acme Tokens LLP' }] }, 'Acme')).toBe('Acme Tokens LLP');
    expect(upiPayee({ holderName: '', banks: [] }, 'Gamma Ltd')).toBe('Gamma Ltd');
    expect(upiPayee(undefined)).toBe('');
  });

  it('picks tabs and defaults', () => {
    expect(availableTabs(true, true)).toEqual(['BANK', 'UPI', 'MANUAL']);
    expect(defaultTab(true, true)).toBe('BANK');
    expect(defaultTab(false, true)).toBe('UPI');
    expect(defaultTab(false, false)).toBe('MANUAL');
    expect(availableTabs(true, false)).toEqual(['BANK', 'MANUAL']);
  });
});

import { describe, expect, it } from 'vitest';
import { closedReason, limitProblem, remainingForBuyer, secondsUntil } from './sale';

const limits = { minOrder: 100, maxOrder: 50_000, maxPerBuyer: 60_000, boughtSoFar: 25_000.5 };

describe('the sale on Buy Token', () => {
  it('says why no order can be placed unless the sale is open', () => {
    expect(closedReason('OPEN')).toBeNull();
    expect(closedReason(undefined)).toBeNull();
    expect(closedReason('PAUSED')).toBe('The sale is paused. Orders cannot be placed until it resumes.');
    expect(closedReason('SCHEDULED')).toBe('The sale has not opened yet.');
    expect(closedReason('CLOSED')).toBe('The sale has closed.');
    expect(closedReason('SOLD_OUT')).toBe('All tokens of this sale are sold.');
  });

  it('works out what remains for the buyer, never below zero', () => {
    expect(remainingForBuyer(limits)).toBe(34_999.5);
    expect(remainingForBuyer({ ...limits, boughtSoFar: 70_000 })).toBe(0);
    expect(remainingForBuyer({ ...limits, maxPerBuyer: null })).toBeNull();
    expect(remainingForBuyer(undefined)).toBeNull();
  });

  it('words a refused amount as the server does, on the amount charged', () => {
    expect(limitProblem(99.99, limits)).toBe('The minimum order is ₹100.00.');
    expect(limitProblem(100, limits)).toBeNull();
    expect(limitProblem(50_000.01, limits)).toBe('The maximum order is ₹50,000.00.');
    expect(limitProblem(35_000, limits)).toBe('You can buy at most ₹60,000.00 in this sale; ₹34,999.50 remains for you.');
    expect(limitProblem(34_999.5, limits)).toBeNull();
    expect(limitProblem(0, limits)).toBeNull();
    expect(limitProblem(1e9, { minOrder: null, maxOrder: null, maxPerBuyer: null, boughtSoFar: 0 })).toBeNull();
  });

  it('counts whole seconds to an instant, zero once it has passed', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(secondsUntil('2026-11-23T10:00:01.200Z', now)).toBe(2);
    expect(secondsUntil('2026-11-23T09:00:00Z', now)).toBe(0);
    expect(secondsUntil(null, now)).toBe(0);
  });
});
